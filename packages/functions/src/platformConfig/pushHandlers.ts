import type { Impls } from "../http/app.ts";
import type { pushRoutes } from "./pushRoutes.ts";
import { deletePushTemplates, listPushTemplates, savePushTemplate, viewPushTemplate } from "@xiangyu/core/platform/push/templates";
import { listPushMessages, sandboxSends } from "@xiangyu/core/platform/push/messages";
import { ok } from "@xiangyu/core/kernel/envelope";

/** Message push's handlers (pushRoutes.ts), joined into the platformConfig Lambda's handler. */
export const pushImpls: Impls<typeof pushRoutes> = {
  "GET /gateway/api/messagepush/list": async ({ caller, input }) => listPushMessages(caller, input.paging, { status: input.status, pushType: input.pushType }),
  "GET /gateway/api/messagepush/sandbox/list": async ({ caller, input }) => sandboxSends(caller, input.paging),
  "GET /gateway/api/messagepush/config/list": async ({ caller, input }) => listPushTemplates(caller, input.paging),
  "GET /gateway/api/messagepush/config/view": async ({ caller, input }) => ok(await viewPushTemplate(caller, input.id)),
  "POST /gateway/api/messagepush/config/save": async ({ caller, input, actedOn }) => {
    const v = await savePushTemplate(caller, input);
    actedOn([v.id]);
    return ok(v, "保存成功");
  },
  "POST /gateway/api/messagepush/config/delete": async ({ caller, input, actedOn }) => {
    actedOn(await deletePushTemplates(caller, input.ids));
    return ok(undefined, "删除成功");
  },
};
