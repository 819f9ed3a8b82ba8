import { Lottery, LotteryEntrant, LotteryRecord, type LotteryItem, type LotteryRecordItem } from "./entities.ts";
import { drawPrize, type DrawMember, type DrawResult } from "./drawing.ts";
import { memberLotteryRow, memberPrizeRow, type MemberLotteryRow, type MemberPrizeRow } from "./views.ts";
import { MEMBER_ACCOUNT_MSG } from "../auth/memberMessages.ts";
import { formatDateTime } from "../kernel/clock.ts";
import { DomainError } from "../kernel/errors.ts";
import { allOf } from "../kernel/filter.ts";
import { boundedRows, type ListSource } from "../kernel/list.ts";
import { okList, type Envelope } from "../kernel/envelope.ts";
import { pageParams, type Paging } from "../kernel/paging.ts";

/**
 * The mini-program's lottery lists (issue 34): the activities a member can draw in now, with their
 * draws left, and the member's own draws with their distribution state. Both are bounded Queries of
 * one partition (the tenant's activities filtered to the running ones; the member's records on their
 * own index), their totals counted, capped (kernel/list.ts). The draw itself is drawing.ts, which
 * members reach through `memberDraw`: a member without a mobile (not yet bound) cannot draw.
 */
const newestFirst = (p: Paging): Paging => ({ ...p, order: "desc" });

/** `GET /gateway/api/lotter/mp/list`: enabled activities running now, newest first, with the member's draws left. */
export async function memberLotteries(member: DrawMember, p: Paging): Promise<Envelope<never, MemberLotteryRow>> {
  const { tenantId, mobileUserId } = member;
  const now = formatDateTime();
  const src: ListSource<LotteryItem> = {
    params: (order) =>
      Lottery.query
        .byId({ tenantId })
        .where((a, op) => allOf(op.eq(a.idisplay, 1), op.lte(a.startTime, now), op.gte(a.endTime, now)))
        .params({ order }),
    parse: (Items) => Lottery.parse({ Items }).data as LotteryItem[],
  };
  const { rows, total } = await boundedRows(src, newestFirst(p));
  const { data: entrants } = rows.length ? await LotteryEntrant.get(rows.map((l) => ({ tenantId, lotteryId: l.id, mobileUserId }))).go() : { data: [] };
  const drawn = new Map(entrants.map((e) => [e.lotteryId, e.draws]));
  const out = rows.map((l) => memberLotteryRow(l, now, drawn.get(l.id) ?? 0));
  return okList(out, pageParams(p, total));
}

/** `GET /gateway/api/lotter/mp/records`: the member's own draws, newest first, with the activities' titles (one batch read). */
export async function memberPrizes(member: DrawMember, p: Paging): Promise<Envelope<never, MemberPrizeRow>> {
  const { tenantId, mobileUserId } = member;
  const src: ListSource<LotteryRecordItem> = {
    params: (order) => LotteryRecord.query.byMember({ tenantId, mobileUserId }).params({ order }),
    parse: (Items) => LotteryRecord.parse({ Items }).data as LotteryRecordItem[],
  };
  const { rows, total } = await boundedRows(src, newestFirst(p));
  const ids = [...new Set(rows.map((r) => r.lotteryId))];
  const { data: lotteries } = ids.length ? await Lottery.get(ids.map((id) => ({ tenantId, id }))).go() : { data: [] };
  const titles = new Map(lotteries.map((l) => [l.id, l.title]));
  return okList(
    rows.map((r) => memberPrizeRow(r, titles.get(r.lotteryId) ?? "")),
    pageParams(p, total),
  );
}

/** `POST /gateway/api/lotter/mp/draw` (issue 34): only a member with a bound mobile draws. */
export async function memberDraw(member: DrawMember, lotteryId: number): Promise<DrawResult> {
  if (!member.mobile) throw new DomainError(MEMBER_ACCOUNT_MSG.notBound, "409");
  return drawPrize(member, lotteryId);
}
