import { performance } from "node:perf_hooks";
import { summarize, type Summary } from "./stats.ts";

/** One way of doing the same work (through the gateway, the bare DynamoDB call…). */
export type Variant = () => Promise<unknown>;
export type Plan = { warmup: number; iterations: number };

/** One call's time in ms. */
export async function timed(fn: Variant): Promise<number> {
  const t = performance.now();
  await fn();
  return performance.now() - t;
}

/**
 * Runs each variant `warmup` times unmeasured (JIT, connection pools, caches), then `iterations`
 * times measured, one call at a time. The variants take turns call by call, so a slow phase of
 * the machine (GC, DynamoDB Local compaction, another process) falls on all of them alike and
 * their ratio stays fair.
 */
export async function compare<K extends string>(variants: Record<K, Variant>, plan: Plan): Promise<Record<K, Summary>> {
  const names = Object.keys(variants) as K[];
  for (let i = 0; i < plan.warmup; i++) for (const k of names) await variants[k]();
  const samples = Object.fromEntries(names.map((k) => [k, [] as number[]])) as Record<K, number[]>;
  for (let i = 0; i < plan.iterations; i++) {
    // Rotate who goes first, so no variant always runs right after another one's work.
    for (let j = 0; j < names.length; j++) {
      const k = names[(i + j) % names.length];
      samples[k].push(await timed(variants[k]));
    }
  }
  return Object.fromEntries(names.map((k) => [k, summarize(samples[k])])) as Record<K, Summary>;
}

/** Runs `count` tasks with at most `parallel` in flight (bulk seeding). */
export async function pool(count: number, parallel: number, task: (i: number) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < count) await task(next++);
  };
  await Promise.all(Array.from({ length: Math.min(parallel, count) }, worker));
}
