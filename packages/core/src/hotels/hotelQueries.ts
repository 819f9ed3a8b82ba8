import { Hotel, HotelText, Room, type HotelItem, type RoomItem } from "./entities.ts";
import { DEPARTMENT_TREE, OrgNode } from "../org/entities.ts";
import { boundedRows, type ListSource } from "../kernel/list.ts";
import { readHotelPage } from "./listVersion.ts";
import { readTotal } from "../kernel/counters.ts";
import { reachPrefixes, shopCondition, wholeTenant } from "../kernel/dataScope.ts";
import type { Counted, Paging } from "../kernel/paging.ts";
import { allOf } from "../kernel/filter.ts";
import type { HotelScope } from "./scope.ts";

/** Reads shared by the hotel list, the status list and the rooms: each one Query on its own key. */

/** List totals kept with every hotel write: all types, and per type. */
export const hotelTotal = (hotelType?: number) => (hotelType ? `hotel#${hotelType}` : "hotel");

export async function getHotel(tenantId: string, id: number): Promise<HotelItem | null> {
  const { data } = await Hotel.get({ tenantId, id }).go();
  return data;
}

export async function getHotelContent(tenantId: string, hotelId: number): Promise<string> {
  const { data } = await HotelText.get({ tenantId, hotelId }).go();
  return data?.content ?? "";
}

export async function getRoom(tenantId: string, id: number): Promise<RoomItem | null> {
  const { data } = await Room.get({ tenantId, id }).go();
  return data;
}

/** Rooms of a hotel in list order: sortOrder ascending, newest first. */
export async function roomsOf(tenantId: string, hotelId: number): Promise<RoomItem[]> {
  const { data } = await Room.query.byHotel({ tenantId, hotelId }).go({ pages: "all" });
  return data;
}

/** Whether a department code names a node of the tenant's department tree. */
export async function departmentExists(tenantId: string, code: string): Promise<boolean> {
  const { data } = await OrgNode.query.byCode({ tenantId, orgType: DEPARTMENT_TREE, orgCode: code }).go({ limit: 1 });
  return data[0]?.orgCode === code;
}

export type HotelFilter = { hotelType?: number; keyword?: string };

/**
 * Hotels in list order (sortOrder ascending, newest first): one type on gsi1, all types on gsi2.
 * Department limits and the name keyword are filters on that Query; the kernel's bounded reads
 * (kernel/list.ts) keep each request within `readCap` items evaluated.
 */
export function hotelSource(scope: HotelScope, f: HotelFilter): ListSource<HotelItem> {
  const { tenantId } = scope.caller;
  const prefixes = reachPrefixes(scope.caller);
  const codes = wholeTenant(prefixes) ? null : prefixes;
  const keyword = f.keyword?.trim() ?? "";
  const params = () => {
    const q = f.hotelType ? Hotel.query.byType({ tenantId, hotelType: f.hotelType }) : Hotel.query.byOrder({ tenantId });
    return q.where((a, op) => allOf(keyword && op.contains(a.hotelName, keyword), !!codes && shopCondition(op, a.shop, codes))).params({ order: "asc" });
  };
  return { params, parse: (Items) => Hotel.parse({ Items }).data as HotelItem[] };
}

/** Names a hotel list within the tenant: its type and filters (kernel/pageStarts.ts remembers cursors per list). */
function listName(scope: HotelScope, f: HotelFilter): string {
  const prefixes = reachPrefixes(scope.caller);
  const codes = wholeTenant(prefixes) ? "*" : prefixes.join(",");
  return JSON.stringify([f.hotelType ?? 0, codes, f.keyword?.trim() ?? ""]);
}

/**
 * One page of hotels and the total the pager shows (a counter when unfiltered, else a count capped
 * at `countCap`), read at once. A later page starts from a remembered cursor (kernel/pageStarts.ts), and
 * no page ends deeper than `depthCap` rows.
 */
export async function hotelPage(scope: HotelScope, p: Paging, f: HotelFilter): Promise<{ rows: HotelItem[]; total: number | Counted }> {
  const src = hotelSource(scope, f);
  const filtered = !!f.keyword?.trim() || !wholeTenant(reachPrefixes(scope.caller));
  return boundedRows(src, p, {
    total: filtered ? undefined : () => readTotal(scope.caller.tenantId, hotelTotal(f.hotelType)),
    page: (run) => readHotelPage(run, p, scope.caller.tenantId, listName(scope, f)),
  });
}
