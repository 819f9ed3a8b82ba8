/** A JSON text kept on an item; blank or unreadable gives the fallback (an item never fails to show). */
export function readJson<T>(s: string | undefined, fallback: T): T {
  if (!s) return fallback;
  try {
    return JSON.parse(s) as T;
  } catch {
    return fallback;
  }
}
