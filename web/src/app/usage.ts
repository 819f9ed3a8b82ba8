/**
 * The homepage's shortcuts: how often this user opened each screen, kept in this browser only
 * (localStorage, one record per tenant and user). Entries are function ids; titles and links come
 * from the current menu, so a screen the user may no longer open drops out by itself.
 */
type Counts = Record<string, { n: number; at: number }>;

const KEEP = 50;
const keyOf = (clientId: string, userId: number) => `xy.usage.${clientId}.${userId}`;

function read(key: string): Counts {
  try {
    const v = JSON.parse(localStorage.getItem(key) ?? "{}");
    return v && typeof v === "object" ? (v as Counts) : {};
  } catch {
    return {};
  }
}

export function recordOpen(clientId: string, userId: number, functionId: number, now = Date.now()): void {
  const key = keyOf(clientId, userId);
  const counts = read(key);
  const prev = counts[functionId];
  counts[functionId] = { n: (prev?.n ?? 0) + 1, at: now };
  // Keep the record small: the least used (then the oldest) go first.
  const kept = Object.entries(counts)
    .sort(([, a], [, b]) => b.n - a.n || b.at - a.at)
    .slice(0, KEEP);
  try {
    localStorage.setItem(key, JSON.stringify(Object.fromEntries(kept)));
  } catch {
    // A full or disabled storage only costs the shortcuts.
  }
}

/** Function ids by use, most used first (ties: most recent first). */
export function mostUsed(clientId: string, userId: number): { functionId: number; count: number }[] {
  return Object.entries(read(keyOf(clientId, userId)))
    .sort(([, a], [, b]) => b.n - a.n || b.at - a.at)
    .map(([id, v]) => ({ functionId: Number(id), count: v.n }));
}
