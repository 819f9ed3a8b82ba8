import { sanitizeRichText } from "../kernel/richText.ts";
import { mapLimit } from "../kernel/batch.ts";
import { Hotel, HotelText, Room, newestFirst, type HotelItem } from "./entities.ts";
import { forgetHotelDays } from "./days.ts";
import type { HotelInput } from "./schemas.ts";
import { assertInScope, foundInScope, OUTSIDE_DEPARTMENT, TYPE_LOCKED, typeOfRequest, type HotelScope } from "./scope.ts";
import { departmentExists, getHotel, getHotelContent, hotelPage, hotelTotal, roomsOf, type HotelFilter } from "./hotelQueries.ts";
import { hotelView, type HotelView } from "./views.ts";
import { createRoomIndex, deleteRoomIndex } from "./roomIndex.ts";
import { hotelListChanged } from "./listVersion.ts";
import { nextId, totalDelta } from "../kernel/counters.ts";
import { formatDateTime } from "../kernel/clock.ts";
import { DomainError, nothingDeleted } from "../kernel/errors.ts";
import { inReach } from "../kernel/dataScope.ts";
import { transact, txDelete, txPut, txUpdate } from "../kernel/tx.ts";
import { okList, type Envelope } from "../kernel/envelope.ts";
import { pageParams, type Paging } from "../kernel/paging.ts";

/** Hotels (spec 000 §2 hotel list and edit form; R070–R094). */

export const HOTEL_HAS_ORDERS = "该酒店已有订单，不能删除";

/** The hotel list (hotellist): the screen's type, the name keyword, the caller's departments. */
export async function listHotels(scope: HotelScope, p: Paging, f: HotelFilter): Promise<Envelope<never, HotelView>> {
  const hotelType = typeOfRequest(scope, f.hotelType);
  const { rows, total } = await hotelPage(scope, p, { ...f, hotelType });
  return okList(
    rows.map((h) => hotelView(h)),
    pageParams(p, total),
  );
}

export async function viewHotel(scope: HotelScope, id: number): Promise<HotelView> {
  const { tenantId } = scope.caller;
  const [hotel, content] = await Promise.all([getHotel(tenantId, id), getHotelContent(tenantId, id)]);
  return hotelView(assertInScope(scope, hotel), content);
}

/** The store a hotel belongs to must exist and lie inside the caller's departments. */
async function checkShop(scope: HotelScope, shop: string): Promise<void> {
  if (!shop) {
    if (!inReach(scope.caller, "")) throw new DomainError("请选择所属门店", "400");
    return;
  }
  if (!inReach(scope.caller, shop)) throw new DomainError(OUTSIDE_DEPARTMENT, "403");
  if (!(await departmentExists(scope.caller.tenantId, shop))) throw new DomainError("所属门店不存在", "400");
}

export async function saveHotel(scope: HotelScope, input: HotelInput): Promise<HotelView> {
  const { tenantId } = scope.caller;
  typeOfRequest(scope, input.hotelType, TYPE_LOCKED);
  await checkShop(scope, input.shop);
  const { id: _id, picJson, ...fields } = input;
  // Rich text is cleaned before it is stored: the website and the mini-program render it as HTML.
  const content = sanitizeRichText(input.content);
  const values = { ...fields, pictures: picJson };
  if (input.id) {
    const old = assertInScope(scope, await getHotel(tenantId, input.id));
    const moved = old.hotelType !== input.hotelType;
    // What places a hotel in a list: its type, order, store and name (the keyword filter).
    const relisted = moved || old.sortOrder !== input.sortOrder || (old.shop ?? "") !== input.shop || old.hotelName !== input.hotelName;
    await transact([
      txUpdate(Hotel.patch({ tenantId, id: old.id }).set({ ...values, rank: old.rank }), "酒店不存在或已被删除"),
      txPut(HotelText.put({ tenantId, hotelId: old.id, content })),
      ...(moved ? [totalDelta(tenantId, hotelTotal(old.hotelType), -1), totalDelta(tenantId, hotelTotal(input.hotelType), 1)] : []),
      ...(relisted ? [hotelListChanged(tenantId)] : []),
    ]);
    return hotelView({ ...old, ...values }, content);
  }
  const id = await nextId(tenantId, "hotel");
  const item = { tenantId, id, ...values, rank: newestFirst(id), createTime: formatDateTime() };
  await transact([
    txPut(Hotel.create(item), "酒店编号冲突，请重试"),
    txPut(HotelText.put({ tenantId, hotelId: id, content })),
    createRoomIndex(tenantId, id),
    hotelListChanged(tenantId),
    totalDelta(tenantId, hotelTotal(), 1),
    totalDelta(tenantId, hotelTotal(input.hotelType), 1),
  ]);
  return hotelView(item as HotelItem, content);
}

