import { describe, it, expect, beforeAll } from "vitest";
import { get, post, siteTenant } from "./harness.ts";
import { parseVariantKey, pictureAddress, variantsOf, variantUrl, widthsFor, withVariants } from "@xiangyu/core/content/pictureVariants";
import { image, lazyBody } from "@xiangyu/functions/content/sitePage";

/**
 * Responsive pictures on the website (issue 35, docs/content.md "Responsive pictures"): an
 * uploaded picture whose address names its copies (`#w=480,960`) is drawn as a `<picture>` with a
 * WebP `srcset` and `sizes`; copies of the original's own format (the seed's PNG) join the `<img>`'s
 * `srcset`; any other address stays a plain `<img>`; the first slide and a hotel's first picture
 * are fetched early, pictures further down lazily (the carousel's later slides included); a
 * rich-text picture whose address names its copies (the editor's uploads) gets them as `srcset`.
 */
const T = "/uploader/files/demo/" + "a".repeat(64);
const NEWS = 1302;
const WEBSITE = 1306;
const CLUB = 1601;
const HOTELS_FOLDER = 1600;

describe("the address convention (core/content/pictureVariants.ts)", () => {
  it("a picture's copies are named by its address alone", () => {
    const url = withVariants(`${T}.jpg`, [960, 480, 480]);
    expect(url).toBe(`${T}.jpg#w=480,960`);
    expect(variantsOf(url)).toEqual({ src: `${T}.jpg`, widths: [480, 960], type: "webp" });
    expect(variantUrl(url, 480, "webp")).toBe(`${T}.w480.webp`);
    expect(pictureAddress(url)).toBe(`${T}.jpg`);
    // The seed's copies in the original's format, with the original's width.
    const png = withVariants(`${T}.png`, [480], "png", 800);
    expect(png).toBe(`${T}.png#w=480&t=png&o=800`);
    expect(variantsOf(png)).toEqual({ src: `${T}.png`, widths: [480], type: "png", original: 800 });
    // On an origin too.
    expect(variantsOf(`https://x.example.com${T}.gif#w=480`)?.src).toBe(`https://x.example.com${T}.gif`);
  });

  it("anything else is no picture with copies, and is shown as it is", () => {
    for (const url of [
      `${T}.jpg`,
      `${T}.jpg#`,
      `${T}.jpg#w=`,
      `${T}.jpg#w=abc`,
      `${T}.jpg#w=480,960,1200,1600,1920`,
      `${T}.jpg#w=480&t=svg`,
      `${T}.svg#w=480`,
      `/site/demo/lake.svg#w=480`,
      `https://cdn.example.com/a.jpg#w=480`,
      `/uploader/files/../${"a".repeat(64)}.jpg#w=480`,
      `/uploader/files/demo/${"a".repeat(63)}.jpg#w=480`,
    ])
      expect(variantsOf(url), url).toBeNull();
    expect(pictureAddress("https://cdn.example.com/a.jpg#top")).toBe("https://cdn.example.com/a.jpg#top");
    expect(withVariants("https://cdn.example.com/a.jpg", [480])).toBe("https://cdn.example.com/a.jpg");
    expect(withVariants(`${T}.jpg`, [])).toBe(`${T}.jpg`);
  });

  it("a copy's key is read strictly", () => {
    expect(parseVariantKey(`demo/${"b".repeat(64)}.w480.webp`)).toEqual({ tenantId: "demo", hash: "b".repeat(64), width: 480, type: "webp", ext: "w480.webp" });
    for (const key of [
      `demo/${"b".repeat(64)}.webp`,
      `demo/${"b".repeat(64)}.w480.gif`,
      `demo/${"b".repeat(64)}.w5.webp`,
      `a/b/${"b".repeat(64)}.w480.webp`,
      `demo/${"B".repeat(64)}.w480.webp`,
    ])
      expect(parseVariantKey(key), key).toBeNull();
  });

  it("the widths made for a picture: the targets below it and its own width under the largest", () => {
    expect(widthsFor(400)).toEqual([]);
    expect(widthsFor(480)).toEqual([]);
    expect(widthsFor(800)).toEqual([480, 800]);
    expect(widthsFor(1280)).toEqual([480, 960, 1280]);
    expect(widthsFor(4000)).toEqual([480, 960, 1920]);
  });
});

describe("how a picture is drawn (sitePage.ts image)", () => {
  const o = { alt: "湖", width: 800, height: 450, sizes: "100vw", priority: "high" as const };
  it("WebP copies: a picture element whose img is the original", () => {
    expect(image(`${T}.jpg#w=480,960`, o)).toBe(
      `<picture><source type="image/webp" srcset="${T}.w480.webp 480w, ${T}.w960.webp 960w" sizes="100vw"><img src="${T}.jpg" alt="湖" width="800" height="450" fetchpriority="high" decoding="async"></picture>`,
    );
  });
  it("copies of the original's format: the img's own srcset, the original at its width", () => {
    expect(image(`${T}.png#w=480&t=png&o=800`, { ...o, priority: "lazy" })).toBe(
      `<img src="${T}.png" srcset="${T}.w480.png 480w, ${T}.png 800w" sizes="100vw" alt="湖" width="800" height="450" loading="lazy" decoding="async">`,
    );
  });
  it("any other address: a plain img", () => {
    expect(image("/site/demo/lake.svg", { ...o, priority: "eager" })).toBe(`<img src="/site/demo/lake.svg" alt="湖" width="800" height="450" decoding="async">`);
    expect(image(`${T}.jpg`, o)).not.toContain("srcset");
  });
});

