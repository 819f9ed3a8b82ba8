import { describe, expect, it } from "vitest";
import { idBlocks } from "../src/kernel/idBlocks.ts";
import { nextId } from "../src/kernel/counters.ts";

/** Ids reserved in blocks per container: unique across containers under a crowd, one at a time when quiet. */
const tenantId = `ids${Date.now().toString(36)}`;

describe("idBlocks", () => {
  it("gives 200 concurrent takes in two containers 200 distinct ids, all reserved from the counter", async () => {
    const a = idBlocks("crowd", 20);
    const b = idBlocks("crowd", 20);
    const before = await nextId(tenantId, "crowd");
    const ids = await Promise.all(Array.from({ length: 200 }, (_, i) => (i % 2 ? a : b)(tenantId)));
    expect(new Set(ids).size).toBe(200);
    const after = await nextId(tenantId, "crowd");
    // Every id came from the counter's reservations between the two reads.
    expect(Math.min(...ids)).toBeGreaterThan(before);
    expect(Math.max(...ids)).toBeLessThan(after);
  });

  it("takes one id at a time when quiet, and a lapsed block's ids are skipped, never reused", async () => {
    const take = idBlocks("quiet", 20, 50);
    const first = await take(tenantId);
    const second = await take(tenantId);
    expect(second).toBe(first + 1);
    await new Promise((r) => setTimeout(r, 80));
    const third = await take(tenantId);
    expect(third).toBeGreaterThan(second);
  });
});
