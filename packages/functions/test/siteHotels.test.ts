import { describe, it, expect, beforeAll } from "vitest";
import { get, post, siteTenant } from "./harness.ts";
import { loadRegions } from "@xiangyu/core/org/provision";
import { WxConfig, WxFlag } from "@xiangyu/core/platform/configEntities";
import { sitePagePath } from "@xiangyu/functions/content/sitePaths";

/**
 * The hotels on the website (issue 35, docs/content.md "The hotels on the website"), read as a
 * search engine or a visitor without JavaScript reads them: the directory by type and city from
 * the hotels staff show (idisplay 1), a hotel's page with its pictures (sized), address and map,
 * services, rooms, member privileges, booking notice, 预订 (the member pages, the mini-program's
 * QR code), schema.org Hotel, canonical and Open Graph; both in the sitemap; the directory as a
 * website menu configured in 网站设置.
 */
const CLUB = 1601;
const DISCOUNT = 1602;
const WEBSITE = 1306;
const NEWS = 1302;
const HOTELS_FOLDER = 1600;

let a: Awaited<ReturnType<typeof siteTenant>>;
const ids: Record<string, number> = {};
const page = (path: string, query: Record<string, string | number> = {}, headers: Record<string, string> = {}) => get(path, { query, headers: { host: a.domain, ...headers } });
const config = (menus: unknown[]) => ({
  branchname: "丙俱乐部",
  branchaddress: "广州天河区",
  branchleadermobile: "400-3",
  icp: "",
  mainColor: "",
  secondColor: "",
  menus: JSON.stringify(menus),
  indexLogo: "",
  pageLogo: "",
  pagePurpose: "丙俱乐部官方网站",
  nopic: "",
  companyname: "丙公司",
});

beforeAll(async () => {
  a = await siteTenant("h");
  await loadRegions([
    { id: 100000, parentid: 0, name: "中国", leveltype: 0 },
    { id: 440000, parentid: 100000, name: "广东省", leveltype: 1 },
    { id: 440100, parentid: 440000, name: "广州市", leveltype: 2 },
    { id: 440400, parentid: 440000, name: "珠海市", leveltype: 2 },
  ]);
  const menus = [
    { typeid: NEWS, typename: "新闻资讯", parent: 0, kind: "list" },
    // The form's kind is not trusted: the folder is the directory whatever is sent.
    { typeid: HOTELS_FOLDER, typename: "旗下酒店", parent: 0, kind: "list" },
  ];
  expect((await post("/xiangyu/api/website/configsave", { token: a.adminToken, functionId: WEBSITE, form: config(menus) })).body.code).toBe("200");
  const hotel = async (functionId: number, form: Record<string, string | number>) => {
    const r = await post("/xiangyu/api/hotel/hotelsave", { token: a.adminToken, functionId, form: { memberLevel: "1", ...form } });
    expect(r.body.code, JSON.stringify(r.body)).toBe("200");
    return r.body.data.id as number;
  };
  ids.lake = await hotel(CLUB, {
    hotelType: 1,
    hotelName: "丙湖畔度假酒店",
    province: "440000",
    city: "440100",
    address: "广州市天河区湖畔路1号",
    lat: "23.112223",
    lng: "113.331084",
    hotelLevel: "五星",
    tel: "020-88888888",
    services: "免费停车、接机服务、儿童乐园",
    inoutTime: "15:00后入住，12:00前退房",
    picJson: JSON.stringify(["/site/demo/lake.svg", "/site/demo/garden.svg"]),
    content: "<p>湖畔度假酒店坐拥一线湖景。</p>",
    memberPrivilege: "会员免费升级湖景房",
    bookingNotice: "请至少提前一天预订。",
  });
  ids.sea = await hotel(DISCOUNT, { hotelType: 2, hotelName: "丙海景酒店", province: "440000", city: "440400", address: "珠海市香洲区海景路2号" });
  ids.hidden = await hotel(CLUB, { hotelType: 1, hotelName: "丙未展示酒店", city: "440100", address: "不展示", idisplay: 0 });
  const room = async (form: Record<string, string | number>) =>
    expect((await post("/xiangyu/api/hotel/roomsave", { token: a.adminToken, functionId: CLUB, form: { hotelId: ids.lake!, ...form } })).body.code).toBe("200");
  await room({ roomName: "湖景大床房", roomArea: "45㎡", bedSpecifications: "1.8米大床", zaocan: "含双早", picJson: JSON.stringify(["/site/demo/city.svg"]) });
  await room({ roomName: "停售客房", idisplay: 0 });
});

