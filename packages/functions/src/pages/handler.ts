import { areaApp, lambda, type Impls } from "../http/app.ts";
import { routes } from "./routes.ts";
import { copyModule, deletePage, listPages, moveModule, savePage, submenu, viewPage } from "@xiangyu/core/pages/service";
import { ok, okList } from "@xiangyu/core/kernel/envelope";

/** The page builder's handlers: the console's tree and documents. */
const BASE = "/gateway/api/manage/custompage";

const impls: Impls<typeof routes> = {
  [`GET ${BASE}/list`]: async (ctx) => okList(await listPages(ctx.caller, ctx.input.parentId)),
  [`GET ${BASE}/view`]: async (ctx) => ok(await viewPage(ctx.caller, ctx.input.id)),
  [`GET ${BASE}/submenu`]: async (ctx) => okList(await submenu(ctx.caller, ctx.input.parentId)),
  [`POST ${BASE}/save`]: async (ctx) => {
    const page = await savePage(ctx.caller, ctx.input);
    ctx.actedOn([page.id]);
    return ok(page, "保存成功");
  },
  [`POST ${BASE}/delete`]: async (ctx) => {
    ctx.actedOn(await deletePage(ctx.caller, ctx.input.id));
    return ok(undefined, "删除成功");
  },
  [`POST ${BASE}/moveSystemModule`]: async (ctx) => {
    ctx.actedOn(await moveModule(ctx.caller, ctx.input.oldModuleCode, ctx.input.newModuleCode));
    return ok(undefined, "移动成功");
  },
  [`POST ${BASE}/copySystemModule`]: async (ctx) => {
    const copy = await copyModule(ctx.caller, ctx.input.oldModuleCode, ctx.input.newModuleCode);
    ctx.actedOn([copy.id]);
    return ok(copy, "复制成功");
  },
};

export const app = areaApp(routes, impls);
export const handler = lambda(app);