describe("pictures of a rich-text body (sitePage.ts lazyBody)", () => {
  it("with copies named in the address: the copies as srcset, the address without its fragment, the editor's size and attributes kept", () => {
    const body = `<p><img src="${T}.jpg#w=480,960" alt="大堂" width="1280" height="720"></p><p><img src="${T}.png#w=480&amp;t=png&amp;o=800" width="800" height="450"></p>`;
    expect(lazyBody(body)).toBe(
      `<p><picture><source type="image/webp" srcset="${T}.w480.webp 480w, ${T}.w960.webp 960w" sizes="(min-width: 801px) 900px, calc(100vw - 32px)"><img fetchpriority="high" decoding="async" src="${T}.jpg" alt="大堂" width="1280" height="720"></picture></p>` +
        `<p><img loading="lazy" decoding="async" src="${T}.png" srcset="${T}.w480.png 480w, ${T}.png 800w" sizes="(min-width: 801px) 800px, calc(100vw - 32px)" width="800" height="450"></p>`,
    );
  });
  it("a picture narrower than the column asks for no wider copy; any other picture stays as it was", () => {
    expect(lazyBody(`<img src="${T}.jpg#w=480,600" width="600" height="400">`, "lazy")).toContain('sizes="(min-width: 801px) 600px, calc(100vw - 32px)"');
    // Uploaded before the copies existed, another site's, or a fragment of its own: only how it loads is added.
    for (const src of [`${T}.jpg`, "https://cdn.example.com/a.jpg#w=480", `${T}.svg#w=480`])
      expect(lazyBody(`<img src="${src}" width="800" height="450">`, "lazy")).toBe(`<img loading="lazy" decoding="async" src="${src}" width="800" height="450">`);
  });
});

