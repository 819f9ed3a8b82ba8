import { Goods, GoodsJob, GoodsOrder, GoodsSpec, type GoodsOrderItem } from "./entities.ts";
import { GOODS_MSG, isGoodsType, type GoodsType, type HandleOrderInput, type MemberOrderInput } from "./schemas.ts";
import { ACTION_LETTER, GOODS_ORDER_MSG, actionOfCtrl, decide, deletable, refundsMoney, releasesStock, type GoodsAction, type GoodsOrderStatus } from "./orderStatus.ts";
import { nextId, totalDelta } from "../kernel/counters.ts";
import { formatDateTime, nowMs, shanghai } from "../kernel/clock.ts";
import { fenToYuan } from "../kernel/money.ts";
import { DomainError, nothingDeleted } from "../kernel/errors.ts";
import { DENIAL, heldFlags } from "../kernel/rights.ts";
import { CONFLICT, retryRaces, transact, txCheck, txDelete, txPut, txUpdate, type TxItem } from "../kernel/tx.ts";
import { readJson } from "../kernel/json.ts";
import { queueOf } from "../kernel/queue.ts";
import { who, type Caller } from "../kernel/context.ts";
import { allOf } from "../kernel/filter.ts";
import { tallyItems } from "../finance/tallies/tally.ts";

/**
 * Goods orders: a member places one (reserving stock in the order's own transaction), pays it
 * through the payment port, and staff review, complete, cancel or refund it (orderStatus.ts).
 * Every move is one transaction conditioned on the status it was read in, with the list totals,
 * the stock given back and the money tallies it causes. Docs: docs/goods.md.
 */
export type GoodsMember = { tenantId: string; mobileUserId: number; clientId: number; userId?: string; realname?: string; mobile?: string };

/** How long a member has to pay before the order is closed and its stock released. */
export const PAY_MINUTES = 15;
/** How long the sandbox provider takes to settle a refund. */
export const REFUND_DELAY_MS = 3_000;
export const EXPIRE_QUEUE = "goodsExpire";
export const REFUND_QUEUE = "goodsRefund";

export const ORDER_MSG = {
  offShelf: "商品已下架",
  specClosed: "该规格不可购买",
  soldOut: "库存不足",
  pastSlot: "该时段已过，不能预约",
  notFound: "订单不存在",
  moved: "订单状态已变化，请刷新后重试",
  payAmount: "支付金额与订单金额不符",
  payClosed: "订单已关闭，不能支付",
  /** The refund reason of a payment the provider reports for an order already cancelled or closed (orderPayment.ts). */
  latePayment: "订单已关闭，支付款原路退回",
  sign: "支付通知签名不正确",
} as const;

const PREFIX = "GO";
/** The order number (also the out-trade number the provider reports): GO + order date + the id. */
export const orderNoOf = (id: number, at = nowMs()): string => `${PREFIX}${shanghai(at).format("YYYYMMDD")}${String(id).padStart(8, "0")}`;
export const idOfGoodsOrderNo = (no: string): number | null => {
  const m = /^GO\d{8}(\d{6,})$/.exec(no.trim());
  return m ? Number(m[1]) : null;
};

export const typeTotal = (t: string) => `goodsorders#${t}`;
export const statusTotal = (t: string, s: number) => `goodsorders#${t}#${s}`;

export type GoodsRefund = { id: string; refundPrice: number; reason: string; status: number; refundTime: string };
export const REFUND_PENDING = 0;
export const REFUND_DONE = 1;

export type GoodsOrderView = ReturnType<typeof goodsOrderView>;
export function goodsOrderView(o: GoodsOrderItem) {
  const { tenantId: _t, refundJson, ...rest } = o;
  const refund = readJson<GoodsRefund | null>(refundJson, null);
  return {
    ...rest,
    orderName: o.goodsName ?? "",
    globalId: o.orderNo,
    unitPrice: fenToYuan(o.unitPrice ?? 0),
    price: fenToYuan(o.price ?? 0),
    /** R151's shape: refunds in cents. */
    refundDetail: refund ? [refund] : [],
  };
}

export async function getGoodsOrder(tenantId: string, id: number): Promise<GoodsOrderItem | null> {
  const { data } = await GoodsOrder.get({ tenantId, id }).go({ consistent: true });
  return data;
}

export async function requireOrder(tenantId: string, id: number): Promise<GoodsOrderItem> {
  const o = await getGoodsOrder(tenantId, id);
  if (!o) throw new DomainError(ORDER_MSG.notFound, "404");
  return o;
}

// ── placing an order ──

/** The goods still on shelf, as a ConditionCheck (txCheck: the item's delete carries the key and condition, and never runs). */
const onShelf = (tenantId: string, id: number) => Goods.delete({ tenantId, id }).where((a, { eq }) => eq(a.status, 1));

