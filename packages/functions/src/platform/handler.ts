import { areaApp, lambda, RawReply, type Impls } from "../http/app.ts";
import { parse, idList, intParam, optionalInt } from "../http/input.ts";
import { routes } from "./routes.ts";
import { menuTree, moduleInfo, rightFlags } from "@xiangyu/core/platform/menu";
import { styleListWithDefault, styleName, saveStyleAttr, deleteStyleAttrs } from "@xiangyu/core/platform/styleParams";
import { StyleAttrInput } from "@xiangyu/core/platform/schemas";
import { ok, okList } from "@xiangyu/core/kernel/envelope";
import { DomainError } from "@xiangyu/core/kernel/errors";

/** style/attrsave and attrdelete answer `{check, msg}` instead of the envelope (R002). */
const checkReply = (done: boolean, msg: string, extra: object = {}) => new RawReply({ check: done ? 1 : 0, msg, ...extra }, done);

const impls: Impls<typeof routes> = {
  "GET /gateway/api/manage/type/moduleinfo": async ({ caller, input }) => ok(await moduleInfo(caller, intParam(input.functionId, "功能编号不正确"))),
  "GET /gateway/api/manage/type/list": async ({ caller, input }) => okList(await menuTree(caller, optionalInt(input.fatherid, 0))),
  "GET /gateway/api/manage/appcenter/right/{functionId}": async ({ caller, input }) => ok(await rightFlags(caller, intParam(input.functionId, "功能编号不正确"))),
  "GET /gateway/api/manage/appcenter/styleparam/list": async ({ caller, input }) =>
    okList(await styleListWithDefault(caller.tenantId, String(input.styleen ?? ""), input.df ? String(input.df) : undefined, input.dfKey !== undefined ? String(input.dfKey) : undefined)),
  "GET /gateway/api/manage/appcenter/styleparam/name": async ({ caller, input }) =>
    ok(await styleName(caller.tenantId, String(input.styleen ?? ""), String(input.styleid ?? ""), input.outcolumnName ? String(input.outcolumnName) : undefined)),
  "POST /gateway/api/manage/style/attrsave": async ({ caller, input }) => {
    try {
      const row = await saveStyleAttr(caller.tenantId, parse(StyleAttrInput, input));
      return checkReply(true, "保存成功", { id: row.id });
    } catch (e) {
      if (e instanceof DomainError) return checkReply(false, e.desc);
      throw e;
    }
  },
  "POST /gateway/api/manage/style/attrdelete": async ({ caller, input }) => {
    try {
      const n = await deleteStyleAttrs(caller.tenantId, idList(input.ids));
      return checkReply(n > 0, n > 0 ? "删除成功" : "并没有删除信息");
    } catch (e) {
      if (e instanceof DomainError) return checkReply(false, e.desc);
      throw e;
    }
  },
};

export const app = areaApp(routes, impls);
export const handler = lambda(app);
