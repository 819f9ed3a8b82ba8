import { GiftWeek, type GiftWeekItem } from "./entities.ts";
import { GIFT_INVALID, type GiftWeekDelayInput, type GiftWeekDelayPassInput, type GiftWeekInput, type GiftWeekPassInput } from "./schemas.ts";
import { DELAY, GIFT_STATUS, GIFT_WEEK_TOTALS, MSG, canApplyDelay, canReviewDelay, checkDelay, checkGiftExpiry, delayText, giftStatusText } from "./rules.ts";
import { giftTypeFor } from "./membership.ts";
import { addWeeks, expiryOf, setExpiryItems } from "../clients/ledger/ledger.ts";
import { CLIENT_CHANGED, levelChangeItems, levelFromLots } from "../clients/memberLevel.ts";
import { MembershipLot } from "../clients/ledger/entities.ts";
import { getClient, visibleClient } from "../clients/visible.ts";
import { nextId, shopTotalDelta, tallied, totalDelta } from "../kernel/counters.ts";
import { endOfDay, formatDateTime, today } from "../kernel/clock.ts";
import { DomainError } from "../kernel/errors.ts";
import { boundedList } from "../kernel/list.ts";
import { retryRaces, transact, txDelete, txPut, txUpdate } from "../kernel/tx.ts";
import { who, type Caller } from "../kernel/context.ts";
import { inReachOr404, reachesWholeTenant } from "../kernel/dataScope.ts";
import { weeksListFilter } from "./listFilter.ts";
import type { Paging } from "../kernel/paging.ts";
import type { Envelope } from "../kernel/envelope.ts";
import { allOf, type WhereAttrs, type WhereOps } from "../kernel/filter.ts";

/**
 * Gift weeks (R215–R226, docs/gaps.md §7): a gift waits for review; passing it adds its weeks to the
 * client's stored weeks as a ledger lot expiring at the gift's expiry, in the same transaction that
 * marks it reviewed (conditional on it still waiting, so two reviewers cannot both add the weeks);
 * failing it deletes it. A reviewed gift may apply once for a delay; passing the delay moves the
 * expiry of exactly that lot. See docs/weeks.md.
 */
const TOTAL = "giftWeeks";
/** Per store (kernel/counters.ts `shopTotalDelta`): gifts waiting for review, and delays waiting for theirs (the workbench's counts). */
const { waiting: WAITING, delaying: DELAYING } = GIFT_WEEK_TOTALS;

/** A gift's `.where()` arguments, for the conditions written once and used on several writes. */
type GiftWhere = WhereAttrs<typeof GiftWeek>;
type GiftOps = WhereOps<typeof GiftWeek>;

export type GiftWeekView = ReturnType<typeof giftWeekView>;
export const giftWeekView = ({ tenantId: _t, ...g }: GiftWeekItem) => ({
  ...g,
  status: g.status ?? 0,
  delay: g.delay ?? 0,
  statusText: giftStatusText(g.status ?? 0),
  delayText: delayText(g.delay ?? 0),
});

/** A gift the caller may see (its client's store inside the caller's departments), else 无效的周次！ */
async function visibleGift(caller: Caller, id: number): Promise<GiftWeekItem> {
  return inReachOr404(caller, (await GiftWeek.get({ tenantId: caller.tenantId, id }).go()).data, GIFT_INVALID);
}

export async function saveGiftWeek(caller: Caller, input: GiftWeekInput): Promise<GiftWeekItem> {
  const { tenantId } = caller;
  const client = await visibleClient(caller, input.clientId);
  checkGiftExpiry(input.giftDuration, today());
  const productTypeId = await giftTypeFor(tenantId, client.id, input.productTypeId);
  const id = await nextId(tenantId, "giftWeek");
  const item: GiftWeekItem = {
    tenantId,
    id,
    clientId: client.id,
    clientName: client.clientName,
    mobile: client.mobile ?? "",
    shop: client.shop ?? "",
    productTypeId,
    giftCount: input.giftCount,
    giftDuration: endOfDay(input.giftDuration),
    remark: input.remark,
    serviceUser: who(caller),
    giftTime: formatDateTime(),
    status: GIFT_STATUS.waiting,
    reviewUser: "",
    reviewTime: "",
    lotId: 0,
    delay: DELAY.none,
    delayDuration: "",
    delayReason: "",
    delayUser: "",
    delayTime: "",
  };
  await transact([txPut(GiftWeek.create(item), "赠送记录冲突，请重试"), totalDelta(tenantId, TOTAL, 1), shopTotalDelta(tenantId, WAITING, item.shop ?? "", 1)]);
  return item;
}

/**
 * Review (R221–R223): 1 adds the weeks (a new lot until the gift's expiry) and marks the gift
 * reviewed, in one transaction conditioned on status 0; 2 deletes the waiting gift. Answers the gift's id.
 */
export async function reviewGiftWeek(caller: Caller, input: GiftWeekPassInput): Promise<number> {
  const { tenantId } = caller;
  const g = await visibleGift(caller, input.id);
  if (g.status === GIFT_STATUS.reviewed) throw new DomainError(MSG.reviewed, "409");
  const key = { tenantId, id: g.id };
  const waiting = (a: GiftWhere, op: GiftOps) => op.eq(a.status, GIFT_STATUS.waiting as number);
  if (input.status === 2) {
    await transact([txDelete(GiftWeek.delete(key).where(waiting), MSG.reviewed), totalDelta(tenantId, TOTAL, -1), shopTotalDelta(tenantId, WAITING, g.shop ?? "", -1)]);
    return g.id;
  }
  if (g.giftDuration < formatDateTime()) throw new DomainError(MSG.pastExpiry, "400");
  const ledger = { tenantId, clientId: g.clientId, productTypeId: g.productTypeId };
  const { items, lotId } = await addWeeks(
    ledger,
    { weeks: g.giftCount, shipDuration: g.giftDuration, productName: "赠送周次", shipUnit: "周", remark: g.remark ?? "", source: "giftWeek", sourceId: String(g.id) },
    { reason: "赠送周次审核通过", operator: who(caller) },
  );
  await transact([
    txUpdate(
      GiftWeek.patch(key)
        .set({ status: GIFT_STATUS.reviewed, lotId, reviewUser: who(caller), reviewTime: formatDateTime() })
        .where(waiting),
      MSG.reviewed,
    ),
    shopTotalDelta(tenantId, WAITING, g.shop ?? "", -1),
    ...items,
  ]);
  return g.id;
}

