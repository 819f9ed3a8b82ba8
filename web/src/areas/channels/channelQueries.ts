import { useCallback } from "react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useApi } from "../../lib/screen.tsx";
import { invalidateRoutes, staleReads } from "../../lib/routeQuery.ts";
import type { RowOf } from "../../lib/contract.ts";
import { toast } from "../../lib/toast.ts";
import { handledByFrame } from "../../ui/feedback/failure.ts";
import { useSave, type SaveOptions } from "../../ui/form/useSave.ts";

/**
 * The channels area's reads and writes by route (hotels/hotelQueries.ts is the model). A channel is
 * a row of a style list (default clientSource, the client's channel source) with the sales persons
 * bound to it; the client screens read the same list for their channel names.
 */
export const CHANNEL_LIST = "GET /xiangyu/api/channel/list";
export type Channel = RowOf<typeof CHANNEL_LIST>;
export type Binding = Channel["cannel"][number];

/** The client screens read the same list (clientSource) for their channel names. */
const CHANNELS = staleReads(CHANNEL_LIST);

export const useSaveChannel = (o: SaveOptions) => useSave("POST /xiangyu/api/channel/save", { ...o, invalidates: CHANNELS });

/**
 * Deletes channels through style/attrdelete, whose reply is { check: 1 = done, msg } rather than the
 * envelope (its table says raw), or the client's own failure. Resolves to whether it deleted.
 */
export function useDeleteChannels() {
  const api = useApi();
  const qc = useQueryClient();
  const { mutateAsync } = useMutation({
    mutationFn: (ids: string[]) => api.call("POST /gateway/api/manage/style/attrdelete", { ids: ids.join(",") }),
  });
  // Stable across renders, so screens can memoise what calls it.
  return useCallback(
    async (ids: string[]): Promise<boolean> => {
      const r = await mutateAsync(ids);
      if ("check" in r) {
        if (r.check === 1) {
          toast.success("删除成功", r.msg);
          await invalidateRoutes(qc, CHANNELS);
          return true;
        }
        toast.error(r.msg || "删除出错");
        return false;
      }
      if (!handledByFrame(r)) toast.error(r.desc || "删除出错");
      return false;
    },
    [mutateAsync, qc],
  );
}
