import type { QueryClient } from "@tanstack/react-query";
import type { ApiClient } from "../../lib/api.ts";
import { firstPageParams } from "../../ui/list/listSpec.ts";
import { listQueryOptions } from "../../ui/list/useListQuery.ts";
import { screenParams, type SearchParams } from "../search.ts";
import { entryFor } from "./registry.ts";

/**
 * Starts what a screen will need before it can render: its area's chunk and, for a list screen,
 * the first page the address asks for — alongside the title and rights the frame reads, not
 * after them. A refused or failed read is the screen's to show when it mounts (the query keeps it).
 */
export function preloadScreen(path: string, search: SearchParams, api: ApiClient, qc: QueryClient): void {
  const entry = entryFor(path);
  if (!entry) return;
  void entry.load().catch(() => undefined);
  if (entry.list) void qc.prefetchQuery(listQueryOptions(api, entry.list.route, firstPageParams(entry.list, search, screenParams(search))));
}
