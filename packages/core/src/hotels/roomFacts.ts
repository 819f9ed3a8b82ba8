import type { RoomItem } from "./entities.ts";

/** What a room is, as members and visitors read it (the member H5's hotel, the website's hotel page). */
export function roomFacts(r: RoomItem) {
  return {
    id: r.id,
    roomName: r.roomName,
    roomArea: r.roomArea ?? "",
    bedSpecifications: r.bedSpecifications ?? "",
    hasWindow: r.hasWindow ?? 1,
    banSmoking: r.banSmoking ?? 0,
    zaocan: r.zaocan ?? "",
    network: r.network ?? "",
    roomFacilities: r.roomFacilities ?? "",
  };
}
