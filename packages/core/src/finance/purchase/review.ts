import { payerOf, tallyItems, type Payer } from "../tallies/tally.ts";
import { funnelPassedItems } from "../../workorders/funnel.ts";
import { getWorkOrder } from "../../workorders/read.ts";
import { Purchase, type PurchaseItem } from "./entity.ts";
import { PURCHASE_STATUS, STAGES, purchaseStatusText, stageTotal, type StageName } from "./status.ts";
import { stageTotalItems } from "./create.ts";
import { FINAL_PAY_TEXT, IS_PASSED, REVIEW_MSG, finalPayState, reviewMove, stageOfScreen } from "./rules.ts";
import type { ReviewInput } from "./schemas.ts";
import { CLIENT_CHANGED, clientLevelItems, levelFromLots } from "../../clients/memberLevel.ts";
import { addWeeks } from "../../clients/ledger/ledger.ts";
import { CLIENT_GONE, getClient } from "../../clients/visible.ts";
import { membershipExpiry } from "../../products/purchase.ts";
import { getProduct } from "../../products/service.ts";
import { moduleInfo } from "../../platform/menu.ts";
import { readTotal, shopTotals } from "../../kernel/counters.ts";
import { formatDateTime, today } from "../../kernel/clock.ts";
import { DomainError } from "../../kernel/errors.ts";
import { fenToYuan } from "../../kernel/money.ts";
import { boundedList, checkDepth, listBounds } from "../../kernel/list.ts";
import { idPartition, mergedPage, rowsById, tallyVersion } from "../../kernel/mergedPages.ts";
import { listKey } from "../../kernel/pageStarts.ts";
import { pageParams, type Paging } from "../../kernel/paging.ts";
import { okList, type Envelope } from "../../kernel/envelope.ts";
import { inReach, reachPrefixes, reachesWholeTenant, shopCondition } from "../../kernel/dataScope.ts";
import { retryRaces, transact, txUpdate, type TxItem } from "../../kernel/tx.ts";
import { who, type Caller } from "../../kernel/context.ts";
import { allOf, anyOf } from "../../kernel/filter.ts";

/**
 * The three-stage purchase review (R260–R276, docs/gaps.md §8; docs/reviews.md): lists per stage, the
 * detail, and the review itself. Every stage change is one transaction conditioned on the status
 * the reviewer saw, moving the stage totals with it; the last stage's pass credits the client's
 * membership in that same transaction, so the weeks are credited exactly once.
 */

export type PurchaseView = ReturnType<typeof purchaseView>;
/** A purchase as the contract shows it (buyInfo / the review list's purchase record): money in yuan. */
export const purchaseView = ({ tenantId: _t, ...p }: PurchaseItem) => {
  const state = finalPayState(p);
  return {
    ...p,
    amount: fenToYuan(p.amount ?? 0),
    payAmount: fenToYuan(p.payAmount ?? 0),
    firstPayAmount: fenToYuan(p.firstPayAmount ?? 0),
    finalPayAmount: fenToYuan(p.finalPayAmount ?? 0),
    /** none (无需付款) | unpaid (未支付, the row offers 未支付，去处理) | paid (the amount). */
    finalPayState: state,
    finalPayText: state === "paid" ? fenToYuan(p.finalPayAmount ?? 0).toFixed(2) : FINAL_PAY_TEXT[state],
    statusText: purchaseStatusText(p.status),
  };
};

export async function getPurchase(tenantId: string, id: number): Promise<PurchaseItem | null> {
  return (await Purchase.get({ tenantId, id }).go()).data;
}

/** A purchase within the caller's reach, else 没有找到相关购买记录 (R268; another store's record is not confirmed to exist). */
async function visiblePurchase(caller: Caller, id: number): Promise<PurchaseItem> {
  const p = await getPurchase(caller.tenantId, id);
  if (!p || !inReach(caller, p.shop ?? "")) throw new DomainError(REVIEW_MSG.notFound, "404");
  return p;
}

/**
 * The stage's own screen: the three stages are three functions of one module, so the module check
 * alone would let a cashier's function (E on 收银复核) call the member-service review. The right
 * letter is then the stage's (R269): the letters held on that stage's function.
 */
