/**
 * Search params are plain strings with URLSearchParams semantics (`?functionId=1201&orgType=dept`),
 * not TanStack's default JSON values, so the URLs are the spec's and every value reads back as a string.
 */
export type SearchParams = Record<string, string>;

export function parseSearch(searchStr: string): SearchParams {
  const out: SearchParams = {};
  for (const [k, v] of new URLSearchParams(searchStr.startsWith("?") ? searchStr.slice(1) : searchStr)) out[k] = v;
  return out;
}

/** Empty values are dropped, so a cleared filter leaves the URL. Non-strings are written as text. */
export function stringifySearch(search: Record<string, unknown>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(search)) {
    if (v === undefined || v === null || v === "") continue;
    q.append(k, typeof v === "object" ? JSON.stringify(v) : String(v));
  }
  const s = q.toString();
  return s ? `?${s}` : "";
}

/** The screen's parameters: every search param except the function id. */
export function screenParams(search: SearchParams): SearchParams {
  const { functionId: _functionId, ...rest } = search;
  return rest;
}
