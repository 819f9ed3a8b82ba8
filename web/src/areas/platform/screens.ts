import { screensOf } from "../../app/screen/entry.ts";
import { APP_LIST_SPEC, DB_LIST_SPEC, PAY_LIST_SPEC, SMS_LIST_SPEC, TENANT_LIST_SPEC, WX_LIST_SPEC } from "./tenantLists.ts";
import { MP_LIST_SPEC } from "./mp/mpLists.ts";
import { PUSH_LIST_SPEC, PUSH_TEMPLATE_SPEC } from "./push/pushLists.ts";
import { TASK_LIST_SPEC } from "./tasks/taskLists.ts";

/** The platform area's screens by menu path, each a file of this folder loaded with the area's chunk (./chunk.ts). */
export default screensOf("platform", () => import("./chunk.ts"), {
  "/platformsetting": ["TenantList", TENANT_LIST_SPEC],
  "/payconfig": ["PayConfigList", PAY_LIST_SPEC],
  "/wxconfig": ["WxConfigList", WX_LIST_SPEC],
  "/smsconfig": ["SmsConfigList", SMS_LIST_SPEC],
  "/dbconfig": ["DbConfigList", DB_LIST_SPEC],
  "/taskconfig": ["tasks/TaskList", TASK_LIST_SPEC],
  "/appupdate": ["AppVersionList", APP_LIST_SPEC],
  "/mp/index": ["mp/MpConfigList", MP_LIST_SPEC],
  "/bindingweixin": ["oa/OaBinding"],
  "/messagepush": ["push/MessagePushList", PUSH_LIST_SPEC],
  "/messagepushconfig": ["push/PushTemplateList", PUSH_TEMPLATE_SPEC],
});
