import { post } from "./harness.ts";

/** The hotel screens' functions (会员酒店, 折扣酒店): each saves its own type of hotel. */
export const CLUB = 1601;
export const DISCOUNT = 1602;

/** A hotel of `hotelType` with its rooms, saved through the hotel screens as staff save them. */
export async function hotelWithRooms(token: string, hotelType: 1 | 2, hotelName: string, roomNames: string[]) {
  const fid = hotelType === 1 ? CLUB : DISCOUNT;
  const h = await post("/xiangyu/api/hotel/hotelsave", { token, functionId: fid, form: { hotelType, hotelName, address: `${hotelName}地址`, memberLevel: "1" } });
  const rooms: number[] = [];
  for (const roomName of roomNames) rooms.push((await post("/xiangyu/api/hotel/roomsave", { token, functionId: fid, form: { hotelId: h.body.data.id, roomName } })).body.data.id);
  return { id: h.body.data.id as number, rooms };
}
