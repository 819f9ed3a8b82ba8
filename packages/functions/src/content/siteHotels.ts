import type { SiteHotel, SiteHotelCard, SiteRoom } from "@xiangyu/core/content/siteHotels";
import { HOTELS_LINK } from "@xiangyu/core/website/rules";
import { absolute, esc, href, image, inner, lazyBody, plain, SIZES, type Priority, type Site } from "./sitePage.ts";

/**
 * The hotels on the website (issue 35, docs/content.md "The hotels on the website"): the directory
 * (by type and city) and a page per hotel, rendered like every other page (sitePage.ts): complete
 * HTML, one markup for a phone and a desktop, every picture with its size. The map is the console
 * map picker's tiles (AMap, GCJ-02 like the stored coordinates) drawn as a few plain images around
 * the hotel, with a link to the full map: no map script on the website.
 */
const TYPE_NAMES: Record<number, string> = { 1: "会员酒店", 2: "折扣酒店" };
/** The console's map picker's default tiles (web/src/ui/pickers/mapCoords.ts DEFAULT_TILES), hosts 1–4. */
const TILE = (x: number, y: number, z: number) => `https://webrd0${((x + y) % 4) + 1}.is.autonavi.com/appmaptile?lang=zh_cn&size=1&scale=1&style=8&x=${x}&y=${y}&z=${z}`;
const ZOOM = 16;

/** The directory's menu entry, when the site's menu has one (its typeid marks it current). */
const directoryMenu = (s: Site) => s.menus.flatMap((m) => [m, ...m.subMenus]).find((m) => m.frontlink === HOTELS_LINK);
const directoryName = (s: Site) => directoryMenu(s)?.typename ?? "酒店目录";
const hotelPath = (id: number) => `hotels/view?id=${id}`;
const listPath = (type: number, city: string) => {
  const q = [type ? `type=${type}` : "", city ? `city=${city}` : ""].filter(Boolean).join("&");
  return `hotels/list${q ? `?${q}` : ""}`;
};
const services = (text: string) =>
  text
    .split(/[、,，;；\s]+/)
    .map((x) => x.trim())
    .filter(Boolean);
const level = (h: Pick<SiteHotelCard, "hotelLevel">) => (h.hotelLevel && h.hotelLevel !== "无" ? h.hotelLevel : "");
const place = (h: SiteHotelCard) => [h.cityName, h.address].filter(Boolean).join(" · ");

/** The widths the stylesheet gives a hotel's pictures: the directory's cards (one, two or three a row), a room's pictures. */
const CARD_SIZES = "(min-width: 1100px) 380px, (min-width: 801px) 440px, calc(100vw - 32px)";
const ROOM_SIZES = "240px";

/** A picture in a 16:9 box (with its copies' `srcset`, sitePage.ts `image`), or the box alone (never an empty src); `p`: how it loads. */
const picture = (src: string, alt: string, w: number, h: number, p: Priority, sizes: string) =>
  src ? image(src, { alt, width: w, height: h, sizes, priority: p }) : alt ? `<span class="thumb" role="img" aria-label="${esc(alt)}"></span>` : `<span class="thumb"></span>`;

/** A row of links that filter the directory: the current one marked. */
function filterRow(label: string, items: Array<{ text: string; path: string; on: boolean }>): string {
  return `<nav class="filters" aria-label="${esc(label)}">${items.map((i) => `<a href="${esc(i.path)}"${i.on ? ' class="on" aria-current="page"' : ""}>${esc(i.text)}</a>`).join("")}</nav>`;
}

/**
 * The directory: the shown hotels of one type or all, of one city or all; a card per hotel (its
 * first picture, name, type, stars, city and address, services) linking its page. The type and city
 * filters are links (each a cached page); the cities are those of the type's hotels.
 */
