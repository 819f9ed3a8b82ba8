import { areaApp, lambda, RawReply, type Impls } from "../http/app.ts";
import { routes, type CheckReply } from "./routes.ts";
import { menuTree, moduleInfo, rightFlags } from "@xiangyu/core/platform/menu";
import { styleListWithDefault, styleName, saveStyleAttr, deleteStyleAttrs } from "@xiangyu/core/platform/styleParams";
import { ok, okList } from "@xiangyu/core/kernel/envelope";
import { DomainError, NOTHING_DELETED } from "@xiangyu/core/kernel/errors";

/** style/attrsave and attrdelete answer `{check, msg}` instead of the envelope (R002); only a success is logged. */
const checkReply = (done: boolean, msg: string, extra: { id?: number } = {}) => new RawReply({ check: done ? 1 : 0, msg, ...extra }, done) as RawReply & { body: CheckReply };

/** A refusal of the service (a duplicate code, a row gone) is answered in the same shape. */
async function checked(run: () => Promise<RawReply & { body: CheckReply }>) {
  try {
    return await run();
  } catch (e) {
    if (e instanceof DomainError) return checkReply(false, e.desc);
    throw e;
  }
}

const impls: Impls<typeof routes> = {
  "GET /gateway/api/manage/type/moduleinfo": async ({ caller, input }) => ok(await moduleInfo(caller, input.functionId)),
  "GET /gateway/api/manage/type/list": async ({ caller, input }) => okList(await menuTree(caller, input.fatherid)),
  "GET /gateway/api/manage/appcenter/right/{functionId}": async ({ caller, input }) => ok(await rightFlags(caller, input.functionId)),
  "GET /gateway/api/manage/appcenter/styleparam/list": async ({ caller, input }) => okList(await styleListWithDefault(caller.tenantId, input.styleen, input.df, input.dfKey)),
  "GET /gateway/api/manage/appcenter/styleparam/name": async ({ caller, input }) => ok(await styleName(caller.tenantId, input.styleen, input.styleid, input.outcolumnName)),
  "POST /gateway/api/manage/style/attrsave": async ({ caller, input }) =>
    checked(async () => checkReply(true, "保存成功", { id: (await saveStyleAttr(caller.tenantId, input)).id })),
  "POST /gateway/api/manage/style/attrdelete": async ({ caller, input, actedOn }) => {
    const { ids } = input;
    return checked(async () => {
      const gone = await deleteStyleAttrs(caller.tenantId, ids);
      actedOn(gone);
      return checkReply(gone.length > 0, gone.length > 0 ? "删除成功" : NOTHING_DELETED);
    });
  },
};

export const app = areaApp(routes, impls);
export const handler = lambda(app);
