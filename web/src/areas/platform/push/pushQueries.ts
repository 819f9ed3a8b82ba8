import { useQuery } from "@tanstack/react-query";
import { useApi } from "../../../lib/screen.tsx";
import { routeQuery, useRouteMutation, staleReads } from "../../../lib/routeQuery.ts";
import type { DataOf, RowOf } from "../../../lib/contract.ts";
import { useSave, type SaveOptions } from "../../../ui/form/useSave.ts";

/** Message push's calls (core/platform/push): the push list, the sandbox's sends, the templates. */
export const SANDBOX_LIST = "GET /gateway/api/messagepush/sandbox/list";
const TEMPLATE_LIST = "GET /gateway/api/messagepush/config/list";
const TEMPLATE_VIEW = "GET /gateway/api/messagepush/config/view";

export type PushMessage = RowOf<"GET /gateway/api/messagepush/list">;
export type SandboxSend = RowOf<typeof SANDBOX_LIST>;
export type PushTemplate = DataOf<typeof TEMPLATE_VIEW>;

const TEMPLATES = staleReads(TEMPLATE_LIST, TEMPLATE_VIEW);

/** One template for its dialog (nothing read for a new one). */
export function usePushTemplate(id?: number) {
  const api = useApi();
  return useQuery({ ...routeQuery(api, TEMPLATE_VIEW, { id: id ?? 0 }), select: (r) => r.data, gcTime: 0, enabled: !!id });
}

export const useSaveTemplate = (o: SaveOptions) => useSave("POST /gateway/api/messagepush/config/save", { ...o, invalidates: TEMPLATES });
export const useDeleteTemplates = () => useRouteMutation("POST /gateway/api/messagepush/config/delete", { invalidates: TEMPLATES, success: "删除成功" });
