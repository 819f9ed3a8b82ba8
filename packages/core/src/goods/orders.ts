import { Goods, GoodsJob, GoodsOrder, GoodsSpec, type GoodsOrderItem } from "./entities.ts";
import { GOODS_MSG, isGoodsType, type GoodsType, type HandleOrderInput, type MemberOrderInput } from "./schemas.ts";
import { ACTION_LETTER, GOODS_ORDER_MSG, actionOfCtrl, decide, deletable, refundsMoney, releasesStock, type GoodsAction, type GoodsOrderStatus } from "./orderStatus.ts";
import { nextId, tallied, totalDelta } from "../kernel/counters.ts";
import { formatDateTime, nowMs, shanghai } from "../kernel/clock.ts";
import { fenToYuan } from "../kernel/money.ts";
import { DomainError, nothingDeleted } from "../kernel/errors.ts";
import { DENIAL, flagsOf } from "../kernel/rights.ts";
import { boundedList } from "../kernel/list.ts";
import { CONFLICT, retryRaces, transact, txCheck, txDelete, txPut, txUpdate, type TxItem } from "../kernel/tx.ts";
import { readJson } from "../kernel/json.ts";
import type { Caller } from "../kernel/context.ts";
import type { Paging } from "../kernel/paging.ts";
import type { Envelope } from "../kernel/envelope.ts";
import { allOf } from "../kernel/filter.ts";
import { tallyItems } from "../finance/tallies/tally.ts";
import { PAID, noticeKey, sandboxNotice, signatureHolds, type SignedNotice } from "../orders/payNotice.ts";

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
  sign: "支付通知签名不正确",
} as const;

const PREFIX = "GO";
/** The order number (also the out-trade number the provider reports): GO + order date + the id. */
export const orderNoOf = (id: number, at = nowMs()): string => `${PREFIX}${shanghai(at).format("YYYYMMDD")}${String(id).padStart(8, "0")}`;
export const idOfGoodsOrderNo = (no: string): number | null => {
  const m = /^GO\d{8}(\d{6,})$/.exec(no.trim());
  return m ? Number(m[1]) : null;
};

const typeTotal = (t: string) => `goodsorders#${t}`;
const statusTotal = (t: string, s: number) => `goodsorders#${t}#${s}`;

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

async function requireOrder(tenantId: string, id: number): Promise<GoodsOrderItem> {
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
    txPut(GoodsJob.create({ queue: EXPIRE_QUEUE, dueAt: order.payDeadline!, tenantId, orderId: id })),
  ];
  // Simultaneous orders touch the same spec and totals: a transaction that lost only the race (not
  // its condition) runs again; one refused for stock is answered at once.
  await retryRaces(() => transact(items), [CONFLICT], 20);
  return order;
}

// ── moves ──

type MoveOpts = { set?: Partial<GoodsOrderItem>; refundReason?: string; extra?: TxItem[] };

/** The transaction items of one move of `o` by `action` (refused when the status does not allow it). */
function moveItems(o: GoodsOrderItem, action: GoodsAction, opts: MoveOpts = {}): { next: GoodsOrderItem; items: TxItem[] } {
  const from = o.status as GoodsOrderStatus;
  const to = decide(from, action);
  if (to === null) throw new DomainError(GOODS_ORDER_MSG.notAllowed, "409");
  const next = { ...o, ...opts.set, status: to } as GoodsOrderItem;
  const { tenantId } = o;
  const refund: GoodsRefund | null =
    refundsMoney(from, to) && (o.price ?? 0) > 0 && o.payTime
      ? { id: `RG${o.id}${String(nowMs()).slice(-6)}`, refundPrice: o.price ?? 0, reason: opts.refundReason ?? "", status: REFUND_PENDING, refundTime: "" }
      : null;
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
      // The refund asked of the provider, settled by the goodsExpire job (sandbox; see runGoodsJobs).
      txPut(
        GoodsJob.create({
          queue: REFUND_QUEUE,
          dueAt: formatDateTime(nowMs() + REFUND_DELAY_MS),
          tenantId,
          orderId: o.id,
          refundId: refund.id,
          amountFen: refund.refundPrice,
          outTradeNo: o.outTradeNo ?? "",
        }),
      ),
      // The money leaves the online takings of the month the refund is decided in (finance/tallies).
      ...tallyItems({ tenantId, column: "online", fen: -refund.refundPrice, shop: "" }),
    );
  return { next, items };
}

