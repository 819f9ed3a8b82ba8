import { LotteryRecord, type LotteryRecordItem } from "./entities.ts";
import { MSG, type RecordSaveInput } from "./schemas.ts";
import { recordView, type RecordView } from "./views.ts";
import { mustLottery, prizesOf } from "./activities.ts";
import { formatDateTime } from "../kernel/clock.ts";
import { DomainError } from "../kernel/errors.ts";
import { transact, txUpdate } from "../kernel/tx.ts";
import { anyOf } from "../kernel/filter.ts";
import { boundedList, type ListSource } from "../kernel/list.ts";
import type { Envelope } from "../kernel/envelope.ts";
import type { Paging } from "../kernel/paging.ts";
import { who, type Caller } from "../kernel/context.ts";

/**
 * Draw records: the winner list of an activity (R590–R592), one record, and the distribution
 * registration (R593–R594). Every draw is a record ("no prize" included, its distribution 无需派奖).
 */
const recordNotFound = () => new DomainError(MSG.recordNotFound, "404");

/** Records of an activity, newest first. Every draw wins one prize, so the total is the sum of the prizes' `won`: no counter of its own. */
export async function listRecords(caller: Caller, lotteryId: number, p: Paging): Promise<Envelope<never, RecordView>> {
  const { tenantId } = caller;
  await mustLottery(tenantId, lotteryId);
  const keyword = p.keyword.trim();
  const src: ListSource<LotteryRecordItem> = {
    params: (order) =>
      LotteryRecord.query
        .byLottery({ tenantId, lotteryId })
        .where((a, op) => keyword && anyOf(op.contains(a.realname, keyword), op.contains(a.prizeName, keyword), op.eq(a.mobile, keyword)))
        .params({ order }),
    parse: (Items) => LotteryRecord.parse({ Items }).data as LotteryRecordItem[],
  };
  const total = async () => (await prizesOf(tenantId, lotteryId)).reduce((s, x) => s + x.won, 0);
  return boundedList(src, { ...p, order: p.order === "asc" ? "asc" : "desc" }, { total: keyword ? undefined : total, map: recordView });
}

async function mustRecord(tenantId: string, id: number): Promise<LotteryRecordItem> {
  const { data } = await LotteryRecord.get({ tenantId, id }).go();
  if (!data) throw recordNotFound();
  return data;
}

export async function viewRecord(caller: Caller, id: number): Promise<RecordView> {
  return recordView(await mustRecord(caller.tenantId, id));
}

/**
 * Registers a prize's distribution (recordsave: status, remark; the time and the staff member are
 * the server's, docs/gaps.md §3). Only a record whose prize needs distribution can be registered (R592).
 */
export async function saveDistribution(caller: Caller, input: RecordSaveInput): Promise<RecordView> {
  const { tenantId } = caller;
  const r = await mustRecord(tenantId, input.id);
  if (r.hasDistribute !== 1) throw new DomainError("该奖品无需派奖", "409");
  const values = {
    status: input.status,
    remark: input.remark,
    distributeTime: input.status === 1 ? formatDateTime() : "",
    distributeUser: input.status === 1 ? who(caller) : "",
  };
  await transact([txUpdate(LotteryRecord.patch({ tenantId, id: r.id }).set({ ...values, lotteryId: r.lotteryId }), MSG.recordNotFound)]);
  return recordView({ ...r, ...values });
}

/** The most rows one export carries (the file is the Lambda's reply; 6 MB is its ceiling, ~1.5 MB here). */
export const EXPORT_MAX_ROWS = 20_000;

/** Every record of an activity for the winners' export, newest first, at most EXPORT_MAX_ROWS. */
export async function recordsForExport(tenantId: string, lotteryId: number): Promise<{ title: string; rows: RecordView[]; capped: boolean }> {
  const lottery = await mustLottery(tenantId, lotteryId);
  const rows: RecordView[] = [];
  let cursor: string | null = null;
  do {
    const out: { data: LotteryRecordItem[]; cursor: string | null } = await LotteryRecord.query.byLottery({ tenantId, lotteryId }).go({ order: "desc", cursor, limit: 1000 });
    rows.push(...out.data.map(recordView));
    cursor = out.cursor;
  } while (cursor && rows.length < EXPORT_MAX_ROWS);
  return { title: lottery.title, rows: rows.slice(0, EXPORT_MAX_ROWS), capped: !!cursor || rows.length > EXPORT_MAX_ROWS };
}
