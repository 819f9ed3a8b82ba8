import { QueryCommand, type QueryCommandInput } from "@aws-sdk/lib-dynamodb";
import { Hotel, type RoomIndexEntry } from "./entities.ts";
import { indexedRooms, roomIndexKey } from "./roomIndex.ts";
import { batchGet } from "./batchGet.ts";
import { cellOf, dayKey, toStoredDay, type Day } from "./days.ts";
import { addDays, datesFrom } from "./nights.ts";
import { memberHotelRow, type HotelSearchFacts, type MemberHotelRow, type StayRoomPrice } from "./memberViews.ts";
import { HOTEL_CLUB, MSG } from "../orders/booking.ts";
import type { MemberHotelSearch } from "../orders/member/schemas.ts";
import type { Member } from "../auth/memberAuth.ts";
import { dynamo } from "../kernel/aws.ts";
import { checkDepth, keyNames, listBounds } from "../kernel/list.ts";
import { listKey } from "../kernel/pageStarts.ts";
import { okList, type Envelope } from "../kernel/envelope.ts";
import { pageParams, type Counted } from "../kernel/paging.ts";
import { allOf, anyOf } from "../kernel/filter.ts";
import { today } from "../kernel/clock.ts";
import { DomainError } from "../kernel/errors.ts";

/**
 * The member's hotel search (GET mp/hotels, issue 34): the tenant's displayed hotels with a room
 * free on every night of the stay, in the hotel list's order (sortOrder, newest first), each with
 * its lowest price over the stay.
 *
 * No Scan and no read per hotel. The hotels come from the hotel list's own Query (gsi1 by type,
 * gsi2 all types) with the filters DynamoDB applies — displayed, stored status reaching the stay's
 * last night (`lastDate`), the name keyword, the region code — and only the attributes a row shows.
 * Their availability comes from ONE batch get per round: each candidate's room index and its day
 * items of the stay (the status list's read, hotels/statusList.ts). Rounds go on, each asking more
 * hotels, until the page and one more hotel are found or the hotels end; a page that found them
 * all knows the exact total, else the total is the number found, marked capped (there are more).
 *
 * Bounded: per request at most `MAX_CHECKED` hotels checked, `MAX_KEYS` items batch-read and
 * `listBounds().readCap` evaluated by the Query; pages no deeper than `SEARCH_DEPTH` rows; a stay of
 * at most 30 nights (the schema). A later page goes on from where the one before it stopped, when
 * this container served it (below).
 */
const SEARCH_DEPTH = 500;
const MAX_CHECKED = 1000;
/** Keys of one round's batch get at most (hotels × (nights + 1)), and of one request's. */
const ROUND_KEYS = 1000;
const MAX_KEYS = 5000;

const FIELDS = ["id", "hotelType", "hotelName", "hotelLevel", "address", "province", "city", "area", "lat", "lng", "pictures", "useTicket"] as const;
type Candidate = HotelSearchFacts;

/** The hotel list's Query for a member's search: filters evaluated by DynamoDB, the row's attributes only. */
function candidateQuery(tenantId: string, q: MemberHotelSearch, lastNight: string): QueryCommandInput {
  const keyword = q.paging.keyword.trim();
  const area = q.areaCode;
  const query = q.hotelType ? Hotel.query.byType({ tenantId, hotelType: q.hotelType }) : Hotel.query.byOrder({ tenantId });
  return query
    .where((a, op) =>
      allOf(
        op.eq(a.idisplay, 1),
        op.gte(a.lastDate, lastNight),
        keyword && op.contains(a.hotelName, keyword),
        area && anyOf(op.eq(a.province, area), op.eq(a.city, area), op.eq(a.area, area)),
      ),
    )
    .params({ order: "asc", attributes: [...FIELDS] });
}

type Batch = { hotels: Candidate[]; next: Record<string, unknown> | undefined; evaluated: number };

