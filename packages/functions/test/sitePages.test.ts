import { describe, it, expect, beforeAll } from "vitest";
import { get, post, siteTenant } from "./harness.ts";
import { sitePagePath, isSiteFile } from "@xiangyu/functions/content/sitePaths";
import { lazyBody } from "@xiangyu/functions/content/sitePage";

/**
 * The website's pages as the content Lambda renders them (docs/content.md "Pages rendered by the
 * content Lambda"), read as a search engine or a visitor without JavaScript reads them: the HTML of
 * every page type holds its content, title, description, canonical address, Open Graph tags and
 * (articles) JSON-LD; robots.txt, the sitemap and the favicon; the 404 page; validators and 304.
 */
const NEWS = 1302;
const ACTIVITY = 1303;
const PAGE = 1304;
const WEBSITE = 1306;

let a: Awaited<ReturnType<typeof siteTenant>>;
const ids: Record<string, number> = {};
const page = (path: string, query: Record<string, string | number> = {}, headers: Record<string, string> = {}) => get(path, { query, headers: { host: a.domain, ...headers } });

beforeAll(async () => {
  a = await siteTenant("p");
  const menus = JSON.stringify([
    { typeid: PAGE, typename: "关于我们", parent: 0, kind: "page" },
    { typeid: NEWS, typename: "新闻资讯", parent: 0, kind: "list" },
    { typeid: ACTIVITY, typename: "会员活动", parent: NEWS, kind: "list" },
  ]);
  const config = {
    branchname: "乙俱乐部",
    branchaddress: "杭州西湖区",
    branchleadermobile: "400-2",
    icp: "浙ICP备2号",
    mainColor: "",
    secondColor: "",
    menus,
    indexLogo: "/site/demo/logo.svg",
    pageLogo: "",
    pagePurpose: "乙俱乐部官方网站",
    nopic: "",
    companyname: "乙公司",
  };
  expect((await post("/xiangyu/api/website/configsave", { token: a.adminToken, functionId: WEBSITE, form: config })).body.code).toBe("200");
  const save = async (functionId: number, form: Record<string, string | number>) => {
    const r = await post("/xiangyu/api/information/save", { token: a.adminToken, functionId, form });
    expect(r.body.code, JSON.stringify(r.body)).toBe("200");
    return r.body.data.id as number;
  };
  ids.hot = await save(NEWS, {
    infoType: "news",
    infoTitle: "湖畔酒店开业<热>",
    label: "hot",
    fromIn: "俱乐部",
    publishtime: "2026-01-02 08:00:00",
    infoPicture: "/site/demo/lake.svg",
    content: "<p>湖景房二百间。</p>",
  });
  for (let i = 1; i <= 11; i++)
    ids[`n${i}`] = await save(NEWS, {
      infoType: "news",
      infoTitle: `动态第${i}期`,
      fromIn: "门店",
      publishtime: `2025-12-${String(i + 10)} 08:00:00`,
      content: `<p>第${i}期正文</p>`,
    });
  ids.draft = await save(NEWS, { infoType: "news", infoTitle: "未发布草稿", idisplay: 0, publishtime: "2026-01-01 08:00:00", content: "<p>草稿</p>" });
  ids.page = await save(PAGE, { infoType: "intro", infoTitle: "关于乙俱乐部", content: "<p>乙俱乐部成立于2010年。</p>" });
});