async function move(o: GoodsOrderItem, action: GoodsAction, opts: MoveOpts = {}): Promise<GoodsOrderItem> {
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
  const f = flagsOf(caller.functionId ? caller.rights[String(caller.functionId)] : "");
  if (!f[letter.toLowerCase() as "a" | "e" | "p"]) throw new DomainError(input.currentCtrl === 1 ? "你没有审核权限" : DENIAL[letter], "403");
  const o = await requireOrder(caller.tenantId, input.orderId);
  if (goodsType && o.goodsType !== goodsType) throw new DomainError(ORDER_MSG.notFound, "404");
  if (action === "reviewFail" && !input.handleResult.trim()) throw new DomainError(GOODS_ORDER_MSG.noResult, "400");
  const now = formatDateTime();
  const set: Partial<GoodsOrderItem> = { handleUser: caller.realname || caller.username, handleTime: now };
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

async function memberOrder(m: GoodsMember, id: number): Promise<GoodsOrderItem> {
  const o = await getGoodsOrder(m.tenantId, id);
  // Another member's order is answered as none at all.
  if (!o || o.mobileUserId !== m.mobileUserId) throw new DomainError(ORDER_MSG.notFound, "404");
  return o;
}

export const memberCancel = async (m: GoodsMember, id: number) => move(await memberOrder(m, id), "cancel", { set: { cancelTime: formatDateTime() } });
export const memberAskRefund = async (m: GoodsMember, id: number, reason: string) => move(await memberOrder(m, id), "askRefund", { set: { refundReason: reason } });
export const memberOrderOf = memberOrder;

/**
 * A completed payment (the port's notice, or the sandbox): the order moves 1 → 2 once with its
 * payment fields and the month's online takings, however often the notice comes. Answers whether
 * this notice completed it.
 */
export async function completeGoodsPayment(tenantId: string, outTradeNo: string, amountFen: number, tradeNo: string): Promise<boolean> {
  const id = idOfGoodsOrderNo(outTradeNo);
  const o = id ? await getGoodsOrder(tenantId, id) : null;
  if (!o || o.orderNo !== outTradeNo) throw new DomainError("支付订单不存在", "404");
  if (o.payTime) return false;
  if (o.status !== 1) throw new DomainError(ORDER_MSG.payClosed, "409");
  if ((o.price ?? 0) !== amountFen) throw new DomainError(ORDER_MSG.payAmount, "400");
  const at = formatDateTime();
  const { items } = moveItems(o, "pay", { set: { payTime: at, outTradeNo, tradeNo }, extra: tallyItems({ tenantId, column: "online", fen: amountFen, shop: "", at }) });
  try {
    await transact(items);
  } catch (e) {
    // A repeated notice racing the first: the first completed it.
    if (e instanceof DomainError && e.desc === ORDER_MSG.moved && (await getGoodsOrder(tenantId, o.id))?.payTime) return false;
    throw e;
  }
  return true;
}

/** A signed notice for a goods order (the sandbox pay route sends one through here). */
export async function receiveGoodsNotice(tenantId: string, n: SignedNotice): Promise<boolean> {
  const key = await noticeKey(tenantId);
  if (!key || !signatureHolds(key, tenantId, n)) throw new DomainError(ORDER_MSG.sign, "401");
  if (n.tradeState !== PAID) return false;
  return completeGoodsPayment(tenantId, n.outTradeNo, Number(n.amount), n.tradeNo);
}

/** The member's payment through the sandbox provider: its signed notice for the order's amount, received as the provider's would be. */
export async function payInSandbox(m: GoodsMember, id: number): Promise<boolean> {
  const o = await memberOrder(m, id);
  const notice = await sandboxNotice(m.tenantId, { outTradeNo: o.orderNo, amountFen: o.price ?? 0, tradeNo: `SB${o.orderNo}${String(nowMs()).slice(-6)}` });
  return receiveGoodsNotice(m.tenantId, notice);
}

// ── the job: deadlines and refunds ──

/** Closes unpaid orders past their deadline (stock released) and settles due refunds. Answers how many of each. */
export async function runGoodsJobs(limit = 100): Promise<{ closed: number; refunded: number }> {
  const due = (queue: string) =>
    GoodsJob.query
      .byDue({ queue })
      .lt({ dueAt: formatDateTime(nowMs() + 1000) })
      .go({ limit });
  const [expiring, refunds] = await Promise.all([due(EXPIRE_QUEUE), due(REFUND_QUEUE)]);
  let closed = 0;
  for (const job of expiring.data) {
    const done = txDelete(GoodsJob.delete(job));
    const o = await getGoodsOrder(job.tenantId, job.orderId);
    if (!o || o.status !== 1) {
      await transact([done]);
      continue;
    }
    try {
      const { items } = moveItems(o, "expire", {});
      await transact([...items, done]);
      closed++;
    } catch (e) {
      // Paid or cancelled at this very moment: the deadline no longer matters.
      if (!(e instanceof DomainError && e.code === "409")) throw e;
      await transact([done]);
    }
  }
  let refunded = 0;
  for (const job of refunds.data) {
    const done = txDelete(GoodsJob.delete(job));
    const o = await getGoodsOrder(job.tenantId, job.orderId);
    const refund = o ? readJson<GoodsRefund | null>(o.refundJson, null) : null;
    if (!o || !refund || refund.id !== job.refundId) {
      await transact([done]);
      continue;
    }
    // The sandbox provider pays back what was paid through it.
    const next: GoodsRefund = { ...refund, status: job.outTradeNo ? REFUND_DONE : 2, refundTime: formatDateTime() };
    await transact([done, txUpdate(GoodsOrder.patch({ tenantId: job.tenantId, id: job.orderId }).set({ refundJson: JSON.stringify(next) }))]);
    refunded++;
  }
  return { closed, refunded };
}

// ── lists ──

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