/**
 * How many items one Query call evaluates when a keyword or region filters the hotels. Asked a
 * page's worth at a time, a keyword matching one hotel in six took ten round trips in a row (issue
 * 34's bench); asked this many at once, one call finds the page, and the hotels past the ones wanted
 * are dropped and read again later from the last kept hotel's key, so a round checks no more hotels
 * than it wants.
 */
const SPARSE_READ = 250;

/**
 * At least `want` more candidates from `start`, evaluating at most `budget` items. Unfiltered, all a
 * Query page gave (none is read twice); `sparse`, at most `want`, the next read starting after the last.
 */
async function readCandidates(params: QueryCommandInput, want: number, start: Record<string, unknown> | undefined, budget: number, sparse: boolean): Promise<Batch> {
  const items: Record<string, unknown>[] = [];
  let next = start;
  let evaluated = 0;
  do {
    const ask = sparse ? SPARSE_READ : evaluated === 0 ? want : Math.max(want - items.length, 50);
    const out = await dynamo().send(new QueryCommand({ ...params, Limit: Math.max(1, Math.min(ask, budget - evaluated)), ExclusiveStartKey: next }));
    items.push(...(out.Items ?? []));
    evaluated += out.ScannedCount ?? 0;
    next = out.LastEvaluatedKey;
  } while (next && items.length < want && evaluated < budget);
  if (sparse && items.length > want) {
    items.length = want;
    const last = items[want - 1]!;
    // ElectroDB's projection carries the table's and the index's keys: the last kept hotel's are the start key.
    next = Object.fromEntries(keyNames(params).map((k) => [k, last[k]]));
  }
  const hotels = Hotel.parse({ Items: items }, { attributes: [...FIELDS] }).data as Candidate[];
  return { hotels, next, evaluated };
}

const keyText = (k: Record<string, unknown>) => `${String(k.pk)}\u0000${String(k.sk)}`;

/** The enabled rooms of a hotel free on every night, each with its nightly prices (fen). */
function freeRooms(rooms: RoomIndexEntry[], days: Array<Day | undefined>): StayRoomPrice[] {
  const out: StayRoomPrice[] = [];
  for (const r of rooms) {
    if (r.idisplay !== 1) continue;
    const cells = days.map((d) => (d ? cellOf(d, r.id) : null));
    if (cells.some((c) => !c || c.freeCount < 1)) continue;
    out.push({ roomId: r.id, freeCount: Math.min(...cells.map((c) => c!.freeCount)), prices: cells.map((c) => c!.inPrice) });
  }
  return out;
}

/** Which of `hotels` have a room free every night: one batch get of their room indexes and days. */
async function availableOf(tenantId: string, hotels: Candidate[], nights: string[]): Promise<MemberHotelRow[]> {
  if (hotels.length === 0) return [];
  const indexKeys = hotels.map((h) => roomIndexKey(tenantId, h.id));
  const hotelOfIndex = new Map(indexKeys.map((k, i) => [keyText(k), hotels[i]!.id]));
  const dayKeys = hotels.flatMap((h) => nights.map((inDate) => dayKey({ tenantId, hotelId: h.id, inDate })));
  const items = await batchGet([...indexKeys, ...dayKeys]);
  const rooms = new Map<number, RoomIndexEntry[]>();
  const days = new Map<string, Day>();
  for (const item of items) {
    const hotelId = hotelOfIndex.get(keyText(item));
    if (hotelId !== undefined) rooms.set(hotelId, indexedRooms(item));
    else {
      const d = toStoredDay(item);
      days.set(`${d.hotelId}_${d.inDate}`, d);
    }
  }
  return hotels.flatMap((h) => {
    const free = freeRooms(
      rooms.get(h.id) ?? [],
      nights.map((d) => days.get(`${h.id}_${d}`)),
    );
    return free.length ? [memberHotelRow(h, free, h.hotelType === HOTEL_CLUB)] : [];
  });
}

/** Where a search stands: the rows found and not yet shown (the first of them is row `skipped`), where the Query goes on, whether it ended. */
type Position = { skipped: number; rows: MemberHotelRow[]; next: Record<string, unknown> | undefined; ended: boolean };