describe("the website's pages arrive complete, without any script", () => {
  it("home: logo, menu, the hot carousel with sized pictures, the latest list, footer, canonical and Open Graph", async () => {
    const r = await page("/site/index");
    expect(r.status).toBe(200);
    expect(r.headers["content-type"]).toBe("text/html; charset=utf-8");
    const html = r.body as string;
    expect(html).toContain("<title>乙俱乐部</title>");
    expect(html).toContain('<meta name="description" content="乙俱乐部官方网站">');
    expect(html).toContain(`<link rel="canonical" href="http://${a.domain}/site/">`);
    expect(html).toContain('<meta property="og:title" content="乙俱乐部">');
    expect(html).toContain(`<meta property="og:image" content="http://${a.domain}/site/demo/logo.svg">`);
    expect(html).toContain('<link rel="icon" href="/site/favicon.ico"');
    expect(html).toMatch(
      /<nav class="menu" aria-label="网站菜单"><a href="\/site\/" class="on" aria-current="page">首页<\/a><a href="\/site\/information\/infoview\?functionId=1304">关于我们<\/a>/,
    );
    // The carousel: the hot article, its picture sized (no layout shift), its title escaped.
    expect(html).toMatch(
      /<section class="carousel"[^>]*><div class="track"><a class="slide" href="\/site\/information\/view\?functionId=1302&amp;id=\d+"><img src="\/site\/demo\/lake.svg" alt="" width="800" height="450"/,
    );
    expect(html).toContain('<span class="caption">湖畔酒店开业&lt;热&gt;</span>');
    // The latest of the first list column, each a link with its picture's size, labels in Chinese.
    // "更多" names its column for a screen reader; the latest's titles are headings under the section's h2.
    expect(html).toContain(
      '<h2 id="latest-title">新闻资讯<a class="more" href="/site/information/list?functionId=1302">更多<span class="visually-hidden">新闻资讯</span></a></h2>',
    );
    expect(html).toMatch(/<span class="text"><h3>动态第11期<\/h3>/);
    // An article without a picture (and no default picture set) keeps the picture's box, never an empty src.
    expect(html).toContain('<a class="card" href="/site/information/view?functionId=1302&amp;id=');
    expect(html).toContain('<span class="thumb"></span>');
    expect(html).not.toContain('src=""');
    expect(html).toContain('<span class="nowrap">电话：400-2</span>');
    expect(html).toContain("浙ICP备2号");
    expect(html).toContain(`data-portal="${a.clientId}"`);
    expect(html).not.toContain("未发布草稿");
    expect(html).not.toContain("加载中");
  });

  it("a list: its column marked, 10 a page, previous and next, page 2, and a page past the end is a 404", async () => {
    const first = await page("/site/information/list", { functionId: NEWS });
    expect(first.status).toBe(200);
    const html = first.body as string;
    expect(html).toContain("<title>新闻资讯 - 乙俱乐部</title>");
    expect(html).toContain('<a href="/site/information/list?functionId=1302" class="on" aria-current="page">新闻资讯</a>');
    expect(html.match(/<li><a class="card"/g)).toHaveLength(10);
    expect(html).toContain('<span class="off">上一页</span><span>第 1 / 2 页</span><a href="/site/information/list?functionId=1302&amp;page=2" rel="next">下一页</a>');
    expect(html).toContain(`<link rel="canonical" href="http://${a.domain}/site/information/list?functionId=1302">`);
    // The sub-menu beside the content.
    expect(html).toContain('<a href="/site/information/list?functionId=1303">会员活动</a>');
    expect(html).not.toContain("未发布草稿");
    const second = await page("/site/information/list", { functionId: NEWS, page: 2 });
    expect(second.body).toContain("<title>新闻资讯（第2页） - 乙俱乐部</title>");
    expect((second.body as string).match(/<li><a class="card"/g)).toHaveLength(2);
    expect(second.body).toContain('rel="prev">上一页</a>');
    // Labels in Chinese; a picture with its size.
    expect(second.body).toContain('<span class="label">热门</span>');
    expect(second.body).not.toContain(">hot<");
    // In the first screen (the first four): loaded at once, not lazily; the titles are h2 under the page's h1.
    expect(second.body).toMatch(/<img src="\/site\/demo\/lake.svg" alt="" width="160" height="90" decoding="async">/);
    expect(second.body).toMatch(/<h1>新闻资讯<\/h1><ul class="articles"><li><a class="card" [^>]*><span class="thumb"><\/span><span class="text"><h2>/);
    const past = await page("/site/information/list", { functionId: NEWS, page: 3 });
    expect([past.status, past.headers["cache-control"]]).toEqual([404, "no-store"]);
  });

  it("an article: its text, title, description, canonical, Open Graph article and NewsArticle JSON-LD", async () => {
    const r = await page("/site/information/view", { functionId: NEWS, id: ids.hot! });
    expect(r.status).toBe(200);
    const html = r.body as string;
    expect(html).toContain("<title>湖畔酒店开业&lt;热&gt; - 乙俱乐部</title>");
    expect(html).toContain("<h1>湖畔酒店开业&lt;热&gt;</h1>");
    expect(html).toContain("<p>湖景房二百间。</p>");
    expect(html).toContain('<meta name="description" content="湖景房二百间。">');
    expect(html).toContain('<meta property="og:type" content="article">');
    expect(html).toContain('<time datetime="2026-01-02T08:00:00+08:00">2026-01-02</time>');
    const ld = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/.exec(html)![1]!);
    expect(ld).toMatchObject({
      "@context": "https://schema.org",
      "@type": "NewsArticle",
      headline: "湖畔酒店开业<热>",
      datePublished: "2026-01-02T08:00:00+08:00",
      image: [`http://${a.domain}/site/demo/lake.svg`],
      author: { "@type": "Organization", name: "俱乐部" },
      publisher: { "@type": "Organization", name: "乙公司" },
      mainEntityOfPage: `http://${a.domain}/site/information/view?functionId=1302&id=${ids.hot}`,
    });
    // The JSON-LD cannot close its element: `<` is escaped inside it.
    expect(/<script type="application\/ld\+json">(.*?)<\/script>/.exec(html)![1]).not.toContain("<");
    // A draft is a 404 page, never cached.
    const draft = await page("/site/information/view", { functionId: NEWS, id: ids.draft! });
    expect([draft.status, draft.headers["cache-control"]]).toEqual([404, "no-store"]);
    expect(draft.body).not.toContain("未发布草稿");
    expect(draft.body).toContain('<meta name="robots" content="noindex">');
  });

  it("a single page (infoview) and a staff member's preview (never cached, never indexed)", async () => {
    const r = await page("/site/information/infoview", { functionId: PAGE });
    expect(r.status).toBe(200);
    expect(r.body).toContain("<h1>关于乙俱乐部</h1>");
    expect(r.body).toContain("<p>乙俱乐部成立于2010年。</p>");
    expect(r.body).toContain('<a href="/site/information/infoview?functionId=1304" class="on" aria-current="page">关于我们</a>');
    expect(r.body).not.toContain("NewsArticle");
    const link = await post("/xiangyu/api/information/previewlink", { token: a.adminToken, functionId: NEWS, form: { id: ids.draft! } });
    const preview = await page("/site/information/view", { functionId: NEWS, id: ids.draft!, preview: link.body.data.token });
    expect([preview.status, preview.headers["cache-control"]]).toEqual([200, "no-store"]);
    expect(preview.body).toContain("<h1>未发布草稿</h1>");
    expect(preview.body).toContain("预览：此信息尚未发布或未启用");
    expect(preview.body).toContain('<meta name="robots" content="noindex">');
    expect(preview.body).not.toContain('rel="canonical"');
    // Another tenant's website does not show this tenant's draft, token or not.
    const other = await siteTenant("q");
    const elsewhere = await get("/site/information/view", { query: { functionId: NEWS, id: ids.draft!, preview: link.body.data.token }, headers: { host: other.domain } });
    expect(elsewhere.status).toBe(404);
    expect(elsewhere.body).not.toContain("未发布草稿");
  });

  it("the 404 page: the site's menu and a way home, status 404, not indexed; an unknown host is refused", async () => {
    const r = await page("/site/404");
    expect([r.status, r.headers["cache-control"]]).toEqual([404, "no-store"]);
    expect(r.body).toContain("<h1>页面不存在</h1>");
    expect(r.body).toContain('aria-label="网站菜单"');
    expect(r.body).toContain('<a class="home-link" href="/site/">返回首页</a>');
    expect(r.body).toContain('<meta name="robots" content="noindex">');
    const nobody = await get("/site/index", { headers: { host: "nobody.example.com" } });
    expect([nobody.status, nobody.body]).toEqual([404, "没有读取到门户信息，请重试。"]);
  });

  it("on the website's own domain (x-site-root: /, https) every address is at the root", async () => {
    const r = await page("/site/information/view", { functionId: NEWS, id: ids.hot! }, { "x-site-root": "/", "x-forwarded-proto": "https" });
    const html = r.body as string;
    expect(html).toContain(`<link rel="canonical" href="https://${a.domain}/information/view?functionId=1302&amp;id=${ids.hot}">`);
    expect(html).toContain('<script type="module" src="/app.js"></script>');
    expect(html).toContain('<link rel="stylesheet" href="/app.css">');
    expect(html).toContain('<a href="/information/list?functionId=1302" class="on" aria-current="page">新闻资讯</a>');
    expect(html).not.toContain("/site/information");
  });

  it("answer an unchanged page with 304 by its ETag", async () => {
    const r = await page("/site/index");
    const etag = r.headers.etag!;
    expect(etag).toMatch(/^".+"$/);
    expect(r.headers["cache-control"]).toBe("public, max-age=60, stale-while-revalidate=300");
    const again = await page("/site/index", {}, { "if-none-match": etag });
    expect([again.status, again.body]).toEqual([304, ""]);
    expect((await page("/site/index", {}, { "if-none-match": '"other"' })).status).toBe(200);
  });
});

