import type { Stack } from "./stack.ts";

/** A figure with a target: the section lists them and the run prints the ones missed. */
export type Check = { what: string; target: string; actual: string; pass: boolean };

/** What an area's bench hands back: its dataset in words, its tables in markdown, its checks. */
export type Section = { dataset: string; body: string; checks: Check[] };

type BenchContext = {
  /** Smoke size: small seed, few iterations; nothing is written to docs/performance.md. */
  quick: boolean;
  /** The parts named on the command line (`scale:orders,oplog`); empty: all of them. */
  parts: string[];
  /** Present when the area asked for the running product. */
  stack: Stack | null;
  log: (s: string) => void;
};

/** One area's bench (packages/local/src/bench/<area>.ts): seeds what it needs, runs its scenarios. */
export type BenchArea = { title: string; run: (ctx: BenchContext) => Promise<Section> };

/**
 * An entry of the registry in run.ts. Loaded lazily because an area's code imports core, and core
 * builds its AWS clients when first imported, which must come after the stack set the environment.
 */
export type AreaEntry = {
  name: string;
  stack: boolean;
  load: () => Promise<{ area: BenchArea }>;
  /** Left out of a run that names no area (it takes hours): run it by name. */
  alone?: boolean;
};
