/** Latency figures of one series of samples, in milliseconds. */
export type Summary = { n: number; p50: number; p95: number; p99: number; mean: number; min: number; max: number };

/** Nearest-rank percentile of sorted samples (p in 0..100): a value that was actually observed. */
function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1];
}

/** The middle value actually observed (the lower of the two middle ones for an even count): summarize's p50. */
export const median = (xs: number[]): number =>
  percentile(
    [...xs].sort((a, b) => a - b),
    50,
  );

export function summarize(samples: number[]): Summary {
  const sorted = [...samples].sort((a, b) => a - b);
  const sum = sorted.reduce((s, x) => s + x, 0);
  return {
    n: sorted.length,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    mean: sorted.length ? sum / sorted.length : NaN,
    min: sorted[0] ?? NaN,
    max: sorted[sorted.length - 1] ?? NaN,
  };
}

/** Milliseconds shown with the precision that matters at their size. */
export const ms = (x: number): string => (Number.isNaN(x) ? "–" : x < 10 ? x.toFixed(2) : x < 100 ? x.toFixed(1) : x.toFixed(0));

export const ratio = (a: number, b: number): number => (b > 0 ? a / b : NaN);
export const times = (x: number): string => (Number.isNaN(x) ? "–" : `${x.toFixed(2)}×`);

/** Sizes in kB of 1,000 bytes, as Vite and esbuild print them. */
export const kB = (bytes: number): string => `${(bytes / 1000).toFixed(1)} kB`;

/** "1 job", "3 jobs". */
export const count = (n: number, noun: string): string => `${n.toLocaleString("en")} ${noun}${n === 1 ? "" : "s"}`;
