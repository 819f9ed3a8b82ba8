import { describe, expect, it } from "vitest";
import { KeptReads } from "../src/kernel/keptReads.ts";

/** kernel/keptReads.ts: the reads a container keeps a while (roles, menu, functions, a lottery's setup). */
describe("KeptReads", () => {
  const clock = () => {
    let t = 1_000;
    return { now: () => t, pass: (ms: number) => void (t += ms) };
  };
  const counted = () => {
    let reads = 0;
    return { read: async () => ++reads, count: () => reads };
  };

  it("shares a read in flight and its answer while fresh, then reads again", async () => {
    const c = clock();
    const r = counted();
    const kept = new KeptReads<number>(30_000, 10, c.now);
    const [a, b] = await Promise.all([kept.get("t1", r.read), kept.get("t1", r.read)]);
    expect([a, b, r.count()]).toEqual([1, 1, 1]);
    c.pass(29_999);
    expect(await kept.get("t1", r.read)).toBe(1);
    c.pass(1);
    expect(kept.peek("t1")).toBeUndefined();
    expect(await kept.get("t1", r.read)).toBe(2);
  });

  it("drops a failed read, so the next caller reads again", async () => {
    const kept = new KeptReads<number>(30_000);
    await expect(kept.get("t1", () => Promise.reject(new Error("down")))).rejects.toThrow("down");
    expect(await kept.get("t1", async () => 7)).toBe(7);
  });

  it("forgets a key, or every key a test picks, and clears itself when full", async () => {
    const r = counted();
    const kept = new KeptReads<number>(30_000, 3);
    await kept.get("t1\u00001", r.read);
    await kept.get("t1\u00002", r.read);
    await kept.get("t2\u00001", r.read);
    kept.forgetWhere((k) => k.startsWith("t1\u0000"));
    expect([kept.peek("t1\u00001"), kept.peek("t1\u00002")]).toEqual([undefined, undefined]);
    expect(kept.peek("t2\u00001")).toBeDefined();
    kept.forget("t2\u00001");
    expect(kept.peek("t2\u00001")).toBeUndefined();
    for (const k of ["a", "b", "c"]) await kept.get(k, r.read);
    await kept.get("d", r.read);
    expect(["a", "b", "c", "d"].map((k) => kept.peek(k) !== undefined)).toEqual([false, false, false, true]);
  });
});
