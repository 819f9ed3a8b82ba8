import { useSyncExternalStore } from "react";

/**
 * The member H5's hash routes (`/m/#/hotels`): like the console (R030) the address lives after the
 * hash, so any static host serves the one page. A few lines instead of a router library: the H5's
 * first load must stay under 80 KB of script (issue 34), and its routes are a flat list.
 */
export type Params = Record<string, string>;
export type Place = { path: string; query: URLSearchParams };

const subscribe = (changed: () => void) => {
  window.addEventListener("hashchange", changed);
  return () => window.removeEventListener("hashchange", changed);
};

function placeOf(hash: string): Place {
  const [path = "", query = ""] = hash.replace(/^#/, "").split("?", 2);
  return { path: path || "/", query: new URLSearchParams(query) };
}

/** Where the member is: re-read on every hash change. */
export function usePlace(): Place {
  return placeOf(useSyncExternalStore(subscribe, () => window.location.hash));
}

/** The parameters of `path` under `pattern` (`/hotel/:id`), or null when it does not match. */
export function match(pattern: string, path: string): Params | null {
  const want = pattern.split("/");
  const got = path.split("/");
  if (want.length !== got.length) return null;
  const params: Params = {};
  for (let i = 0; i < want.length; i++) {
    const w = want[i]!;
    if (w.startsWith(":")) {
      if (!got[i]) return null;
      params[w.slice(1)] = decodeURIComponent(got[i]!);
    } else if (w !== got[i]) return null;
  }
  return params;
}
