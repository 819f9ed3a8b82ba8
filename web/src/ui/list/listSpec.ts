import type { Query } from "../../lib/api.ts";
import type { ListKey } from "../../lib/contract.ts";
import { listParams, readTableState, type SortOrder } from "./tableState.ts";

/**
 * What a list screen asks for first, known without its code: the route, the default order, the
 * filter keys and the parameters its function presets. The screen registry carries it so the frame
 * can fetch the first page while the screen's chunk is still loading; the screen reads the same spec.
 */
export type ListSpec<K extends ListKey = ListKey> = {
  route: K;
  sort?: string;
  order?: SortOrder;
  filterKeys?: string[];
  /** The list's fixed parameters from the screen's own (e.g. hotelType of 会员酒店). */
  params?: (screenParams: Record<string, string>) => Query;
};

export const listSpec = <K extends ListKey>(spec: ListSpec<K>): ListSpec<K> => spec;

/** The parameters of the page the address asks for: what ListScreen will send. */
export function firstPageParams(spec: ListSpec, search: Record<string, unknown>, screenParams: Record<string, string>): Query {
  const state = readTableState(search, { filters: spec.filterKeys, sort: spec.sort, order: spec.order });
  return { ...listParams(state), ...spec.params?.(screenParams) };
}
