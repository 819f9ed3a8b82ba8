import { data, done, list, moduleRoute, type RouteTable } from "../http/define.ts";
import {
  PushMessageListQuery,
  PushSandboxListQuery,
  PushTemplateDeleteInput,
  PushTemplateInput,
  PushTemplateListQuery,
  PushTemplateViewQuery,
} from "@xiangyu/core/platform/push/schemas";
import type { PushTemplateView } from "@xiangyu/core/platform/push/templates";
import type { PushMessageView, SandboxSendView } from "@xiangyu/core/platform/push/messages";

/**
 * Message push (R511–R514): the tenant's push list (read-only) and push templates. Tenant-owned
 * records (the tenant first in every key), so not the platform operator's alone: any tenant whose
 * roles hold 1110 / 1111 manages its own. The template list and delete have no path in the spec:
 * ours follow docs/gaps.md (docs/api.md), as does the sandbox's record of sends. Handlers: pushHandlers.ts.
 */
export const routes = {
  "GET /gateway/api/messagepush/list": moduleRoute("platform", { input: PushMessageListQuery, reply: list<PushMessageView>(), log: false }),
  "GET /gateway/api/messagepush/sandbox/list": moduleRoute("platform", { input: PushSandboxListQuery, reply: list<SandboxSendView>(), log: false }),
  "GET /gateway/api/messagepush/config/list": moduleRoute("platform", { input: PushTemplateListQuery, reply: list<PushTemplateView>(), log: false }),
  "GET /gateway/api/messagepush/config/view": moduleRoute("platform", { input: PushTemplateViewQuery, reply: data<PushTemplateView>(), log: false }),
  "POST /gateway/api/messagepush/config/save": moduleRoute("platform", { right: "save", input: PushTemplateInput, reply: data<PushTemplateView>(), log: "保存推送模板" }),
  "POST /gateway/api/messagepush/config/delete": moduleRoute("platform", { right: "D", input: PushTemplateDeleteInput, reply: done(), log: "删除推送模板" }),
} satisfies RouteTable;