/**
 * The member's order (mini-program): one transaction takes `buyCount` from the spec's `left`
 * (conditioned on enough being left and the spec open), checks the goods are on shelf, puts the
 * order, moves the list totals and queues its payment deadline. Of any number of simultaneous
 * orders for the last units exactly as many succeed as there are units.
 */
export async function placeOrder(m: GoodsMember, input: MemberOrderInput): Promise<GoodsOrderItem> {
  const { tenantId } = m;
  const [{ data: g }, { data: spec }] = await Promise.all([
    Goods.get({ tenantId, id: input.goodsId }).go(),
    GoodsSpec.get({ tenantId, goodsId: input.goodsId, id: input.specId }).go(),
  ]);
  if (!g) throw new DomainError(GOODS_MSG.notFound, "404");
  if (!isGoodsType(g.goodsType)) throw new DomainError(GOODS_MSG.badType, "400");
  if (g.status !== 1) throw new DomainError(ORDER_MSG.offShelf, "409");
  if (!spec || spec.idisplay !== 1) throw new DomainError(ORDER_MSG.specClosed, "409");
  if (g.goodsType === "appointment" && spec.endTime && spec.endTime <= formatDateTime()) throw new DomainError(ORDER_MSG.pastSlot, "409");
  const n = input.buyCount;
  const id = await nextId(tenantId, "goodsOrder");
  const now = nowMs();
  const order: GoodsOrderItem = {
    tenantId,
    id,
    orderNo: orderNoOf(id, now),
    goodsId: g.id,
    goodsType: g.goodsType,
    goodsName: g.goodsName,
    goodsPicture: spec.imageUrl || g.pictureTitle || "",
    specId: spec.id,
    specName: spec.specName ?? "",
    startTime: spec.startTime ?? "",
    endTime: spec.endTime ?? "",
    buyCount: n,
    unitPrice: spec.price ?? 0,
    price: (spec.price ?? 0) * n,
    mobileUserId: m.mobileUserId,
    userId: m.userId ?? "",
    clientId: m.clientId,
    realname: m.realname ?? "",
    mobile: m.mobile ?? "",
    status: 1,
    orderTime: formatDateTime(now),
    payDeadline: formatDateTime(now + PAY_MINUTES * 60_000),
    remark: input.remark,
  } as GoodsOrderItem;
  const items: TxItem[] = [
    txUpdate(
      GoodsSpec.update({ tenantId, goodsId: g.id, id: spec.id })
        .add({ sold: n, left: -n, orderCount: 1 })
        .where((a, { gte, eq }) => allOf(gte(a.left, n), eq(a.idisplay, 1))),
      ORDER_MSG.soldOut,
    ),
    txCheck(onShelf(tenantId, g.id), ORDER_MSG.offShelf),
    txPut(GoodsOrder.create(order), "订单编号冲突，请重试"),
    totalDelta(tenantId, typeTotal(g.goodsType), 1),
    totalDelta(tenantId, statusTotal(g.goodsType, 1), 1),
    txPut(GoodsJob.create({ queue: queueOf(EXPIRE_QUEUE, tenantId), dueAt: order.payDeadline!, tenantId, orderId: id })),
  ];
  // Simultaneous orders touch the same spec and totals: a transaction that lost only the race (not
  // its condition) runs again; one refused for stock is answered at once.
  await retryRaces(() => transact(items), [CONFLICT], 20);
  return order;
}

// ── moves ──

type MoveOpts = { set?: Partial<GoodsOrderItem>; refundReason?: string; extra?: TxItem[] };

/** The transaction items of one move of `o` by `action` (refused when the status does not allow it). */
export function moveItems(o: GoodsOrderItem, action: GoodsAction, opts: MoveOpts = {}): { next: GoodsOrderItem; items: TxItem[] } {
  const from = o.status as GoodsOrderStatus;
  const to = decide(from, action);
  if (to === null) throw new DomainError(GOODS_ORDER_MSG.notAllowed, "409");
  const next = { ...o, ...opts.set, status: to } as GoodsOrderItem;
  const { tenantId } = o;
  const refund = refundsMoney(from, to) && (o.price ?? 0) > 0 && o.payTime ? goodsRefundOf(o, opts.refundReason ?? "") : null;
  if (refund) next.refundJson = JSON.stringify(refund);
  const items: TxItem[] = [
    txPut(
      GoodsOrder.put(next).where((a, { eq }) => eq(a.status, from as number)),
      ORDER_MSG.moved,
    ),
    totalDelta(tenantId, statusTotal(o.goodsType, from), -1),
    totalDelta(tenantId, statusTotal(o.goodsType, to), 1),
    ...(opts.extra ?? []),
  ];
  // The units go back to the spec (never deleted while it has orders, specStore.ts).
  if (releasesStock(to)) items.push(txUpdate(GoodsSpec.patch({ tenantId, goodsId: o.goodsId, id: o.specId }).add({ sold: -o.buyCount, left: o.buyCount })));
  if (refund)
    items.push(
      refundJobItem(o, refund),
      // The money leaves the online takings of the month the refund is decided in (finance/tallies).
      ...tallyItems({ tenantId, column: "online", fen: -refund.refundPrice, shop: "" }),
    );
  return { next, items };
}