describe("the pages' pictures", () => {
  let a: Awaited<ReturnType<typeof siteTenant>>;
  const ids: Record<string, number> = {};
  const page = (path: string, query: Record<string, string | number> = {}) => get(path, { query, headers: { host: a.domain } });
  const pic = (n: number, ext = "jpg") => `/uploader/files/${a.clientId}/${String(n).repeat(64).slice(0, 64)}.${ext}`;

  beforeAll(async () => {
    a = await siteTenant("v");
    const menus = [
      { typeid: NEWS, typename: "新闻资讯", parent: 0, kind: "list" },
      { typeid: HOTELS_FOLDER, typename: "旗下酒店", parent: 0, kind: "list" },
    ];
    const config = {
      branchname: "丁俱乐部",
      branchaddress: "杭州",
      branchleadermobile: "400-4",
      icp: "浙ICP备4号",
      mainColor: "",
      secondColor: "",
      menus: JSON.stringify(menus),
      indexLogo: "",
      pageLogo: "",
      pagePurpose: "丁俱乐部官方网站",
      nopic: "",
      companyname: "丁公司",
    };
    const saved = await post("/xiangyu/api/website/configsave", { token: a.adminToken, functionId: WEBSITE, form: config });
    expect(saved.body.code, JSON.stringify(saved.body)).toBe("200");
    const save = async (form: Record<string, string | number>) => {
      const r = await post("/xiangyu/api/information/save", {
        token: a.adminToken,
        functionId: NEWS,
        form: { infoType: "news", fromIn: "俱乐部", content: "<p>正文</p>", ...form },
      });
      expect(r.body.code, JSON.stringify(r.body)).toBe("200");
      return r.body.data.id as number;
    };
    // Articles keep their pictures "?"-separated: the copies' fragment has no "?". The carousel shows the newest first.
    ids.third = await save({ infoTitle: "三条", label: "hot", publishtime: "2026-01-01 08:00:00", infoPicture: withVariants(pic(4), [480]) });
    ids.second = await save({ infoTitle: "次条", label: "hot", publishtime: "2026-01-02 08:00:00", infoPicture: withVariants(pic(3, "png"), [480], "png", 800) });
    // A body as the editor writes it since issue 35: a picture with its copies and its size, one uploaded before.
    ids.body = await save({
      infoTitle: "正文图片",
      publishtime: "2025-12-01 08:00:00",
      content: `<p>大堂</p><p><img src="${withVariants(pic(7), [480, 960])}" width="1280" height="720"></p><p><img src="${pic(8)}"></p>`,
    });
    ids.first = await save({ infoTitle: "头条", label: "hot", publishtime: "2026-01-03 08:00:00", infoPicture: `${withVariants(pic(1), [480, 960])}?${pic(2)}` });
    const r = await post("/xiangyu/api/hotel/hotelsave", {
      token: a.adminToken,
      functionId: CLUB,
      form: {
        memberLevel: "1",
        hotelType: 1,
        hotelName: "丁湖畔酒店",
        address: "湖畔路1号",
        picJson: JSON.stringify([withVariants(pic(5), [480, 960]), withVariants(pic(6), [480, 960])]),
        content: `<p>湖景</p><p><img src="${withVariants(pic(9), [480, 960])}" width="1600" height="900"></p>`,
      },
    });
    expect(r.body.code, JSON.stringify(r.body)).toBe("200");
    ids.hotel = r.body.data.id as number;
  });

  it("home: the carousel's first slide is a WebP picture fetched early, every later slide lazy; a plain address a plain img", async () => {
    const html = (await page("/site/index")).body as string;
    const slides = html.match(/<a class="slide"[^]*?<\/a>/g) ?? [];
    expect(slides).toHaveLength(3);
    expect(slides[0]).toContain(
      `<picture><source type="image/webp" srcset="${pic(1).replace(/\.jpg$/, ".w480.webp")} 480w, ${pic(1).replace(/\.jpg$/, ".w960.webp")} 960w" sizes="(min-width: 801px) 584px, calc(100vw - 32px)">`,
    );
    expect(slides[0]).toContain(`<img src="${pic(1)}" alt="" width="800" height="450" fetchpriority="high"`);
    expect(slides[1]).toContain(`<img src="${pic(3, "png")}" srcset="${pic(3, "png").replace(/\.png$/, ".w480.png")} 480w, ${pic(3, "png")} 800w"`);
    // Only the first slide loads with the page; the others wait (their 16:9 boxes are the stylesheet's).
    expect(slides[0]).not.toContain("loading=");
    for (const slide of slides.slice(1)) {
      expect(slide).toContain('width="800" height="450" loading="lazy"');
      expect(slide).not.toContain("fetchpriority");
    }
    // The latest list's thumbnails: below the carousel, lazily, at a thumbnail's width.
    expect(html).toContain('sizes="(min-width: 801px) 160px, 128px"');
    // No fragment reaches an address a crawler reads.
    expect(html).not.toMatch(/content="[^"]*#w=/);
  });

  it("an article: its pictures with copies, og:image and JSON-LD the original's address", async () => {
    const html = (await page("/site/information/view", { functionId: NEWS, id: ids.first! })).body as string;
    expect(html).toContain(`<picture><source type="image/webp" srcset="${pic(1).replace(/\.jpg$/, ".w480.webp")} 480w`);
    expect(html).toContain(`<img src="${pic(2)}" alt="头条 图2"`);
    expect(html).toContain(`<meta property="og:image" content="http://${a.domain}${pic(1)}">`);
    expect(html).not.toContain("#w=");
  });

  it("an article's body: a picture with copies gets srcset and sizes in the HTML itself (no script), kept through the sanitiser", async () => {
    const html = (await page("/site/information/view", { functionId: NEWS, id: ids.body! })).body as string;
    const body = /<div class="body">[^]*?<\/div>/.exec(html)?.[0] ?? "";
    expect(body).toContain(
      `<picture><source type="image/webp" srcset="${pic(7).replace(/\.jpg$/, ".w480.webp")} 480w, ${pic(7).replace(/\.jpg$/, ".w960.webp")} 960w" sizes="(min-width: 801px) 900px, calc(100vw - 32px)"><img fetchpriority="high" decoding="async" src="${pic(7)}" width="1280" height="720"></picture>`,
    );
    // Uploaded before the copies: as it is, lazily.
    expect(body).toContain(`<img loading="lazy" decoding="async" src="${pic(8)}">`);
    expect(html).not.toContain("#w=");
  });

  it("a hotel: the first picture fetched early, the next lazily, both with their WebP copies; the directory's card too", async () => {
    const html = (await page("/site/hotels/view", { id: ids.hotel! })).body as string;
    const gallery = /<div class="gallery"[^]*?<\/div>/.exec(html)?.[0] ?? "";
    expect(gallery.match(/<picture>/g)).toHaveLength(2);
    expect(gallery).toMatch(/<img src="[^"]+" alt="丁湖畔酒店 图1" width="800" height="450" fetchpriority="high"/);
    expect(gallery).toMatch(/<img src="[^"]+" alt="丁湖畔酒店 图2" width="800" height="450" loading="lazy"/);
    // The introduction's picture (rich text) with its copies, far down the page: lazily.
    expect(html).toContain(`srcset="${pic(9).replace(/\.jpg$/, ".w480.webp")} 480w, ${pic(9).replace(/\.jpg$/, ".w960.webp")} 960w"`);
    expect(html).toContain(`<img loading="lazy" decoding="async" src="${pic(9)}" width="1600" height="900"></picture>`);
    expect(html).not.toContain("#w=");
    const list = (await page("/site/hotels/list")).body as string;
    expect(list).toContain(`<picture><source type="image/webp" srcset="${pic(5).replace(/\.jpg$/, ".w480.webp")} 480w`);
  });
});
