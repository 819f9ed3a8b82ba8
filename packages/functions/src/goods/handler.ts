import { areaApp, lambda, type Impls } from "../http/app.ts";
import { routes } from "./routes.ts";
import { ok } from "@xiangyu/core/kernel/envelope";
import { deleteGoods, goodsView, listGoods, passGoods, requireGoods, saveGoods } from "@xiangyu/core/goods/catalogue";
import { readSpecs, saveSpecs } from "@xiangyu/core/goods/specStore";
import { nothingDeleted } from "@xiangyu/core/kernel/errors";

/** Goods and specs (routes.ts); the goods orders are goodsOrders/handler.ts. */
const impls: Impls<typeof routes> = {
  "GET /goods/api/goods/list": async ({ caller, input }) =>
    listGoods(caller.tenantId, input.paging, { goodsClass: input.goodsClass, keyword: input.goodsName || input.paging.keyword }),
  "GET /goods/api/goods/view": async ({ caller, input }) => ok(goodsView(await requireGoods(caller.tenantId, input.id))),
  "POST /goods/api/goods/save": async ({ caller, input, actedOn }) => {
    const saved = await saveGoods(caller.tenantId, input);
    actedOn(saved.id);
    return ok(goodsView(saved), "保存成功");
  },
  "POST /goods/api/goods/delete": async ({ caller, input, actedOn }) => {
    const deleted = await deleteGoods(caller.tenantId, input.ids);
    if (!deleted.length) throw nothingDeleted();
    actedOn(deleted);
    return ok(undefined, "删除成功");
  },
  "POST /goods/api/goods/passed": async ({ caller, input, actedOn }) => {
    const r = await passGoods(caller.tenantId, input.id, input.status);
    actedOn(r.id);
    return ok(r, r.status === 1 ? "上架成功" : "下架成功");
  },
  "GET /goods/api/goods/speclist": async ({ caller, input }) => ok(await readSpecs(caller.tenantId, input.id)),
  "POST /goods/api/goods/specsave": async ({ caller, input, actedOn }) => {
    const page = await saveSpecs(caller.tenantId, input.id, input.specList);
    actedOn(input.id);
    return ok(page, "保存成功");
  },
};

export const app = areaApp(routes, impls);
export const handler = lambda(app);