export function hotelsPage(s: Site, all: SiteHotelCard[], type: number, city: string): string {
  const name = directoryName(s);
  const cities = [...new Map(all.filter((h) => h.city).map((h) => [h.city, h.cityName || h.city] as const)).entries()];
  const shown = city ? all.filter((h) => h.city === city) : all;
  const cityName = cities.find(([c]) => c === city)?.[1] ?? "";
  const title = [cityName, TYPE_NAMES[type], name].filter(Boolean).join(" · ");
  const types = filterRow("酒店类型", [
    { text: "全部", path: href(s, listPath(0, "")), on: !type },
    ...[1, 2].map((t) => ({ text: TYPE_NAMES[t] ?? "", path: href(s, listPath(t, "")), on: type === t })),
  ]);
  const regions =
    cities.length > 1
      ? filterRow("城市", [
          { text: "全部城市", path: href(s, listPath(type, "")), on: !city },
          ...cities.map(([c, n]) => ({ text: n, path: href(s, listPath(type, c)), on: c === city })),
        ])
      : "";
  // The first card with a picture holds the page's largest one; the first row's load at once, the rest lazily.
  const first = shown.findIndex((h) => h.pictures[0] ?? s.config.nopic);
  const cards = shown.length
    ? `<ul class="hotels">${shown
        .map(
          (h, i) =>
            `<li><a class="hotel-card" href="${esc(href(s, hotelPath(h.id)))}">${picture(h.pictures[0] ?? s.config.nopic, "", 480, 270, i === first ? "high" : i < 3 ? "eager" : "lazy", CARD_SIZES)}<span class="text"><h2>${esc(h.hotelName)}</h2><span class="tags"><span class="tag">${esc(TYPE_NAMES[h.hotelType] ?? "")}</span>${level(h) ? `<span class="tag">${esc(level(h))}</span>` : ""}</span><span class="where">${esc(place(h))}</span>${
              h.services ? `<span class="svc">${esc(services(h.services).slice(0, 4).join(" · "))}</span>` : ""
            }</span></a></li>`,
        )
        .join("")}</ul>`
    : `<p class="empty">暂无酒店</p>`;
  const description = `${s.config.branchname}${name}：${shown
    .slice(0, 12)
    .map((h) => h.hotelName)
    .join("、")}`;
  const path = listPath(type, city);
  const structured = {
    "@context": "https://schema.org",
    "@type": "ItemList",
    name: title,
    itemListElement: shown.slice(0, 50).map((h, i) => ({ "@type": "ListItem", position: i + 1, url: absolute(s, href(s, hotelPath(h.id))), name: h.hotelName })),
  };
  return inner(s, directoryMenu(s)?.typeid ?? 0, { title, description, path, image: shown[0]?.pictures[0], structured }, `<h1>${esc(title)}</h1>${types}${regions}${cards}`);
}

/** Web-Mercator pixel of a point at a zoom (the tiles' grid). */
function pixel(lat: number, lng: number, z: number) {
  const n = 256 * 2 ** z;
  const r = (lat * Math.PI) / 180;
  return { x: ((lng + 180) / 360) * n, y: ((1 - Math.log(Math.tan(r) + 1 / Math.cos(r)) / Math.PI) / 2) * n };
}

/**
 * The hotel on the map: the nine tiles around it placed so that the hotel sits in the middle of a
 * fixed box (the box's size is CSS's, so nothing moves while they arrive), a pin on it, and a link
 * that opens AMap's own page on the point (its marker URI, GCJ-02 like the stored values).
 */
