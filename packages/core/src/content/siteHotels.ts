import { Hotel, HotelText, Room, type HotelItem } from "../hotels/entities.ts";
import { roomFacts } from "../hotels/roomFacts.ts";
import { Region } from "../org/entities.ts";
import { WxConfig, WxFlag } from "../platform/configEntities.ts";
import { DomainError } from "../kernel/errors.ts";

/**
 * The hotels on the public website (issue 35, docs/content.md "The hotels on the website"): the
 * directory and a page per hotel, from what the hotels staff keep in the console. Only hotels shown
 * (`idisplay` 1) and their shown rooms; the console's own reads (department scope, paging cursors)
 * are not needed here, so these are the few bounded reads the pages need, read straight from the
 * hotels' keys (no Scan, no Query per hotel):
 * - the directory: one Query of gsi2 (all types, list order) or gsi1 (one type), at most
 *   MAX_SITE_HOTELS shown hotels, only the attributes a card shows; the names of their cities, one
 *   small Query of the region tree's code index per distinct city (at most MAX_CITIES);
 * - a hotel: its item, its introduction and its rooms (one Query of gsi1), at once; the tenant's
 *   mini-program QR code (two GetItems: the main — else default — mini-program account's flag, then
 *   the account).
 */
const MAX_SITE_HOTELS = 200;
const MAX_CITIES = 40;
/** 微信平台账号 app type 2: a mini-program (styleParams wxAppType). */
const WX_MINI_PROGRAM = 2;

export type SiteHotelCard = {
  id: number;
  hotelType: number;
  hotelName: string;
  hotelLevel: string;
  province: string;
  city: string;
  area: string;
  address: string;
  services: string;
  pictures: string[];
  createTime: string;
  cityName: string;
};
export type SiteRoom = {
  id: number;
  roomName: string;
  roomArea: string;
  bedSpecifications: string;
  hasWindow: number;
  banSmoking: number;
  zaocan: string;
  network: string;
  roomFacilities: string;
  pictures: string[];
};
export type SiteHotel = SiteHotelCard & {
  lat: string;
  lng: string;
  tel: string;
  openDate: string;
  fixDate: string;
  roomCount: number;
  inoutTime: string;
  bookingNotice: string;
  memberPrivilege: string;
  bookingInstructions: string;
  petPolicy: string;
  content: string;
  rooms: SiteRoom[];
};

const CARD = ["id", "hotelType", "hotelName", "hotelLevel", "province", "city", "area", "address", "services", "pictures", "createTime", "idisplay"] as const;

const card = (h: Pick<HotelItem, (typeof CARD)[number]>, cityName: string): SiteHotelCard => ({
  id: h.id,
  hotelType: h.hotelType,
  hotelName: h.hotelName,
  hotelLevel: h.hotelLevel ?? "",
  province: h.province ?? "",
  city: h.city ?? "",
  area: h.area ?? "",
  address: h.address ?? "",
  services: h.services ?? "",
  pictures: h.pictures ?? [],
  createTime: h.createTime ?? "",
  cityName,
});

/** City code → name, for the cities of these hotels (the platform's region tree). */
async function cityNames(codes: string[]): Promise<Map<string, string>> {
  const distinct = [...new Set(codes.filter(Boolean))].slice(0, MAX_CITIES);
  const found = await Promise.all(
    distinct.map(async (code) => {
      const { data } = await Region.query.byCode({ code }).go({ limit: 2, attributes: ["code", "name"] });
      return [code, data.find((r) => r.code === code)?.name ?? ""] as const;
    }),
  );
  return new Map(found.filter(([, n]) => n));
}

/** The shown hotels, in the console's list order (sortOrder, then newest first); one type or all. */
export async function siteHotels(tenantId: string, hotelType?: number): Promise<SiteHotelCard[]> {
  const q = hotelType === 1 || hotelType === 2 ? Hotel.query.byType({ tenantId, hotelType }) : Hotel.query.byOrder({ tenantId });
  const { data } = await q.where((a, op) => op.eq(a.idisplay, 1)).go({ order: "asc", count: MAX_SITE_HOTELS, pages: 10, attributes: [...CARD] });
  const names = await cityNames(data.map((h) => h.city ?? ""));
  return data.map((h) => card(h, names.get(h.city ?? "") ?? ""));
}

export const SITE_HOTEL_GONE = "酒店不存在或已停止展示";

/** One shown hotel with its introduction and shown rooms; a hotel not shown is not there (404). */
export async function siteHotel(tenantId: string, id: number): Promise<SiteHotel> {
  const [hotel, text, rooms] = await Promise.all([
    Hotel.get({ tenantId, id }).go(),
    HotelText.get({ tenantId, hotelId: id }).go(),
    Room.query.byHotel({ tenantId, hotelId: id }).go({ pages: 5, count: 100 }),
  ]);
  const h = hotel.data;
  if (!h || h.idisplay !== 1) throw new DomainError(SITE_HOTEL_GONE, "404");
  const names = await cityNames([h.city ?? ""]);
  return {
    ...card(h, names.get(h.city ?? "") ?? ""),
    lat: h.lat ?? "",
    lng: h.lng ?? "",
    tel: h.tel ?? "",
    openDate: h.openDate ?? "",
    fixDate: h.fixDate ?? "",
    roomCount: h.roomCount ?? 0,
    inoutTime: h.inoutTime ?? "",
    bookingNotice: h.bookingNotice ?? "",
    memberPrivilege: h.memberPrivilege ?? "",
    bookingInstructions: h.bookingInstructions ?? "",
    petPolicy: h.petPolicy ?? "",
    content: text.data?.content ?? "",
    rooms: rooms.data.filter((r) => r.idisplay === 1).map((r) => ({ ...roomFacts(r), pictures: r.pictures ?? [] })),
  };
}

/** The QR code of the tenant's main (else default) enabled mini-program account (微信平台账号), "" when none has one. */
export async function miniProgramQr(tenantId: string): Promise<string> {
  for (const flag of ["master", "default"] as const) {
    const { data: f } = await WxFlag.get({ clientId: tenantId, appType: WX_MINI_PROGRAM, flag }).go();
    if (!f) continue;
    const { data: w } = await WxConfig.get({ id: f.holder }).go();
    if (w && w.clientId === tenantId && w.status === 1 && w.qrcode) return w.qrcode;
  }
  return "";
}

/** What the sitemap lists of the hotels: every shown hotel and when it was added (hotels keep no change time). */
export async function sitemapHotels(tenantId: string): Promise<Array<{ id: number; lastmod: string }>> {
  const { data } = await Hotel.query
    .byOrder({ tenantId })
    .where((a, op) => op.eq(a.idisplay, 1))
    .go({ count: MAX_SITE_HOTELS, pages: 10, attributes: ["id", "createTime", "idisplay"] });
  return data.map((h) => ({ id: h.id, lastmod: h.createTime ?? "" }));
}