/** Delay application (R225): only a reviewed gift whose delay is 0; the new expiry must be later. */
export async function applyDelay(caller: Caller, input: GiftWeekDelayInput): Promise<number> {
  const g = await visibleGift(caller, input.id);
  if (!canApplyDelay({ status: g.status ?? 0, delay: g.delay ?? 0 })) throw new DomainError(MSG.delayOnlyReviewed, "409");
  checkDelay(input.delayDuration, g.giftDuration, today());
  await transact([
    txUpdate(
      GiftWeek.patch({ tenantId: caller.tenantId, id: g.id })
        .set({ delay: DELAY.reviewing, delayDuration: endOfDay(input.delayDuration), delayReason: input.delayReason, delayUser: who(caller), delayTime: formatDateTime() })
        .where((a, op) => allOf(op.eq(a.status, GIFT_STATUS.reviewed as number), op.eq(a.delay, DELAY.none as number))),
      MSG.delayOnlyReviewed,
    ),
    shopTotalDelta(caller.tenantId, DELAYING, g.shop ?? "", 1),
  ]);
  return g.id;
}

/**
 * Delay review (R226): 1 sets the gift's expiry to the delay's and moves exactly its lot's expiry
 * (one transaction, conditioned on the delay still under review and on the lot's expiry being the
 * one read); 3 refuses. Answers the gift's id.
 */
export async function reviewDelay(caller: Caller, input: GiftWeekDelayPassInput): Promise<number> {
  const { tenantId } = caller;
  const g = await visibleGift(caller, input.id);
  if (!canReviewDelay({ status: g.status ?? 0, delay: g.delay ?? 0 })) throw new DomainError(MSG.delayNotPending, "409");
  const underReview = (a: GiftWhere, op: GiftOps) => op.eq(a.delay, DELAY.reviewing as number);
  const key = { tenantId, id: g.id };
  if (input.delay === DELAY.refused) {
    await transact([txUpdate(GiftWeek.patch(key).set({ delay: DELAY.refused }).where(underReview), MSG.delayNotPending), shopTotalDelta(tenantId, DELAYING, g.shop ?? "", -1)]);
    return g.id;
  }
  const ledger = { tenantId, clientId: g.clientId, productTypeId: g.productTypeId };
  // The lot's expiry as it is now (staff may have changed it in the membership viewer since the review).
  const { data: lot } = await MembershipLot.get({ ...ledger, id: g.lotId ?? 0 }).go();
  if (!lot) throw new DomainError(GIFT_INVALID, "404");
  // A gift of a membership type may carry the level: it follows the new expiry in the same transaction.
  await retryRaces(async () => {
    const client = await getClient(tenantId, g.clientId);
    const level = client ? await levelFromLots(client, { expiry: { lotId: lot.id, shipDuration: expiryOf(g.delayDuration ?? "") } }) : null;
    await transact([
      txUpdate(GiftWeek.patch(key).set({ delay: DELAY.delayed, giftDuration: g.delayDuration }).where(underReview), MSG.delayNotPending),
      shopTotalDelta(tenantId, DELAYING, g.shop ?? "", -1),
      ...setExpiryItems(
        ledger,
        g.lotId ?? 0,
        g.delayDuration ?? "",
        lot.shipDuration,
        { reason: "赠送周次延期", source: "giftWeek", sourceId: g.id, operator: who(caller) },
        MSG.delayNotPending,
      ),
      ...(client && level ? levelChangeItems(client, level) : []),
    ]);
  }, [CLIENT_CHANGED]);
  return g.id;
}

export type GiftWeekFilter = { clientId?: number; status?: number; delay?: number };

/**
 * The gift list, newest first (one Query of the tenant's gifts, or of one client's on gsi1).
 * Unfiltered, the kept total answers; a keyword (client name, mobile, remark), a filter or a
 * store-level caller counts its matches, capped (kernel/list.ts).
 */
export async function listGiftWeeks(caller: Caller, p: Paging, f: GiftWeekFilter): Promise<Envelope<never, GiftWeekView>> {
  const { tenantId } = caller;
  const whole = reachesWholeTenant(caller);
  const keyword = p.keyword;
  const params = (order: "asc" | "desc") =>
    (f.clientId ? GiftWeek.query.byClient({ tenantId, clientId: f.clientId }) : GiftWeek.query.byId({ tenantId }))
      .where((a, op) => weeksListFilter(caller, keyword, a, op, f.status !== undefined && op.eq(a.status, f.status), f.delay !== undefined && op.eq(a.delay, f.delay)))
      .params({ order });
  const filtered = !!keyword || f.clientId !== undefined || f.status !== undefined || f.delay !== undefined || !whole;
  return boundedList({ params, parse: (Items) => GiftWeek.parse({ Items }).data as GiftWeekItem[] }, p, {
    // Unfiltered: the kept total, and later pages from cursors remembered under its moves.
    ...(filtered ? {} : tallied(tenantId, TOTAL)),
    map: giftWeekView,
  });
}