function map(h: SiteHotel): string {
  const [lat, lng] = [Number(h.lat), Number(h.lng)];
  if (!h.lat || !h.lng || !Number.isFinite(lat) || !Number.isFinite(lng) || Math.abs(lat) > 85 || Math.abs(lng) > 180) return "";
  const p = pixel(lat, lng, ZOOM);
  const [tx, ty] = [Math.floor(p.x / 256), Math.floor(p.y / 256)];
  const tiles: string[] = [];
  for (let dy = -1; dy <= 1; dy++)
    for (let dx = -1; dx <= 1; dx++) {
      const [x, y] = [tx + dx, ty + dy];
      tiles.push(
        `<img src="${TILE(x, y, ZOOM)}" alt="" width="256" height="256" loading="lazy" decoding="async" style="left:calc(50% + ${Math.round(x * 256 - p.x)}px);top:calc(50% + ${Math.round(y * 256 - p.y)}px)">`,
      );
    }
  const link = `https://uri.amap.com/marker?position=${lng},${lat}&name=${encodeURIComponent(h.hotelName)}&coordinate=gaode&callnative=1`;
  return `<div class="map" role="img" aria-label="${esc(`${h.hotelName}的位置：${h.address}`)}">${tiles.join("")}<span class="pin" aria-hidden="true"></span><span class="credit">© 高德地图</span></div><p><a class="button light" href="${esc(link)}" rel="noopener" target="_blank">在地图中查看</a></p>`;
}

const WINDOW: Record<number, string> = { 1: "有窗", 2: "部分有窗", 0: "无窗" };
function room(r: SiteRoom, hotelName: string): string {
  const facts = [r.roomArea, r.bedSpecifications, WINDOW[r.hasWindow] ?? "", r.banSmoking ? "禁烟" : "", r.zaocan, r.network].filter(Boolean);
  const pics = r.pictures.length
    ? // A row that scrolls when it holds more than fits: then a region a keyboard can reach and scroll.
      `<div class="room-pics"${r.pictures.length > 1 ? ` role="region" tabindex="0" aria-label="${esc(`${r.roomName}的图片`)}"` : ""}>${r.pictures
        .slice(0, 6)
        .map((u, i) => picture(u, `${hotelName} ${r.roomName} 图${i + 1}`, 320, 180, "lazy", ROOM_SIZES))
        .join("")}</div>`
    : "";
  return `<li class="room"><h3>${esc(r.roomName)}</h3>${facts.length ? `<p class="facts">${facts.map((f) => `<span>${esc(f)}</span>`).join("")}</p>` : ""}${r.roomFacilities ? `<p>${esc(r.roomFacilities)}</p>` : ""}${pics}</li>`;
}

const section = (id: string, title: string, body: string) => (body ? `<section class="hotel-part" aria-labelledby="${id}"><h2 id="${id}">${esc(title)}</h2>${body}</section>` : "");
const para = (text: string) => (text ? `<p>${esc(text)}</p>` : "");

/**
 * A hotel: its pictures (a track that scrolls by itself, like the carousel), type, stars, address
 * and map, 预订 (the member pages' hotel, and the mini-program's QR code when the tenant's
 * mini-program account has one), services, introduction, rooms with their pictures, the member
 * privileges and the booking notice. schema.org Hotel in JSON-LD.
 */
