import { useQuery } from "@tanstack/react-query";
import { api } from "../lib/api.ts";
import type { RowOf } from "../lib/contract.ts";
import { unwrap } from "../lib/query.ts";

const MENU = "GET /gateway/api/manage/type/list";

/** One row of the menu tree (GET /gateway/api/manage/type/list): folders have an empty path. */
export type MenuNode = RowOf<typeof MENU>;

/** A screen the caller may open, with the folder it sits in. */
export type MenuEntry = MenuNode & { folder: string };

const menuQuery = {
  queryKey: ["menu"],
  queryFn: async (): Promise<MenuNode[]> => (await unwrap(api.call(MENU, {}), "list")).dataList ?? [],
  staleTime: 5 * 60_000,
} as const;

export const useMenu = () => useQuery(menuQuery);

/** Every screen of the tree in menu order (the server already left out what the caller may not open). */
export function entriesOf(tree: MenuNode[], folder = ""): MenuEntry[] {
  return tree.flatMap((n) => [...(n.path ? [{ ...n, folder }] : []), ...entriesOf(n.children ?? [], n.path ? folder : n.typename)]);
}

/** Where a menu entry opens: its path with the function id first, then its own parameters (R029). */
export function screenLink(entry: Pick<MenuNode, "id" | "path" | "params">): { splat: string; search: Record<string, string> } {
  const search: Record<string, string> = { functionId: String(entry.id) };
  for (const [k, v] of new URLSearchParams(entry.params ?? "")) if (k !== "functionId") search[k] = v;
  return { splat: entry.path.replace(/^\/+/, ""), search };
}

/**
 * The link target of a screen path. A registered screen has its own route (app/router.tsx, built
 * from the registry, so the route types do not know its path); naming the concrete path lets the
 * router pick that route and its search schema, where "/$" with params would name the catch-all.
 */
export const screenTo = (splat: string) => `/${splat.replace(/^\/+/, "")}` as "/$";

/** The entry that opened this location: same path and function id. */
export const findEntry = (entries: MenuEntry[], path: string, functionId: number) => entries.find((e) => e.id === functionId && e.path.toLowerCase() === path.toLowerCase());

/**
 * For a URL without a function id: among the entries of that path, the one whose own parameters
 * agree best with the URL's (none contradicting it), else the first.
 */
export function guessEntry(entries: MenuEntry[], path: string, params: Record<string, string>): MenuEntry | undefined {
  const samePath = entries.filter((e) => e.path.toLowerCase() === path.toLowerCase());
  let best: MenuEntry | undefined;
  let bestScore = -1;
  for (const e of samePath) {
    const own = [...new URLSearchParams(e.params)];
    if (own.some(([k, v]) => k in params && params[k] !== v)) continue;
    const score = own.filter(([k]) => k in params).length;
    if (score > bestScore) [best, bestScore] = [e, score];
  }
  return best ?? samePath[0];
}