async function assertStageScreen(caller: Caller, stage: StageName): Promise<void> {
  const info = caller.functionId ? await moduleInfo(caller, caller.functionId) : undefined;
  if (stageOfScreen(info?.path) !== stage) throw new DomainError(REVIEW_MSG.wrongScreen, "403");
}

/** Any of the three review screens (the detail serves them all). */
async function assertReviewScreen(caller: Caller): Promise<void> {
  const info = caller.functionId ? await moduleInfo(caller, caller.functionId) : undefined;
  if (!stageOfScreen(info?.path)) throw new DomainError(REVIEW_MSG.wrongScreen, "403");
}

export async function purchaseDetail(caller: Caller, id: number): Promise<PurchaseView> {
  await assertReviewScreen(caller);
  return purchaseView(await visiblePurchase(caller, id));
}

// ── lists ──

const parse = (Items: Record<string, unknown>[]) => Purchase.parse({ Items }).data as PurchaseItem[];

/**
 * A stage's list, newest first (R260). A whole-tenant reviewer reads the stage's partition (gsi1)
 * with the kept total; a store-level reviewer reads the partitions of the stores in reach (gsi3)
 * that the per-store totals say hold rows, merged by id (kernel/mergedPages.ts: a deep page starts
 * from the id remembered under the totals' moves), and their totals add up. A keyword (the
 * client's name or mobile) filters the stage's partition within the reach, its total counted, capped.
 */
export async function listStage(caller: Caller, stage: StageName, p: Paging): Promise<Envelope<never, PurchaseView>> {
  await assertStageScreen(caller, stage);
  const { tenantId } = caller;
  const status = STAGES[stage].status;
  const whole = reachesWholeTenant(caller);
  const keyword = p.keyword.trim();
  if (whole || keyword) {
    const params = (order: "asc" | "desc") =>
      Purchase.query
        .byStage({ tenantId, status })
        .where((a, op) =>
          allOf(
            keyword && anyOf(op.contains(a.clientName, keyword), op.contains(a.mobile, keyword), op.contains(a.productName, keyword)),
            !whole && shopCondition(op, a.shop, reachPrefixes(caller)),
          ),
        )
        .params({ order });
    return boundedList({ params, parse }, p, { total: keyword ? undefined : () => readTotal(tenantId, stageTotal(status)), map: purchaseView });
  }
  checkDepth(p, listBounds().depthCap);
  const covered = await shopTotals(caller, stageTotal(status));
  const shops = covered.filter((s) => s.n > 0);
  const total = shops.reduce((s, x) => s + x.n, 0);
  if (total <= (p.currentPage - 1) * p.pageSize) return okList([], pageParams(p, total));
  const parts = shops.map((s) => idPartition(s.n, () => Purchase.query.byShopStage({ tenantId, shop: s.shop, status })));
  const list = listKey("purchases", tenantId, status, reachPrefixes(caller).join(","));
  const rows = await mergedPage(parts, p, { list, version: tallyVersion(covered), load: (ids) => rowsById<PurchaseItem>(Purchase, tenantId, ids) });
  return okList(rows.map(purchaseView), pageParams(p, total));
}

// ── review ──

const STAFF_FIELDS: Record<StageName, { staff: "cashier" | "financeStaff" | "msStaff"; time: "cashierTime" | "financeTime" | "msTime" }> = {
  cashier: { staff: "cashier", time: "cashierTime" },
  finance: { staff: "financeStaff", time: "financeTime" },
  memberService: { staff: "msStaff", time: "msTime" },
};

/**
 * Reviews a purchase at `stage` (R262–R266): pass moves it to the next stage, fail sets 5 with the
 * reason; the write is conditioned on the status still being the stage's, so of two reviewers at
 * the same moment one succeeds and the other is told the record moved on. Answers the purchase's id.
 */
export async function reviewPurchase(caller: Caller, stage: StageName, input: ReviewInput): Promise<number> {
  await assertStageScreen(caller, stage);
  // The credit reads the client; an edit of the client meanwhile (its revision) re-plans the whole review.
  return retryRaces(async () => {
    const p = await visiblePurchase(caller, input.id);
    const move = reviewMove(stage, p, input);
    if ("refuse" in move) throw new DomainError(move.refuse, move.refuse === REVIEW_MSG.wrongStage ? "409" : "400");
    await transact(await reviewItems(caller, stage, p, move.to, input));
    return p.id;
  }, [CLIENT_CHANGED]);
}

