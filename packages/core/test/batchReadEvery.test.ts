import { describe, expect, it } from "vitest";
import { readEvery } from "../src/kernel/batch.ts";

/** A batch read's unprocessed keys are asked again, and never dropped in silence (kernel/batch.ts). */
describe("readEvery", () => {
  it("asks again for the keys left unprocessed until every one is read", async () => {
    const asked: number[][] = [];
    const items = await readEvery(
      async (keys: number[]) => {
        asked.push(keys);
        // DynamoDB answers part of a batch under throttling: here the first key of each call.
        return { data: keys.slice(0, 1).map((k) => ({ k })), unprocessed: keys.slice(1) };
      },
      [1, 2, 3],
    );
    expect(items).toEqual([{ k: 1 }, { k: 2 }, { k: 3 }]);
    expect(asked).toEqual([[1, 2, 3], [2, 3], [3]]);
  });

  it("throws when keys are still left after its attempts, rather than answer them as missing", async () => {
    let calls = 0;
    const read = async (keys: string[]) => {
      calls++;
      return { data: [], unprocessed: keys };
    };
    await expect(readEvery(read, ["a", "b"], 2)).rejects.toThrow("2 keys left unprocessed");
    expect(calls).toBe(2);
  });

  it("passes a failed read's error on at once", async () => {
    let calls = 0;
    const read = async () => {
      calls++;
      throw new Error("down");
    };
    await expect(readEvery(read, [1])).rejects.toThrow("down");
    expect(calls).toBe(1);
  });
});
