import { GoodsOrder, type GoodsOrderItem } from "./entities.ts";
import { type GoodsType } from "./schemas.ts";
import { type GoodsOrderStatus } from "./orderStatus.ts";
import { readTotal, tallied } from "../kernel/counters.ts";
import { DomainError } from "../kernel/errors.ts";
import { boundedList } from "../kernel/list.ts";
import type { Paging } from "../kernel/paging.ts";
import type { Envelope } from "../kernel/envelope.ts";
import { ORDER_MSG, getGoodsOrder, goodsOrderView, idOfGoodsOrderNo, requireOrder, statusTotal, typeTotal, type GoodsOrderView } from "./orders.ts";

/**
 * The order list of one goods type (R424): by status on its own index, newest first, the kept
 * totals answering exactly; an order number is one read by id.
 */
export async function listGoodsOrders(tenantId: string, p: Paging, f: { goodsType: GoodsType; orderStatus?: number; orderNo?: string }): Promise<Envelope<never, GoodsOrderView>> {
  const no = (f.orderNo || p.keyword || "").trim();
  const status = f.orderStatus as GoodsOrderStatus | undefined;
  if (no) {
    const id = idOfGoodsOrderNo(no) ?? (/^\d{1,12}$/.test(no) ? Number(no) : null);
    const o = id ? await getGoodsOrder(tenantId, id) : null;
    const hit = o && o.goodsType === f.goodsType && (status === undefined || o.status === status) ? [goodsOrderView(o)] : [];
    return {
      code: "200",
      desc: "",
      dataList: hit,
      pageParams: { maxCount: hit.length, currentPage: 1, pageSize: p.pageSize, maxPage: 1, sort: p.sort, order: p.order, keyword: p.keyword, keyValue: p.keyValue },
    };
  }
  const params = (order: "asc" | "desc") =>
    status === undefined
      ? GoodsOrder.query.byType({ tenantId, goodsType: f.goodsType }).params({ order })
      : GoodsOrder.query.byStatus({ tenantId, goodsType: f.goodsType, status }).params({ order });
  // The kept total answers the count, and deep pages start from cursors remembered under its moves:
  // an order enters or leaves a type or status list only with a move of that list's total (create,
  // status change, delete), and no write re-sorts a list (both are by id).
  const tally = tallied(tenantId, status === undefined ? typeTotal(f.goodsType) : statusTotal(f.goodsType, status));
  return boundedList({ params, parse: (Items) => GoodsOrder.parse({ Items }).data as GoodsOrderItem[] }, p, { ...tally, map: goodsOrderView });
}

export async function goodsOrderDetail(tenantId: string, id: number, goodsType?: GoodsType): Promise<GoodsOrderItem> {
  const o = await requireOrder(tenantId, id);
  if (goodsType && o.goodsType !== goodsType) throw new DomainError(ORDER_MSG.notFound, "404");
  return o;
}

/** How many orders of a goods type stand at each of `statuses` (the workbench): the kept totals, no rows read. */
export async function statusCounts(tenantId: string, goodsType: GoodsType, statuses: readonly GoodsOrderStatus[]): Promise<Record<number, number>> {
  const counts = await Promise.all(statuses.map((s) => readTotal(tenantId, statusTotal(goodsType, s))));
  return Object.fromEntries(statuses.map((s, i) => [s, counts[i]]));
}