/** A refund of an order's payment, as the order records it (its id also names the provider's request). */
export const goodsRefundOf = (o: GoodsOrderItem, reason: string): GoodsRefund => ({
  id: `RG${o.id}${String(nowMs()).slice(-6)}`,
  refundPrice: o.price ?? 0,
  reason,
  status: REFUND_PENDING,
  refundTime: "",
});

/** The refund asked of the provider, settled by the goodsExpire job (sandbox; see runGoodsJobs). */
export const refundJobItem = (o: GoodsOrderItem, refund: GoodsRefund): TxItem =>
  txPut(
    GoodsJob.create({
      queue: queueOf(REFUND_QUEUE, o.tenantId),
      dueAt: formatDateTime(nowMs() + REFUND_DELAY_MS),
      tenantId: o.tenantId,
      orderId: o.id,
      refundId: refund.id,
      amountFen: refund.refundPrice,
      outTradeNo: o.outTradeNo ?? "",
    }),
  );

export async function move(o: GoodsOrderItem, action: GoodsAction, opts: MoveOpts = {}): Promise<GoodsOrderItem> {
  const { next, items } = moveItems(o, action, opts);
  await transact(items);
  return next;
}

/**
 * handelorder (R423, R427, R428): 1 review (status 1 pass / 2 fail, a result required to fail),
 * 2 refund (1 approve / 2 reject), 3 complete, 4 proxy cancel. The letter is the action's own.
 */
export async function handleOrder(caller: Caller, input: HandleOrderInput, goodsType?: GoodsType): Promise<GoodsOrderItem> {
  const action = actionOfCtrl(input.currentCtrl, input.status);
  if (!action) throw new DomainError(GOODS_ORDER_MSG.reviewStatus, "400");
  const letter = ACTION_LETTER[action]!;
  const f = heldFlags(caller);
  if (!f[letter.toLowerCase() as "a" | "e" | "p"]) throw new DomainError(input.currentCtrl === 1 ? "你没有审核权限" : DENIAL[letter], "403");
  const o = await requireOrder(caller.tenantId, input.orderId);
  if (goodsType && o.goodsType !== goodsType) throw new DomainError(ORDER_MSG.notFound, "404");
  if (action === "reviewFail" && !input.handleResult.trim()) throw new DomainError(GOODS_ORDER_MSG.noResult, "400");
  const now = formatDateTime();
  const set: Partial<GoodsOrderItem> = { handleUser: who(caller), handleTime: now };
  if (input.handleResult) set.handleResult = input.handleResult;
  if (action === "complete") set.completeTime = now;
  if (action === "proxyCancel") set.cancelTime = now;
  return move(o, action, { set, refundReason: input.handleResult || (action === "refundApprove" ? o.refundReason : "") });
}

/** R425: only finished orders are deleted; the totals move with it. */
export async function deleteGoodsOrder(tenantId: string, id: number): Promise<number> {
  const o = await getGoodsOrder(tenantId, id);
  if (!o) throw nothingDeleted(); // R055
  if (!deletable(o.status)) throw new DomainError(GOODS_ORDER_MSG.notDeletable, "409");
  await transact([
    txDelete(
      GoodsOrder.delete({ tenantId, id }).where((a, { eq }) => eq(a.status, o.status)),
      ORDER_MSG.moved,
    ),
    totalDelta(tenantId, typeTotal(o.goodsType), -1),
    totalDelta(tenantId, statusTotal(o.goodsType, o.status), -1),
  ]);
  return id;
}

// ── the member's moves ──

export async function memberOrder(m: GoodsMember, id: number): Promise<GoodsOrderItem> {
  const o = await getGoodsOrder(m.tenantId, id);
  // Another member's order is answered as none at all.
  if (!o || o.mobileUserId !== m.mobileUserId) throw new DomainError(ORDER_MSG.notFound, "404");
  return o;
}

export const memberCancel = async (m: GoodsMember, id: number) => move(await memberOrder(m, id), "cancel", { set: { cancelTime: formatDateTime() } });
export const memberAskRefund = async (m: GoodsMember, id: number, reason: string) => move(await memberOrder(m, id), "askRefund", { set: { refundReason: reason } });
