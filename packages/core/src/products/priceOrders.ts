import { PriceOrder, type PriceOrderItem } from "./entities.ts";
import type { PriceOrderInput } from "./schemas.ts";
import { checkModifiedPrice } from "../finance/priceRules.ts";
import { visibleProduct } from "./service.ts";
import { visibleClient } from "../clients/visible.ts";
import { nextId, tallied, totalDelta, touchTotal, versionedFilter } from "../kernel/counters.ts";
import { listKey } from "../kernel/pageStarts.ts";
import { formatDateTime, shanghai } from "../kernel/clock.ts";
import { fenToYuan } from "../kernel/money.ts";
import { DomainError, notFound } from "../kernel/errors.ts";
import { boundedList, countCapped } from "../kernel/list.ts";
import { transact, txPut, txDelete, txUpdate, type TxItem } from "../kernel/tx.ts";
import { who, type Caller } from "../kernel/context.ts";
import { inReach, reachPrefixes, shopCondition, wholeTenant } from "../kernel/dataScope.ts";
import type { Paging } from "../kernel/paging.ts";
import type { Envelope } from "../kernel/envelope.ts";
import { mapLimit } from "../kernel/batch.ts";
import { allOf, anyOf } from "../kernel/filter.ts";

/**
 * Product price modification (R365–R368), which is also the membership purchase order list
 * (R370, docs/gaps.md §3): the record waits (status 0) until the client pays it, then it is bought (1).
 */
export const BOUGHT = 1;
export const BOUGHT_UNDELETABLE = "该单已完成购买，不允许删除";
const BOUGHT_UNCHANGEABLE = "该单已完成购买，不允许修改";
const TOTAL = "priceOrders";

const visible = (caller: Caller, o: Pick<PriceOrderItem, "shop">) => !o.shop || inReach(caller, o.shop);

export type PriceOrderView = ReturnType<typeof priceOrderView>;
export const priceOrderView = ({ tenantId: _t, ...o }: PriceOrderItem) => ({
  ...o,
  amount: fenToYuan(o.amount ?? 0),
  groupAmount: fenToYuan(o.groupAmount ?? 0),
  payAmount: fenToYuan(o.payAmount),
});

async function getOrder(tenantId: string, id: number): Promise<PriceOrderItem | null> {
  const { data } = await PriceOrder.get({ tenantId, id }).go();
  return data;
}

export async function savePriceOrder(caller: Caller, input: PriceOrderInput): Promise<PriceOrderItem> {
  const { tenantId } = caller;
  const client = await visibleClient(caller, input.clientId);
  const product = await visibleProduct(caller, input.productId).catch(() => {
    throw new DomainError("会员套餐不能为空", "400");
  });
  checkModifiedPrice(input.payAmount, product.groupAmount ?? 0, {
    profitsharingAmount: product.profitsharingAmount ?? 0,
    agentAmount: product.agentAmount ?? 0,
    channelAmount: product.channelAmount ?? 0,
  });
  const fields = {
    clientId: client.id,
    clientName: client.clientName,
    mobile: client.mobile,
    productId: product.id,
    productName: product.productName,
    productType: product.productType,
    duration: input.duration ?? product.duration ?? 0,
    proCount: input.proCount ?? product.proCount ?? 0,
    amount: product.amount,
    groupAmount: product.groupAmount ?? 0,
    payAmount: input.payAmount,
    remark: input.remark,
    shop: input.shop || client.shop,
    contractType: input.contractType || product.contractType || "",
  };
  if (!inReach(caller, fields.shop)) throw new DomainError("你没有该部门的操作权限", "403");
  if (input.id) {
    const before = await getOrder(tenantId, input.id);
    if (!before || !visible(caller, before)) throw notFound("改价记录");
    if (before.status === BOUGHT) throw new DomainError(BOUGHT_UNCHANGEABLE, "409");
    // A new client, store or status filter value can move the order between filtered lists: their version moves with it.
    await transact([
      txUpdate(
        PriceOrder.patch({ tenantId, id: input.id })
          .set(fields)
          .where((a, { ne }) => ne(a.status, BOUGHT)),
        BOUGHT_UNCHANGEABLE,
      ),
      touchTotal(tenantId, TOTAL),
    ]);
    return { ...before, ...fields } as PriceOrderItem;
  }
  const id = await nextId(tenantId, "priceOrder");
  const item = {
    tenantId,
    id,
    orderId: `CP${shanghai().format("YYYYMMDD")}${String(id).padStart(6, "0")}`,
    ...fields,
    status: 0,
    createUser: who(caller),
    createTime: formatDateTime(),
    buyTime: "",
  } as PriceOrderItem;
  await transact([txPut(PriceOrder.create(item), "改价记录冲突，请重试"), totalDelta(tenantId, TOTAL, 1)]);
  return item;
}

