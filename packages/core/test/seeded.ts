/**
 * The tests' own seeded source (mulberry32): reproducible stop points and draws, never used by the
 * product (which draws with crypto.randomInt). `seeded(s)(n)` is a whole number in [0, n).
 */
export function seeded(seed: number): (n: number) => number {
  let a = seed >>> 0;
  return (n: number) => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * n);
  };
}
