import { beforeAll, describe, expect, it } from "vitest";
import { BatchWriteCommand, type QueryCommandInput } from "@aws-sdk/lib-dynamodb";
import { dynamo } from "../src/kernel/aws.ts";
import { config } from "../src/kernel/config.ts";
import { mergedTopIds } from "../src/kernel/list.ts";

/**
 * mergedTopIds reads about `need` ids across partitions instead of `need` from each; whatever the
 * spread of ids over the partitions, it must answer exactly what a full merge answers.
 */
const pad = (n: number) => String(n).padStart(12, "0");
const parts: Record<string, number[]> = {};

/** A deterministic spread of ids 1..3000 over three partitions: uneven and clustered in places. */
function owner(id: number): string {
  if (id > 2500) return "c"; // the newest rows all in one partition
  if (id % 7 === 0) return "b";
  return id % 3 === 0 ? "c" : "a";
}

beforeAll(async () => {
  const items = Array.from({ length: 3000 }, (_, i) => i + 1).map((id) => {
    const p = owner(id);
    (parts[p] ??= []).push(id);
    return { pk: `merge#${p}`, sk: pad(id), id };
  });
  for (let i = 0; i < items.length; i += 25) {
    await dynamo().send(new BatchWriteCommand({ RequestItems: { [config.table]: items.slice(i, i + 25).map((Item) => ({ PutRequest: { Item } })) } }));
  }
}, 60_000);

const query = (p: string, order: "asc" | "desc"): QueryCommandInput => ({
  TableName: config.table,
  KeyConditionExpression: "#pk = :pk",
  ExpressionAttributeNames: { "#pk": "pk" },
  ExpressionAttributeValues: { ":pk": `merge#${p}` },
  ScanIndexForward: order === "asc",
});

const expected = (names: string[], need: number, order: "asc" | "desc") =>
  names
    .flatMap((p) => parts[p]!)
    .sort((a, b) => (order === "desc" ? b - a : a - b))
    .slice(0, need);

describe("mergedTopIds", () => {
  for (const order of ["desc", "asc"] as const) {
    for (const need of [1, 20, 500, 1000, 2999, 5000]) {
      it(`${order}, first ${need} of three partitions`, async () => {
        const names = ["a", "b", "c"];
        const got = await mergedTopIds(
          names.map((p) => ({ params: query(p, order), n: parts[p]!.length })),
          need,
          order,
        );
        expect(got).toEqual(expected(names, need, order));
      });
    }
  }

  it("is exact even when the tallies misstate the partitions' sizes", async () => {
    const names = ["a", "c"];
    const got = await mergedTopIds(
      names.map((p) => ({ params: query(p, "desc"), n: p === "a" ? 10_000 : 1 })),
      800,
      "desc",
    );
    expect(got).toEqual(expected(names, 800, "desc"));
  });

  it("reads one partition alone", async () => {
    expect(await mergedTopIds([{ params: query("b", "desc"), n: parts.b!.length }], 50, "desc")).toEqual(expected(["b"], 50, "desc"));
  });
});