/** Deletes waiting orders; every one is checked before any is deleted. Answers the ids deleted. */
export async function deletePriceOrders(caller: Caller, ids: readonly number[]): Promise<number[]> {
  const { tenantId } = caller;
  const found = (await mapLimit(ids, (id) => getOrder(tenantId, id))).filter((o): o is PriceOrderItem => !!o && visible(caller, o));
  if (found.some((o) => o.status === BOUGHT)) throw new DomainError(BOUGHT_UNDELETABLE, "409");
  // One at a time: every delete moves the same total.
  for (const o of found) {
    // The condition holds against a payment that lands between the read and the delete.
    await transact([
      txDelete(
        PriceOrder.delete({ tenantId, id: o.id }).where((a, { ne }) => ne(a.status, BOUGHT)),
        BOUGHT_UNDELETABLE,
      ),
      totalDelta(tenantId, TOTAL, -1),
    ]);
  }
  return found.map((o) => o.id);
}

/** Marks a waiting order bought, once, and moves the version of the status-filtered lists (the payment calls this in its transaction). */
export const markBoughtItems = (tenantId: string, id: number): TxItem[] => [
  txUpdate(
    PriceOrder.patch({ tenantId, id })
      .set({ status: BOUGHT, buyTime: formatDateTime() })
      .where((a, { ne }) => ne(a.status, BOUGHT)),
    "该单已完成购买",
  ),
  touchTotal(tenantId, TOTAL),
];

export type PriceOrderFilter = { clientId?: number; status?: number };

/**
 * The price orders, newest first. Unfiltered, the kept total answers; any filter (client, status,
 * keyword, a store-level caller) counts its matches, capped (kernel/list.ts boundedList).
 */
export async function listPriceOrders(caller: Caller, p: Paging, f: PriceOrderFilter): Promise<Envelope<never, PriceOrderView>> {
  const { tenantId } = caller;
  const prefixes = reachPrefixes(caller);
  const whole = wholeTenant(prefixes);
  const keyword = p.keyword;
  const params = (order: "asc" | "desc") => {
    const q = f.clientId ? PriceOrder.query.byClient({ tenantId, clientId: f.clientId }) : PriceOrder.query.byId({ tenantId });
    return q
      .where((a, op) =>
        allOf(
          keyword && anyOf(op.contains(a.clientName, keyword), op.contains(a.mobile, keyword), op.eq(a.orderId, keyword), op.contains(a.productName, keyword)),
          f.status !== undefined && op.eq(a.status, f.status),
          !whole && shopCondition(op, a.shop, prefixes),
        ),
      )
      .params({ order });
  };
  const filtered = !!keyword || f.clientId !== undefined || f.status !== undefined || !whole;
  // Deep pages and the capped count are remembered under the price orders' total: every write of one moves it.
  const order = p.order === "asc" ? "asc" : "desc";
  const filter = listKey("priceOrders", tenantId, f.clientId ?? "", f.status ?? "", keyword, prefixes.join(","), order);
  const kept = filtered ? versionedFilter(tenantId, TOTAL, filter, () => countCapped(params(order))) : tallied(tenantId, TOTAL);
  return boundedList({ params, parse: (Items) => PriceOrder.parse({ Items }).data as PriceOrderItem[] }, p, { ...kept, map: priceOrderView });
}