/** Enable/disable (R085, R094): flips idisplay; a concurrent flip makes this one fail rather than undo it. */
export async function toggleHotel(scope: HotelScope, id: number): Promise<{ id: number; idisplay: number }> {
  const { tenantId } = scope.caller;
  const hotel = assertInScope(scope, await getHotel(tenantId, id));
  const idisplay = hotel.idisplay === 1 ? 0 : 1;
  await transact([
    txUpdate(
      Hotel.patch({ tenantId, id })
        .set({ idisplay })
        .where((a, op) => op.eq(a.idisplay, hotel.idisplay ?? 1)),
      "数据已被修改，请刷新后重试",
    ),
    // Lists show disabled hotels too, but the occupancy roll-up adds enabled ones only: it reads the version.
    hotelListChanged(tenantId),
  ]);
  return { id, idisplay };
}

/**
 * Deletes hotels with their rooms and room status. A hotel one of whose rooms has been booked
 * (hasDelete) stays (docs/gaps.md §6). Every hotel is checked before anything is deleted.
 */
export async function deleteHotels(scope: HotelScope, ids: number[]): Promise<number[]> {
  const { tenantId } = scope.caller;
  const hotels = (await mapLimit(ids, async (id) => foundInScope(scope, await getHotel(tenantId, id)))).filter((h) => h !== null);
  if (!hotels.length) throw nothingDeleted();
  const rooms = await mapLimit(hotels, (h) => roomsOf(tenantId, h.id));
  if (rooms.some((list) => list.some((r) => r.hasDelete === 1))) throw new DomainError(HOTEL_HAS_ORDERS, "409");
  for (const [i, h] of hotels.entries()) {
    await transact([
      txDelete(Hotel.remove({ tenantId, id: h.id }), "酒店不存在或已被删除"),
      txDelete(HotelText.delete({ tenantId, hotelId: h.id })),
      deleteRoomIndex(tenantId, h.id),
      hotelListChanged(tenantId),
      totalDelta(tenantId, hotelTotal(), -1),
      totalDelta(tenantId, hotelTotal(h.hotelType), -1),
    ]);
    if (rooms[i]!.length) await Room.delete(rooms[i]!.map((r) => ({ tenantId, id: r.id }))).go();
    await forgetHotelDays(tenantId, h.id);
  }
  return hotels.map((h) => h.id);
}

/** Hotel options (allhotel): enabled hotels of a type, for pickers of other areas; not limited by department. */
export async function hotelOptions(tenantId: string, hotelType?: number): Promise<Array<{ id: number; hotelName: string; hotelType: number }>> {
  const q = hotelType === 1 || hotelType === 2 ? Hotel.query.byType({ tenantId, hotelType }) : Hotel.query.byOrder({ tenantId });
  const { data } = await q.where((a, op) => op.eq(a.idisplay, 1)).go({ pages: "all", attributes: ["id", "hotelName", "hotelType"] });
  return data.map((h) => ({ id: h.id, hotelName: h.hotelName, hotelType: h.hotelType }));
}
