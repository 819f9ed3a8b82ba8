import { describe, expect, it } from "vitest";
import { conditional, REFUSED } from "../src/kernel/tx.ts";
import { DomainError } from "../src/kernel/errors.ts";

/** `conditional`: the one way a single conditional write's refusal is told from a failure (issue 40). */
const refused = () => Promise.reject(Object.assign(new Error("The conditional request failed"), { name: "ConditionalCheckFailedException" }));
/** How ElectroDB wraps the SDK's error: the refusal is the cause. */
const wrapped = () => Promise.reject(Object.assign(new Error("Error thrown by DynamoDB client"), { cause: { name: "ConditionalCheckFailedException" } }));
const broken = () => Promise.reject(Object.assign(new Error("Throughput exceeds the current capacity"), { name: "ProvisionedThroughputExceededException" }));

describe("conditional", () => {
  it("answers what the write answered when it was written", async () => {
    expect(await conditional(Promise.resolve({ data: { n: 3 } }))).toEqual({ data: { n: 3 } });
  });

  it("answers REFUSED for a refused condition, bare or wrapped, and throws the given refusal instead when there is one", async () => {
    expect(await conditional(refused())).toBe(REFUSED);
    expect(await conditional(wrapped())).toBe(REFUSED);
    await expect(conditional(wrapped(), new DomainError("数据已被修改", "409"))).rejects.toMatchObject({ desc: "数据已被修改", code: "409" });
  });

  it("throws any other failure as it came, refusal given or not", async () => {
    await expect(conditional(broken())).rejects.toMatchObject({ name: "ProvisionedThroughputExceededException" });
    await expect(conditional(broken(), new DomainError("x", "409"))).rejects.toMatchObject({ name: "ProvisionedThroughputExceededException" });
  });
});