/**
 * Where the pages of a search ended, remembered in the container for `REMEMBER_MS`: the mini-program
 * pages on through a search (infinite scroll), and page n + 1 goes on from where page n stopped
 * instead of finding pages 1…n again. Availability changes with every booking and no version
 * follows it, so a remembered position is short-lived: within it a hotel booked full meanwhile may
 * still be listed (its booking is then refused: 剩余客房不足) and one freed may be missed.
 */
const REMEMBER_MS = 30_000;
const MAX_REMEMBERED = 500;
const positions = new Map<string, { at: number; pos: Position }>();

function recallPosition(key: string): Position | null {
  const known = positions.get(key);
  return known && Date.now() - known.at <= REMEMBER_MS ? { ...known.pos, rows: [...known.pos.rows] } : null;
}

function rememberPosition(key: string, pos: Position): void {
  if (positions.size >= MAX_REMEMBERED) positions.clear();
  positions.set(key, { at: Date.now(), pos });
}

/** Finds rows until `pos` holds `need` of them or the hotels end, within this request's bounds. */
async function fill(tenantId: string, params: QueryCommandInput, nights: string[], pos: Position, need: number, sparse: boolean): Promise<void> {
  const perRound = Math.max(10, Math.floor(ROUND_KEYS / (nights.length + 1)));
  const { readCap } = listBounds();
  let [checked, evaluated, hits] = [0, 0, 0];
  while (pos.rows.length < need && !pos.ended && checked < MAX_CHECKED && checked * (nights.length + 1) < MAX_KEYS && evaluated < readCap) {
    // Ask for what is missing, and more when earlier rounds found few hotels with rooms.
    const hitRate = checked ? Math.max(hits / checked, 0.2) : 1;
    const want = Math.min(perRound, Math.ceil((need - pos.rows.length) / hitRate) + 2);
    const batch = await readCandidates(params, want, pos.next, readCap - evaluated, sparse);
    const rows = await availableOf(tenantId, batch.hotels, nights);
    pos.rows.push(...rows);
    [checked, evaluated, hits] = [checked + batch.hotels.length, evaluated + batch.evaluated, hits + rows.length];
    pos.next = batch.next;
    pos.ended = !batch.next;
  }
}

export async function searchHotels(m: Member, q: MemberHotelSearch): Promise<Envelope<never, MemberHotelRow>> {
  if (q.checkInDate < today()) throw new DomainError(MSG.pastDate, "400");
  const p = q.paging;
  checkDepth(p, SEARCH_DEPTH);
  const nights = datesFrom(q.checkInDate, addDays(q.checkOutDate, -1));
  const search = listKey(m.tenantId, q.hotelType ?? 0, p.keyword.trim(), q.areaCode, q.checkInDate, q.checkOutDate, p.pageSize);
  const pos = (p.currentPage > 1 && recallPosition(listKey(search, p.currentPage - 1))) || { skipped: 0, rows: [], next: undefined, ended: false };
  // This page and one more row: a page that is not the last knows there is more.
  const sparse = p.keyword.trim() !== "" || !!q.areaCode;
  await fill(m.tenantId, candidateQuery(m.tenantId, q, nights[nights.length - 1]!), nights, pos, p.currentPage * p.pageSize + 1 - pos.skipped, sparse);
  const from = (p.currentPage - 1) * p.pageSize - pos.skipped;
  const page = pos.rows.slice(from, from + p.pageSize);
  const after = pos.rows.slice(from + p.pageSize);
  if (page.length === p.pageSize && (after.length || !pos.ended)) rememberPosition(listKey(search, p.currentPage), { ...pos, skipped: p.currentPage * p.pageSize, rows: after });
  const found = pos.skipped + pos.rows.length;
  const total: number | Counted = pos.ended ? found : { total: found, capped: true };
  return okList(page, pageParams(p, total));
}
