import { queryOptions } from "@tanstack/react-query";
import type { ApiClient } from "../../lib/api.ts";
import type { InputFor } from "../../lib/contract.ts";
import { treeCall } from "./treeCalls.ts";

/**
 * The org area's reads by route (hotels/hotelQueries.ts is the model). A tree's form reads its node
 * afresh by the view route (R544); a failure says the tree's own words (R551, treeCalls.ts). The tree's
 * children are read by the tree editor itself (ui/tree/TreeEditor.tsx, each screen's `loadChildren`).
 */
export type NodeView = "GET /gateway/api/organization/view" | "GET /gateway/api/organization/chinaarea/view";

export const orgQueries = {
  /** A node by id (both view routes take `?id=`). */
  node: <K extends NodeView>(api: ApiClient, route: K, id: number | undefined) =>
    queryOptions({
      queryKey: [route, api.functionKey, { id }] as const,
      queryFn: async () => (await treeCall(api.call(route, { id } as InputFor<K>), "load")).data!,
    }),
};