describe("what search engines read", () => {
  it("robots.txt: text, everything allowed, the sitemap named by its full address", async () => {
    const r = await page("/site/robots.txt", {}, { "x-site-root": "/", "x-forwarded-proto": "https" });
    expect(r.status).toBe(200);
    expect(r.headers["content-type"]).toBe("text/plain; charset=utf-8");
    expect(r.body).toBe(`User-agent: *\nAllow: /\n\nSitemap: https://${a.domain}/sitemap.xml\n`);
  });

  it("sitemap.xml: home, every column and every published article with its last change, no draft", async () => {
    const r = await page("/site/sitemap.xml");
    expect(r.status).toBe(200);
    expect(r.headers["content-type"]).toBe("application/xml; charset=utf-8");
    const xml = r.body as string;
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/);
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!.replace(/&amp;/g, "&"));
    const at = `http://${a.domain}/site/`;
    expect(locs).toEqual(
      expect.arrayContaining([
        at,
        `${at}information/infoview?functionId=1304`,
        `${at}information/list?functionId=1302`,
        `${at}information/list?functionId=1303`,
        `${at}information/view?functionId=1302&id=${ids.hot}`,
      ]),
    );
    // 1 home + 3 columns + 12 published news.
    expect(locs).toHaveLength(16);
    expect(locs.join()).not.toContain(`id=${ids.draft}&`);
    expect(locs).not.toContain(`${at}information/view?functionId=1302&id=${ids.draft}`);
    expect(xml).toMatch(new RegExp(`id=${ids.hot}</loc><lastmod>\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d\\+08:00</lastmod>`));
  });

  it("favicon: a house on the site's colour, as SVG of paths (no text: a character's font fallback blocked the page), kept an hour", async () => {
    const r = await page("/site/favicon.ico");
    expect(r.status).toBe(200);
    expect(r.headers["content-type"]).toBe("image/svg+xml");
    expect(r.headers["cache-control"]).toBe("public, max-age=3600, stale-while-revalidate=86400");
    expect(r.body).toContain('fill="#950101"');
    expect(r.body).toContain("<path ");
    expect(r.body).not.toContain("<text");
  });
});