export function hotelPage(s: Site, h: SiteHotel, qr: string): string {
  const pics = h.pictures.length ? h.pictures : s.config.nopic ? [s.config.nopic] : [];
  const gallery = pics.length
    ? `<div class="gallery" role="region" tabindex="0" aria-label="${esc(`${h.hotelName}的图片`)}">${pics.map((u, i) => picture(u, `${h.hotelName} 图${i + 1}`, 800, 450, i === 0 ? "high" : "lazy", SIZES.content)).join("")}</div>`
    : "";
  const facts = [
    h.tel ? `<li><span>电话</span><a href="tel:${esc(h.tel.replace(/[^\d+-]/g, ""))}">${esc(h.tel)}</a></li>` : "",
    h.inoutTime ? `<li><span>入离时间</span>${esc(h.inoutTime)}</li>` : "",
    h.openDate ? `<li><span>开业</span>${esc(h.openDate)}年</li>` : "",
    h.fixDate ? `<li><span>装修</span>${esc(h.fixDate)}年</li>` : "",
    h.roomCount ? `<li><span>客房</span>${h.roomCount}间</li>` : "",
  ].join("");
  const memberLink = `/m/#/hotel/${h.id}`;
  const book = `<section class="book" aria-labelledby="book-title"><h2 id="book-title">预订</h2><p>会员登录后可查看房态与房价并在线预订。</p><p><a class="button" href="${esc(memberLink)}">会员预订</a>${
    h.tel ? ` <a class="button light" href="tel:${esc(h.tel.replace(/[^\d+-]/g, ""))}">电话预订</a>` : ""
  }</p>${qr ? `<figure class="qr"><img src="${esc(qr)}" alt="${esc(`${s.config.branchname}小程序码`)}" width="160" height="160" loading="lazy" decoding="async"><figcaption>微信扫码，在小程序中预订</figcaption></figure>` : ""}</section>`;
  const svc = services(h.services);
  const body = `<article class="hotel"><h1>${esc(h.hotelName)}</h1><p class="tags"><span class="tag">${esc(TYPE_NAMES[h.hotelType] ?? "")}</span>${level(h) ? `<span class="tag">${esc(level(h))}</span>` : ""}${h.cityName ? `<span class="tag">${esc(h.cityName)}</span>` : ""}</p>
${gallery}<p class="where">地址：${esc(h.address)}</p>${facts ? `<ul class="facts-list">${facts}</ul>` : ""}
${book}
${section("svc-title", "酒店服务", svc.length ? `<ul class="svc-list">${svc.map((x) => `<li>${esc(x)}</li>`).join("")}</ul>` : "")}
${section("intro-title", "酒店介绍", h.content ? `<div class="body">${lazyBody(h.content, "lazy")}</div>` : "")}
${section("rooms-title", "客房", h.rooms.length ? `<ul class="rooms">${h.rooms.map((r) => room(r, h.hotelName)).join("")}</ul>` : "")}
${section("privilege-title", "会员特权", para(h.memberPrivilege))}
${section("notice-title", "预订须知", para(h.bookingNotice) + para(h.bookingInstructions) + (h.petPolicy ? `<p>宠物政策：${esc(h.petPolicy)}</p>` : ""))}
${section("map-title", "位置", `${map(h)}`)}</article>`;
  const path = hotelPath(h.id);
  const description = [h.hotelName, TYPE_NAMES[h.hotelType], level(h), h.address, plain(h.content)].filter(Boolean).join("，");
  const structured = {
    "@context": "https://schema.org",
    "@type": "Hotel",
    name: h.hotelName,
    url: absolute(s, href(s, path)),
    description: description.slice(0, 300),
    ...(pics.length ? { image: pics.map((u) => absolute(s, u)) } : {}),
    address: { "@type": "PostalAddress", streetAddress: h.address, ...(h.cityName ? { addressLocality: h.cityName } : {}), addressCountry: "CN" },
    ...(h.lat && h.lng ? { geo: { "@type": "GeoCoordinates", latitude: Number(h.lat), longitude: Number(h.lng) } } : {}),
    ...(h.tel ? { telephone: h.tel } : {}),
    ...(level(h) ? { starRating: { "@type": "Rating", ratingValue: { 三星: 3, 四星: 4, 五星: 5 }[level(h)] ?? 2 } } : {}),
    ...(svc.length ? { amenityFeature: svc.map((x) => ({ "@type": "LocationFeatureSpecification", name: x, value: true })) } : {}),
    ...(h.rooms.length ? { containsPlace: h.rooms.map((r) => ({ "@type": "HotelRoom", name: r.roomName, ...(r.bedSpecifications ? { bed: r.bedSpecifications } : {}) })) } : {}),
    ...(h.openDate ? { foundingDate: h.openDate } : {}),
  };
  return inner(s, directoryMenu(s)?.typeid ?? 0, { title: h.hotelName, description, path, image: pics[0], structured }, body);
}
