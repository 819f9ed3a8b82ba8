import { Entity, type EntityItem } from "electrodb";
import { SERVICE, entityConfig, idAttribute } from "../kernel/entity.ts";

/**
 * Hotels, rooms, room status per day and holidays (spec 000 §3). Keys are laid out for the
 * screens' reads (docs/decisions.md, Hotels):
 * - hotels of one type in list order: one Query on gsi1 (all types: gsi2);
 * - rooms of one hotel in list order: one Query on gsi1; a compact copy of them is kept in one item
 *   per hotel (HotelRooms) so that lists of hotels with their rooms need no Query per hotel;
 * - room status: one item per hotel and day holding every room's numbers (HotelDay), so a month of
 *   a hotel is one Query of ≤ 31 items and a page of the status list one batch get (the days and
 *   the pages' HotelRooms together).
 */

/** Sort keys: the list order is sortOrder ascending, then newest first (docs/decisions.md). */
const sortOrderAttribute = { type: "number", required: true, padding: { length: 10, char: "0" } } as const;
/** Inverted id: ids grow with creation, so 999999999999 − id sorts the newest first. */
const newestFirstAttribute = { type: "number", required: true, padding: { length: 12, char: "0" } } as const;
export const NEWEST_FIRST_BASE = 999_999_999_999;
export const newestFirst = (id: number): number => NEWEST_FIRST_BASE - id;

export const Hotel = /* @__PURE__ */ new Entity(
  {
    model: { entity: "hotel", version: "1", service: SERVICE },
    attributes: {
      tenantId: { type: "string", required: true },
      id: idAttribute,
      hotelType: { type: "number", required: true },
      hotelName: { type: "string", required: true },
      province: { type: "string", default: "" },
      city: { type: "string", default: "" },
      area: { type: "string", default: "" },
      address: { type: "string", default: "" },
      lat: { type: "string", default: "" },
      lng: { type: "string", default: "" },
      hotelLevel: { type: "string", default: "无" },
      openDate: { type: "string", default: "" },
      fixDate: { type: "string", default: "" },
      roomCount: { type: "number", default: 0 },
      tel: { type: "string", default: "" },
      services: { type: "string", default: "" },
      /** Fen; club hotels (type 1) only. */
      cleaningFees: { type: "number", default: 0 },
      inoutTime: { type: "string", default: "" },
      pictures: { type: "list", items: { type: "string" }, default: () => [] },
      /** Organisation code of the store the hotel belongs to; limits who sees it (R027). */
      shop: { type: "string", default: "" },
      idisplay: { type: "number", default: 1 },
      sortOrder: sortOrderAttribute,
      rank: newestFirstAttribute,
      useTicket: { type: "number", default: 0 },
      franchiseStore: { type: "number", default: 0 },
      bookingNotice: { type: "string", default: "" },
      memberPrivilege: { type: "string", default: "" },
      bookingInstructions: { type: "string", default: "" },
      petPolicy: { type: "string", default: "" },
      memberLevel: { type: "string", default: "" },
      /** The latest day any of its rooms has a stored status for (the status list's "last day"). */
      lastDate: { type: "string", default: "" },
      createTime: { type: "string", default: "" },
    },
    indexes: {
      byId: { pk: { field: "pk", composite: ["tenantId"] }, sk: { field: "sk", composite: ["id"] } },
      byType: {
        index: "gsi1",
        pk: { field: "gsi1pk", composite: ["tenantId", "hotelType"] },
        sk: { field: "gsi1sk", composite: ["sortOrder", "rank"] },
      },
      byOrder: {
        index: "gsi2",
        pk: { field: "gsi2pk", composite: ["tenantId"] },
        sk: { field: "gsi2sk", composite: ["sortOrder", "rank"] },
      },
    },
  },
  /* @__PURE__ */ entityConfig(),
);

/** The hotel's rich-text introduction, kept apart so that lists never read it. */
export const HotelText = /* @__PURE__ */ new Entity(
  {
    model: { entity: "hotelText", version: "1", service: SERVICE },
    attributes: {
      tenantId: { type: "string", required: true },
      hotelId: idAttribute,
      content: { type: "string", default: "" },
    },
    indexes: {
      byHotel: { pk: { field: "pk", composite: ["tenantId"] }, sk: { field: "sk", composite: ["hotelId"] } },
    },
  },
  /* @__PURE__ */ entityConfig(),
);

/**
 * The compact copy of a hotel's rooms (roomIndex.ts): room id → RoomIndexEntry, moved with every
 * room write, read by the status list and the calendar. Not on the hotel item: hotel lists and the
 * keys-only walk over earlier pages read whole items, and 20 rooms made a hotel ~2.3 kB instead of
 * ~0.9 kB (docs/performance.md, hotels findings).
 */