/** What a review writes on the purchase: ElectroDB's `.set()` of a purchase. */
type PurchaseSet = Parameters<ReturnType<typeof Purchase.patch>["set"]>[0];

async function reviewItems(caller: Caller, stage: StageName, p: PurchaseItem, to: number, input: ReviewInput): Promise<TxItem[]> {
  const { tenantId } = caller;
  const from: number = STAGES[stage].status;
  const f = STAFF_FIELDS[stage];
  const now = formatDateTime();
  const credit = to === PURCHASE_STATUS.passed ? await creditItems(caller, p) : undefined;
  const set: PurchaseSet = { status: to };
  set[f.staff] = who(caller);
  set[f.time] = now;
  if (input.isPassed === IS_PASSED.fail) set.reason = input.notPassReason.trim();
  if (credit) Object.assign(set, { lotId: credit.lotId, memberLevel: credit.memberLevel });
  return [
    txUpdate(
      Purchase.patch({ tenantId, id: p.id })
        .set(set)
        // The status is a key of the stage indexes; the store, unchanged, rebuilds the store-and-stage key.
        .composite({ shop: p.shop ?? "" })
        .where((a, { eq }) => eq(a.status, from)),
      REVIEW_MSG.wrongStage,
    ),
    ...stageTotalItems(tenantId, from, p.shop ?? "", -1),
    ...stageTotalItems(tenantId, to, p.shop ?? "", 1),
    ...(credit?.items ?? []),
    // The month's offline sales (finance's split bill): a showroom purchase counts once, in the
    // month its last review passes, for its whole price (R266: an instalment is paid in full by then).
    ...(credit ? tallyItems({ tenantId, column: "offline", fen: p.payAmount ?? 0, shop: p.shop ?? "", ...credit.payer, at: now }) : []),
    // The sales funnel's "passed review" step, for the inviter of the work order that sold it.
    ...(credit ? await passedFunnelItems(tenantId, p, now.slice(0, 10)) : []),
  ];
}

/**
 * The membership credit of the last stage's pass (docs/gaps.md §5, §9): the product's weeks as a new
 * lot expiring `duration` years from today (products/purchase.ts membershipExpiry, as the online
 * purchase), the client made a member (status 2) with the level derived from its active membership
 * products, the new lot included. Items only: they ride in the review's transaction.
 */
async function creditItems(caller: Caller, p: PurchaseItem): Promise<{ items: TxItem[]; lotId: number; memberLevel: string; payer: Payer }> {
  const { tenantId } = caller;
  const client = await getClient(tenantId, p.clientId);
  if (!client) throw new DomainError(CLIENT_GONE, "404");
  const productTypeId = p.productTypeId || (await getProduct(tenantId, p.productId))?.productType || 0;
  const shipDuration = membershipExpiry(today(), p.duration ?? 0);
  const weeks = p.proCount ?? 0;
  const lot =
    weeks > 0
      ? await addWeeks(
          { tenantId, clientId: p.clientId, productTypeId },
          {
            weeks,
            shipDuration,
            productId: p.productId,
            productName: p.productName,
            shipUnit: p.productUnit || "周",
            amount: p.amount,
            payAmount: p.payAmount,
            isInstallment: p.isInstallment,
            firstPayAmount: p.firstPayAmount,
            finalPayAmount: p.finalPayAmount,
            remark: p.remark,
            source: "buyInfo",
            sourceId: String(p.id),
          },
          { reason: "购买复核通过", operator: who(caller) },
        )
      : { items: [], lotId: 0 };
  const level = await levelFromLots(client, weeks > 0 ? { add: { productTypeId, shipDuration: `${shipDuration} 23:59:59` } } : {});
  return { items: [...lot.items, ...clientLevelItems(client, level, 2)], lotId: lot.lotId, memberLevel: level.memberLevel, payer: payerOf(client) };
}

/** The funnel step of a purchase's last pass: counted for its work order's store and inviter, on the day it passes. */
async function passedFunnelItems(tenantId: string, p: PurchaseItem, day: string): Promise<TxItem[]> {
  const w = p.workOrderId ? await getWorkOrder(tenantId, p.workOrderId) : null;
  return w ? funnelPassedItems(tenantId, { shop: w.shop, bookingUser: w.bookingUser ?? 0, day }) : [];
}
