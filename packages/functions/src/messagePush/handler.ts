import { areaApp, lambda, type Impls } from "../http/app.ts";
import { routes } from "./routes.ts";
import { deletePushTemplates, listPushTemplates, savePushTemplate, viewPushTemplate } from "@xiangyu/core/platform/push/templates";
import { listPushMessages, sandboxSends } from "@xiangyu/core/platform/push/messages";
import { ok } from "@xiangyu/core/kernel/envelope";

/**
 * Message push (issue 19): the push list, the templates and the sandbox's sent items. Its own
 * Lambda: joined with the rest of the platform configuration it was over the 300 kB budget.
 */
const impls: Impls<typeof routes> = {
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

export const app = areaApp(routes, impls);
export const handler = lambda(app);