export const HotelRooms = /* @__PURE__ */ new Entity(
  {
    model: { entity: "hotelRooms", version: "1", service: SERVICE },
    attributes: {
      tenantId: { type: "string", required: true },
      hotelId: idAttribute,
      rooms: { type: "any", default: () => ({}) },
    },
    indexes: {
      byHotel: { pk: { field: "pk", composite: ["tenantId"] }, sk: { field: "sk", composite: ["hotelId"] } },
    },
  },
  /* @__PURE__ */ entityConfig(),
);

export const Room = /* @__PURE__ */ new Entity(
  {
    model: { entity: "room", version: "1", service: SERVICE },
    attributes: {
      tenantId: { type: "string", required: true },
      id: idAttribute,
      hotelId: idAttribute,
      roomName: { type: "string", required: true },
      roomArea: { type: "string", default: "" },
      bedSpecifications: { type: "string", default: "" },
      hasWindow: { type: "number", default: 1 },
      banSmoking: { type: "number", default: 0 },
      zaocan: { type: "string", default: "" },
      network: { type: "string", default: "" },
      roomFacilities: { type: "string", default: "" },
      pictures: { type: "list", items: { type: "string" }, default: () => [] },
      idisplay: { type: "number", default: 1 },
      sortOrder: sortOrderAttribute,
      rank: newestFirstAttribute,
      /** 1 once a booking has used the room: it may no longer be deleted (R106). */
      hasDelete: { type: "number", default: 0 },
      createTime: { type: "string", default: "" },
    },
    indexes: {
      byId: { pk: { field: "pk", composite: ["tenantId"] }, sk: { field: "sk", composite: ["id"] } },
      byHotel: {
        index: "gsi1",
        pk: { field: "gsi1pk", composite: ["tenantId", "hotelId"] },
        sk: { field: "gsi1sk", composite: ["sortOrder", "rank"] },
      },
    },
  },
  /* @__PURE__ */ entityConfig(),
);

/**
 * One hotel on one day: the keys of the day's item. Each room's numbers are attributes of it
 * named by room (days.ts: c_<roomId> rooms offered, u_ booked, f_ free, p_ price in fen), written
 * and read with raw expressions because their names are not fixed. `f` is kept equal to c − u by
 * every write, because a DynamoDB condition cannot subtract: a booking takes rooms only while
 * f ≥ n.
 */
export const HotelDay = /* @__PURE__ */ new Entity(
  {
    model: { entity: "hotelDay", version: "1", service: SERVICE },
    attributes: {
      tenantId: { type: "string", required: true },
      hotelId: idAttribute,
      inDate: { type: "string", required: true },
    },
    indexes: {
      byHotel: { pk: { field: "pk", composite: ["tenantId", "hotelId"] }, sk: { field: "sk", composite: ["inDate"] } },
    },
  },
  /* @__PURE__ */ entityConfig(),
);

/**
 * The version of the tenant's hotel lists: moved in the same transaction as every hotel write that
 * can move a hotel within a list or in or out of one (create, delete, a change of sort order, type,
 * store or name). Later pages start from cursors remembered under it (kernel/pageStarts.ts).
 */
export const HotelListVersion = /* @__PURE__ */ new Entity(
  {
    model: { entity: "hotelListVersion", version: "1", service: SERVICE },
    attributes: {
      tenantId: { type: "string", required: true },
      version: { type: "number", default: 0 },
      /** Epoch ms of the last change: a cursor walked just after it may have read a lagging index. */
      changedAt: { type: "number", default: 0 },
    },
    indexes: {
      byTenant: { pk: { field: "pk", composite: ["tenantId"] }, sk: { field: "sk", composite: [] } },
    },
  },
  /* @__PURE__ */ entityConfig(),
);

/** What HotelRooms keeps of each room. */
export type RoomIndexEntry = { id: number; roomName: string; idisplay: number; sortOrder: number; rank: number };

/** A holiday range, one record per first day (deleted by that day); ranges may overlap. */
export const Holiday = /* @__PURE__ */ new Entity(
  {
    model: { entity: "holiday", version: "1", service: SERVICE },
    attributes: {
      tenantId: { type: "string", required: true },
      holidayDate: { type: "string", required: true },
      holidayEnddate: { type: "string", required: true },
      holidayName: { type: "string", required: true },
      createTime: { type: "string", default: "" },
    },
    indexes: {
      byStart: { pk: { field: "pk", composite: ["tenantId"] }, sk: { field: "sk", composite: ["holidayDate"] } },
      /** Holidays still running on or after a day: the ones a stay or a month can touch. */
      byEnd: {
        index: "gsi1",
        pk: { field: "gsi1pk", composite: ["tenantId"] },
        sk: { field: "gsi1sk", composite: ["holidayEnddate", "holidayDate"] },
      },
    },
  },
  /* @__PURE__ */ entityConfig(),
);

export type HotelItem = EntityItem<typeof Hotel>;
export type RoomItem = EntityItem<typeof Room>;
export type HolidayItem = EntityItem<typeof Holiday>;