describe("the hotel directory", () => {
  it("is a website menu entry chosen in 网站设置: the hotels' folder, stored as the directory", async () => {
    const r = await get("/xiangyu/api/website/config", { token: a.adminToken, functionId: WEBSITE });
    expect(r.body.data.candidates).toContainEqual({ typeid: HOTELS_FOLDER, typename: "酒店目录", kind: "hotels" });
    expect(r.body.data.menus).toContainEqual({ typeid: HOTELS_FOLDER, typename: "旗下酒店", parent: 0, kind: "hotels" });
  });

  it("lists the shown hotels with their first picture (sized), type, stars and city, the menu entry current", async () => {
    const r = await page("/site/hotels/list");
    expect(r.status).toBe(200);
    expect(r.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(r.headers["cache-control"]).toBe("public, max-age=60, stale-while-revalidate=300");
    const html = r.body as string;
    expect(html).toContain("<title>旗下酒店 - 丙俱乐部</title>");
    expect(html).toContain('<a href="/site/hotels/list" class="on" aria-current="page">旗下酒店</a>');
    expect(html).toContain(`<a class="hotel-card" href="/site/hotels/view?id=${ids.lake}"><img src="/site/demo/lake.svg" alt="" width="480" height="270" fetchpriority="high"`);
    expect(html).toContain("丙海景酒店");
    expect(html).toContain("广州市 · 广州市天河区湖畔路1号");
    expect(html).toContain('<span class="tag">五星</span>');
    expect(html).not.toContain("丙未展示酒店");
    expect(html).toContain(`<link rel="canonical" href="http://${a.domain}/site/hotels/list">`);
    expect(html).toContain('<meta property="og:title" content="旗下酒店">');
    expect(html).toContain('"@type":"ItemList"');
    // Filters by type and by city, each a link (a cached page).
    expect(html).toContain('<a href="/site/hotels/list?type=1">会员酒店</a>');
    expect(html).toContain('<a href="/site/hotels/list?city=440400">珠海市</a>');
  });

  it("filters by type and by city; a city without a shown hotel is a 404", async () => {
    const club = (await page("/site/hotels/list", { type: 1 })).body as string;
    expect(club).toContain("丙湖畔度假酒店");
    expect(club).not.toContain("丙海景酒店");
    expect(club).toContain('<a href="/site/hotels/list?type=1" class="on" aria-current="page">会员酒店</a>');
    const zhuhai = (await page("/site/hotels/list", { city: "440400" })).body as string;
    expect(zhuhai).toContain("<h1>珠海市 · 旗下酒店</h1>");
    expect(zhuhai).not.toContain("丙湖畔度假酒店");
    expect((await page("/site/hotels/list", { city: "110000" })).status).toBe(404);
    // Out of bounds: refused by the route's schema before anything is read, never cached.
    const bad = await page("/site/hotels/list", { type: 7 });
    expect(bad.body.code).toBe("400");
    expect(bad.headers["cache-control"]).not.toMatch(/public/);
  });
});

describe("a hotel's page", () => {
  it("holds its pictures, address and map, services, rooms, privileges, notice and 预订, as complete HTML", async () => {
    const r = await page("/site/hotels/view", { id: ids.lake! });
    expect(r.status).toBe(200);
    const html = r.body as string;
    expect(html).toContain("<h1>丙湖畔度假酒店</h1>");
    expect(html).toContain('<img src="/site/demo/lake.svg" alt="丙湖畔度假酒店 图1" width="800" height="450" fetchpriority="high"');
    expect(html).toContain('<img src="/site/demo/garden.svg" alt="丙湖畔度假酒店 图2" width="800" height="450" loading="lazy"');
    expect(html).toContain("地址：广州市天河区湖畔路1号");
    expect(html).toContain('<a href="tel:020-88888888">020-88888888</a>');
    expect(html).toMatch(
      /<div class="map" role="img" aria-label="丙湖畔度假酒店的位置：广州市天河区湖畔路1号"><img src="https:\/\/webrd0\d\.is\.autonavi\.com\/appmaptile\?[^"]*z=16" alt="" width="256" height="256"/,
    );
    expect(html).toContain("https://uri.amap.com/marker?position=113.331084,23.112223");
    expect(html).toContain("<li>免费停车</li><li>接机服务</li><li>儿童乐园</li>");
    expect(html).toContain("湖畔度假酒店坐拥一线湖景。");
    expect(html).toContain("<h3>湖景大床房</h3>");
    expect(html).toContain("<span>45㎡</span><span>1.8米大床</span><span>有窗</span><span>含双早</span>");
    expect(html).toContain('<img src="/site/demo/city.svg" alt="丙湖畔度假酒店 湖景大床房 图1" width="320" height="180" loading="lazy"');
    expect(html).not.toContain("停售客房");
    expect(html).toContain("会员免费升级湖景房");
    expect(html).toContain("请至少提前一天预订。");
    expect(html).toContain(`<a class="button" href="/m/#/hotel/${ids.lake}">会员预订</a>`);
    expect(html).not.toContain('class="qr"');
    expect(html).toContain('<a href="/site/hotels/list" class="on" aria-current="page">旗下酒店</a>');
    expect(html).toContain(`<link rel="canonical" href="http://${a.domain}/site/hotels/view?id=${ids.lake}">`);
    expect(html).toContain(`<meta property="og:image" content="http://${a.domain}/site/demo/lake.svg">`);
    const ld = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/.exec(html)![1]!);
    expect(ld).toMatchObject({
      "@context": "https://schema.org",
      "@type": "Hotel",
      name: "丙湖畔度假酒店",
      url: `http://${a.domain}/site/hotels/view?id=${ids.lake}`,
      address: { "@type": "PostalAddress", streetAddress: "广州市天河区湖畔路1号", addressLocality: "广州市", addressCountry: "CN" },
      geo: { "@type": "GeoCoordinates", latitude: 23.112223, longitude: 113.331084 },
      telephone: "020-88888888",
      starRating: { "@type": "Rating", ratingValue: 5 },
      image: [`http://${a.domain}/site/demo/lake.svg`, `http://${a.domain}/site/demo/garden.svg`],
    });
    expect(ld.containsPlace).toEqual([{ "@type": "HotelRoom", name: "湖景大床房", bed: "1.8米大床" }]);
  });

  it("shows the mini-program's QR code when the tenant's main mini-program account has one", async () => {
    await WxConfig.put({ id: 987_001, clientId: a.clientId, appType: 2, appid: "wxsitehotels01", qrcode: "/site/demo/qr.svg", masterAccount: 1, status: 1 }).go();
    await WxFlag.put({ clientId: a.clientId, appType: 2, flag: "master", holder: 987_001 }).go();
    const html = (await page("/site/hotels/view", { id: ids.sea! })).body as string;
    expect(html).toContain('<figure class="qr"><img src="/site/demo/qr.svg" alt="丙俱乐部小程序码" width="160" height="160"');
    // No coordinates, no map; no pictures and no default picture, no gallery.
    expect(html).not.toContain('class="map"');
    expect(html).not.toContain('class="gallery"');
  });

  it("a hotel not shown, gone or not named is the 404 page", async () => {
    for (const q of [{ id: ids.hidden! }, { id: 999_999 }, {}] as Record<string, number>[]) {
      const r = await page("/site/hotels/view", q);
      expect(r.status, JSON.stringify(q)).toBe(404);
      expect(r.headers["cache-control"]).toBe("no-store");
      expect(r.body).toContain("酒店不存在或已停止展示");
    }
  });

  it("answers an unchanged page with 304 by its ETag", async () => {
    const r = await page("/site/hotels/view", { id: ids.lake! });
    const again = await page("/site/hotels/view", { id: ids.lake! }, { "if-none-match": r.headers.etag! });
    expect(again.status).toBe(304);
  });
});

describe("the hotels are findable", () => {
  it("the sitemap lists the directory and every shown hotel", async () => {
    const xml = (await page("/site/sitemap.xml")).body as string;
    expect(xml).toContain(`<loc>http://${a.domain}/site/hotels/list</loc>`);
    expect(xml).toContain(`<loc>http://${a.domain}/site/hotels/view?id=${ids.lake}</loc>`);
    expect(xml).toContain(`<loc>http://${a.domain}/site/hotels/view?id=${ids.sea}</loc>`);
    expect(xml).not.toContain(`hotels/view?id=${ids.hidden}`);
    expect(xml.match(/hotels\/list</g)).toHaveLength(1);
  });

  it("the directory and hotel addresses are pages for CloudFront's function and the local gateway", () => {
    expect(sitePagePath("hotels/list")).toBe("/site/hotels/list");
    expect(sitePagePath("hotels/view")).toBe("/site/hotels/view");
  });
});
