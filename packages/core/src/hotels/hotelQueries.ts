import { Hotel, HotelText, Room, type HotelItem, type RoomItem } from "./entities.ts";
import { OrgNode } from "../org/entities.ts";
import { DEPARTMENT_TREE } from "../org/orgTree.ts";
import { countAll, type PageRun } from "../kernel/list.ts";
import { readHotelPage } from "./pageStarts.ts";
import { readTotal } from "../kernel/counters.ts";
import { seesWholeTenant } from "../kernel/context.ts";
import type { Paging } from "../kernel/paging.ts";
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

/** Attributes a keys-only walk must keep: ElectroDB builds the next cursor from them. */
const KEY_ATTRIBUTES = ["tenantId", "id", "hotelType", "sortOrder", "rank"];

/**
 * Hotels in list order (sortOrder ascending, newest first): one type on gsi1, all types on gsi2.
 * Unfiltered, DynamoDB reads exactly a page (Limit). Department limits and the name keyword are
 * filters on that Query: then `count` keeps reading, a bounded number of items a request, until a
 * page is full after filtering.
 */
export function hotelRun(scope: HotelScope, f: HotelFilter): PageRun<HotelItem> {
  const { tenantId } = scope.caller;
  const codes = seesWholeTenant(scope.caller) ? null : scope.caller.deptCodes;
  const keyword = f.keyword?.trim() ?? "";
  return ({ limit, cursor, keysOnly }) => {
    const q = f.hotelType ? Hotel.query.byType({ tenantId, hotelType: f.hotelType }) : Hotel.query.byOrder({ tenantId });
    const projection = keysOnly ? { attributes: KEY_ATTRIBUTES as any } : {};
    if (!codes && !keyword) return q.go({ limit, cursor, order: "asc", ...projection } as any) as any;
    return q
      .where((a, op) => {
        const parts: string[] = [];
        if (keyword) parts.push(op.contains(a.hotelName, keyword));
        if (codes) parts.push(codes.length ? `(${codes.map((c) => op.begins(a.shop, c)).join(" OR ")})` : op.eq(a.shop, "\u0000"));
        return parts.join(" AND ");
      })
      .go({ count: limit, limit: Math.min(1000, Math.max(100, limit * 2)), cursor, order: "asc", ...projection } as any) as any;
  };
}

/** Names a hotel list within the tenant: its type and filters (pageStarts.ts remembers cursors per list). */
function listName(scope: HotelScope, f: HotelFilter): string {
  const codes = seesWholeTenant(scope.caller) ? "*" : scope.caller.deptCodes.join(",");
  return JSON.stringify([f.hotelType ?? 0, codes, f.keyword?.trim() ?? ""]);
}

/**
 * One page of hotels and the total the pager shows (a counter when unfiltered, else a keys-only
 * count), read at once. A later page starts from a remembered cursor (pageStarts.ts).
 */
export async function hotelPage(scope: HotelScope, p: Paging, f: HotelFilter): Promise<{ rows: HotelItem[]; total: number }> {
  const run = hotelRun(scope, f);
  const filtered = !!f.keyword?.trim() || !seesWholeTenant(scope.caller);
  const [rows, total] = await Promise.all([
    readHotelPage(run, p, scope.caller.tenantId, listName(scope, f)),
    filtered ? countAll(run) : readTotal(scope.caller.tenantId, hotelTotal(f.hotelType)),
  ]);
  return { rows, total };
}