describe("how the pictures of a body load (issue 35)", () => {
  it("the first early (the page's largest paint), the rest lazily, each decoded off the main thread; a size the editor gave is kept", () => {
    const body = '<p><img src="/a.png" width="800" height="450"></p><p><img src="/b.png"></p><img loading="eager" src="/c.png">';
    expect(lazyBody(body)).toBe(
      '<p><img fetchpriority="high" decoding="async" src="/a.png" width="800" height="450"></p><p><img loading="lazy" decoding="async" src="/b.png"></p><img loading="eager" src="/c.png">',
    );
    // A picture above the body is the page's: the body's first loads as the browser sees fit, or lazily far down.
    expect(lazyBody(body, "eager")).toMatch(/^<p><img decoding="async" src="\/a.png"/);
    expect(lazyBody(body, "lazy")).toMatch(/^<p><img loading="lazy" decoding="async" src="\/a.png"/);
  });
});

describe("addresses of the website's domain", () => {
  it("are pages, files or the 404 page, the same for CloudFront's function and the local gateway", () => {
    expect(sitePagePath("")).toBe("/site/index");
    expect(sitePagePath("index.html")).toBe("/site/index");
    for (const p of ["information/list", "information/view", "information/infoview", "robots.txt", "sitemap.xml", "favicon.ico"]) expect(sitePagePath(p)).toBe(`/site/${p}`);
    for (const p of ["index", "404x", "information", "information/list/", "hotels", "wp-login.php"]) expect(sitePagePath(p), p).toBe("/site/404");
    for (const p of ["app.js", "app.css", "assets/index-abc.js", "demo/logo.svg"]) expect(isSiteFile(p), p).toBe(true);
    for (const p of ["", "assets/", "app.json", "index.html", ".vite/manifest.json", "information/view"]) expect(isSiteFile(p), p).toBe(false);
  });
});
