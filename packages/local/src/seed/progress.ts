/** One progress line per seed stage: its counts and how long it took ("hotels: 6 …, 14 rooms (812 ms)"). */
export type Log = (s: string) => void;

export const since = (t0: number): string => `${Date.now() - t0} ms`;
