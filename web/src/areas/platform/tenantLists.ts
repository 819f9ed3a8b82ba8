import { listSpec } from "../../ui/list/listSpec.ts";

/** The platform area's lists as the registry preloads them and the screens read them (ui/list/listSpec.ts). */
export const TENANT_LIST_SPEC = listSpec({ route: "GET /gateway/api/manage/platform/list" });
export const PAY_LIST_SPEC = listSpec({ route: "GET /gateway/api/manage/platform/payconfig/list" });
export const WX_LIST_SPEC = listSpec({ route: "GET /gateway/api/manage/platform/wxconfig/list" });
export const SMS_LIST_SPEC = listSpec({ route: "GET /gateway/api/manage/platform/smsconfig/list" });
export const DB_LIST_SPEC = listSpec({ route: "GET /gateway/api/manage/platform/dbconfig/list" });
export const APP_LIST_SPEC = listSpec({ route: "GET /gateway/api/appupdate/list" });
