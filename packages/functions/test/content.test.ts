import { describe, it, expect, beforeAll } from "vitest";
import { get, post, siteTenant } from "./harness.ts";
import { PUBLIC_KEYS } from "@xiangyu/core/content/views";

/**
 * Information articles in the console (R515–R528) and the website's public reads of them: messages,
 * rights, sanitising, and that a public route never shows a draft, a disabled article, another
 * tenant's article or a staff field; cache headers and 304.
 */
const NEWS = 1302;
const ACTIVITY = 1303;
const PAGE = 1304;
const WEBSITE = 1306;

/** A tenant whose website is served on `<clientId>.site.test`. */
let a: Awaited<ReturnType<typeof siteTenant>>;
let b: Awaited<ReturnType<typeof siteTenant>>;
beforeAll(async () => {
  [a, b] = await Promise.all([siteTenant("c"), siteTenant("c")]);
});

type Form = Record<string, string | number>;
const news = (over: Form = {}): Form => ({
  infoType: "news",
  infoTitle: "开业新闻",
  label: "hot",
  fromIn: "俱乐部",
  publishtime: "2026-01-01 08:00:00",
  content: "<p>正文</p>",
  ...over,
});
const save = (form: Form, functionId = NEWS, token = a.adminToken) => post("/xiangyu/api/information/save", { token, functionId, form });
const created = async (form: Form, functionId = NEWS, token = a.adminToken) => {
  const r = await save(form, functionId, token);
  expect(r.body).toMatchObject({ code: "200", desc: "保存成功" });
  return r.body.data as { id: number; idisplay: number };
};
const pub = (path: string, query: Record<string, string | number>, headers?: Record<string, string>) => get(`/gateway/api/information/${path}`, { query, headers });

describe("information edit form (R518–R524)", () => {
  it.each([
    [{ infoType: "" }, "信息类型不能为空"],
    [{ infoType: "blog" }, "信息类型不能为空"],
    [{ infoTitle: "  " }, "标题不能为空"],
    [{ infoTitle: "长".repeat(101) }, "标题不能超过100个字"],
    [{ label: "123456789" }, "标签不能超过8个字"],
    [{ infoPicture: "/a.jpg?/b.jpg?/c.jpg?/d.jpg" }, "最多只能选择3张标题图片"],
    [{ publishtime: "2026-13-01" }, "时间格式不正确"],
    [{ infoType: "activity", starttime: "2026-05-02 10:00:00", endtime: "2026-05-01 10:00:00" }, "结束时间不能早于开始时间"],
  ])("refuses %j with %s", async (over, desc) => {
    const r = await save(news(over as Form));
    expect(r.body).toEqual({ code: "400", desc });
  });

  it("saves every field, keeps only the type's own (R523), defaults idisplay 1 and sortOrder 9999999 (R524)", async () => {
    const saved = await created(news({ price: "¥1", starttime: "2026-05-01", infoPicture: "/p/1.jpg?/p/2.jpg", address: "广州", lng: "113.3", lat: "23.1" }));
    const r = await get("/xiangyu/api/information/view", { token: a.adminToken, functionId: NEWS, query: { id: saved.id } });
    expect(r.body.data).toMatchObject({
      infoType: "news",
      infoTitle: "开业新闻",
      label: "hot",
      fromIn: "俱乐部",
      publishtime: "2026-01-01 08:00:00",
      price: "",
      starttime: "",
      infoPicture: "/p/1.jpg?/p/2.jpg",
      idisplay: 1,
      sortOrder: 9999999,
      content: "<p>正文</p>",
      adduser: "admin",
    });
    const labels = await get("/xiangyu/api/information/labellist", { token: a.adminToken, functionId: NEWS });
    expect(labels.body.dataList).toContain("hot");
  });

  it("stores the rich text sanitised: no script, no event handler, no javascript: link", async () => {
    const saved = await created(
      news({ content: `<p onclick="steal()">好<script>alert(1)</script></p><img src="/p/x.jpg" onerror="alert(2)"><a href="javascript:alert(3)">链接</a>` }),
    );
    const r = await get("/xiangyu/api/information/view", { token: a.adminToken, functionId: NEWS, query: { id: saved.id } });
    const html: string = r.body.data.content;
    expect(html).toContain("<p>好</p>");
    expect(html).toContain('<img src="/p/x.jpg">');
    expect(html).not.toMatch(/script|onerror|onclick|javascript:/i);
    const p = await pub("loadViewById", { id: saved.id, domain: a.domain });
    expect(p.body.data.content).toBe(html);
  });
});

describe("information list, enable, delete and rights", () => {
  it("lists the function's articles under both prefixes, by keyword on title, label or source", async () => {
    const x = await created(news({ infoTitle: "列表测试甲", label: "列表签" }), ACTIVITY);
    await created({ infoType: "activity", infoTitle: "列表测试乙", fromIn: "" }, ACTIVITY);
    for (const prefix of ["/gateway/api", "/xiangyu/api"]) {
      const r = await get(`${prefix}/information/list`, { token: a.adminToken, functionId: ACTIVITY, query: { keyword: "列表签" } });
      expect(r.body.dataList.map((row: any) => row.id)).toEqual([x.id]);
    }
    const all = await get("/xiangyu/api/information/list", { token: a.adminToken, functionId: ACTIVITY });
    expect(all.body.pageParams.maxCount).toBe(2);
    // Another function's list does not show them, nor can it open them.
    const other = await get("/xiangyu/api/information/view", { token: a.adminToken, functionId: NEWS, query: { id: x.id } });
    expect(other.body).toEqual({ code: "404", desc: "信息不存在或已被删除" });
  });

  it("answers each missing letter with the spec's text", async () => {
    const saved = await created(news());
    const viewer = await a.userWith({ [NEWS]: "" });
    expect((await save(news(), NEWS, viewer.token)).body).toEqual({ code: "403", desc: "你没有新增权限" });
    expect((await save(news({ id: saved.id }), NEWS, viewer.token)).body).toEqual({ code: "403", desc: "你没有修改权限" });
    expect((await post("/gateway/api/information/passed", { token: viewer.token, functionId: NEWS, form: { ids: saved.id } })).body).toEqual({
      code: "403",
      desc: "你没有启禁用权限",
    });
    expect((await post("/xiangyu/api/information/delete", { token: viewer.token, functionId: NEWS, form: { ids: saved.id } })).body).toEqual({
      code: "403",
      desc: "你没有删除权限",
    });
    // Reading needs only the function.
    expect((await get("/xiangyu/api/information/list", { token: viewer.token, functionId: NEWS })).body.code).toBe("200");
    // A function of another module opens nothing here.
    expect((await get("/xiangyu/api/information/list", { token: a.adminToken, functionId: 1601 })).status).toBe(403);
  });

  it("flips enable once per request even when 20 arrive at once, and deletes", async () => {
    const saved = await created(news({ label: "" }));
    const replies = await Promise.all(
      Array.from({ length: 20 }, () => post("/xiangyu/api/information/passed", { token: a.adminToken, functionId: NEWS, form: { ids: saved.id } })),
    );
    const flips = replies.filter((r) => r.body.code === "200").length;
    expect(flips).toBeGreaterThanOrEqual(1);
    for (const r of replies.filter((r) => r.body.code !== "200")) expect(r.body.desc).toBe("数据已被修改，请刷新后重试");
    const v = await get("/xiangyu/api/information/view", { token: a.adminToken, functionId: NEWS, query: { id: saved.id } });
    expect(v.body.data.idisplay).toBe(flips % 2 === 1 ? 0 : 1);
    const del = await post("/gateway/api/information/delete", { token: a.adminToken, functionId: NEWS, form: { ids: saved.id } });
    expect(del.body).toEqual({ code: "200", desc: "删除成功" });
    expect((await get("/xiangyu/api/information/view", { token: a.adminToken, functionId: NEWS, query: { id: saved.id } })).body.code).toBe("404");
  });

  it("finds the single-record screen's article by function (R527)", async () => {
    const empty = await get("/xiangyu/api/information/loadManageByFunctionId", { token: a.adminToken, functionId: PAGE });
    expect(empty.body.code).toBe("200");
    expect(empty.body.data ?? null).toBeNull();
    const saved = await created({ infoType: "intro", infoTitle: "关于我们" }, PAGE);
    const r = await get("/xiangyu/api/information/loadManageByFunctionId", { token: a.adminToken, functionId: PAGE });
    expect(r.body.data).toEqual({ id: saved.id });
  });
});

describe("public website routes", () => {
  it("show only enabled, published articles of the site's tenant, and no staff field", async () => {
    const live = await created(news({ infoTitle: "公开新闻" }));
    const draft = await created(news({ infoTitle: "草稿新闻", idisplay: 0 }));
    const later = await created(news({ infoTitle: "定时新闻", publishtime: "2099-01-01 00:00:00" }));
    const theirs = await created(news({ infoTitle: "别家新闻" }), NEWS, b.adminToken);

    const listA = await pub("loadListByFunctionId", { functionId: NEWS, domain: a.domain, pageSize: 50 });
    const titles = listA.body.dataList.map((x: any) => x.infoTitle);
    expect(titles).toContain("公开新闻");
    expect(titles).not.toContain("草稿新闻");
    expect(titles).not.toContain("定时新闻");
    expect(titles).not.toContain("别家新闻");
    for (const row of listA.body.dataList) expect(Object.keys(row).sort()).toEqual([...PUBLIC_KEYS].sort());

    const hot = await pub("loadListByLabel", { lable: "hot", domain: a.domain });
    expect(hot.body.dataList.map((x: any) => x.id)).toContain(live.id);
    expect(hot.body.dataList.map((x: any) => x.id)).not.toContain(draft.id);

    for (const id of [draft.id, later.id]) expect((await pub("loadViewById", { id, domain: a.domain })).body).toEqual({ code: "404", desc: "信息不存在或已被删除" });
    // Ids are numbered per tenant: B's id names another article (or none) on A's website.
    expect((await pub("loadViewById", { id: theirs.id, domain: a.domain })).body.data?.infoTitle).not.toBe("别家新闻");
    const one = await pub("loadViewById", { id: live.id, functionId: NEWS, domain: a.domain });
    expect(Object.keys(one.body.data).sort()).toEqual([...PUBLIC_KEYS, "content"].sort());
    expect(one.body.data).not.toHaveProperty("idisplay");
    expect(one.body.data).not.toHaveProperty("adduser");
    // Tenant B's website shows B's article, never A's.
    expect((await pub("loadViewById", { id: theirs.id, domain: b.domain })).body.data.infoTitle).toBe("别家新闻");
    expect((await pub("loadViewById", { id: live.id, domain: b.domain })).body.data?.infoTitle).not.toBe("公开新闻");

    // Disabling takes it off the website.
    await post("/xiangyu/api/information/passed", { token: a.adminToken, functionId: NEWS, form: { ids: live.id } });
    expect((await pub("loadViewById", { id: live.id, domain: a.domain })).body.code).toBe("404");
  });

  it("send cache headers and an ETag, and answer a matching If-None-Match with 304", async () => {
    await created(news({ infoTitle: "缓存新闻" }));
    const first = await pub("loadListByFunctionId", { functionId: NEWS, domain: a.domain });
    expect(first.status).toBe(200);
    expect(first.headers["cache-control"]).toBe("public, max-age=60, stale-while-revalidate=300");
    const etag = first.headers.etag!;
    expect(etag).toMatch(/^".+"$/);
    const again = await pub("loadListByFunctionId", { functionId: NEWS, domain: a.domain }, { "if-none-match": etag });
    expect(again.status).toBe(304);
    expect(again.body).toBe("");
    const stale = await pub("loadListByFunctionId", { functionId: NEWS, domain: a.domain }, { "if-none-match": '"other"' });
    expect(stale.status).toBe(200);
    // A refusal is never cached.
    const missing = await pub("loadViewById", { id: 999999, domain: a.domain });
    expect(missing.headers["cache-control"]).toBe("no-store");
  });

  it("refuse an unknown site, oversized or malformed parameters with the envelope", async () => {
    expect((await pub("loadListByFunctionId", { functionId: NEWS, domain: "nobody.example.com" })).body).toEqual({ code: "404", desc: "没有读取到门户信息，请重试。" });
    expect((await pub("loadListByFunctionId", { functionId: "0x10", domain: a.domain })).body).toEqual({ code: "400", desc: "栏目不能为空" });
    expect((await pub("loadListByFunctionId", { functionId: NEWS, pageSize: 500, domain: a.domain })).body).toEqual({ code: "400", desc: "每页条数不正确" });
    expect((await pub("loadListByLabel", { lable: "x".repeat(50), domain: a.domain })).body).toEqual({ code: "400", desc: "标签不能超过8个字" });
    expect((await pub("loadViewById", { id: 1, domain: "d".repeat(300) })).body).toEqual({ code: "400", desc: "没有读取到门户信息，请重试。" });
  });

  it("render the detail page as HTML for the site's host, never a draft", async () => {
    const live = await created(news({ infoTitle: "网页新闻<1>" }));
    const draft = await created(news({ infoTitle: "网页草稿", idisplay: 0 }));
    const page = await get("/site/information/view", { query: { functionId: NEWS, id: live.id }, headers: { host: a.domain } });
    expect(page.status).toBe(200);
    expect(page.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(page.body).toContain("<title>网页新闻&lt;1&gt; - ");
    expect(page.body).toContain('<script type="module" src="/site/app.js">');
    // The site build's stable entry (served no-cache), never a hashed name a later deploy deletes (infra-tests/siteCaching.test.ts).
    expect(page.body).toContain('<link rel="stylesheet" href="/site/app.css">');
    expect(page.body).not.toMatch(/\/assets\/[^"]*-[\w-]{8}\.(js|css)/);
    expect((await get("/site/information/view", { query: { functionId: NEWS, id: live.id }, headers: { host: a.domain, "if-none-match": page.headers.etag! } })).status).toBe(304);
    const hidden = await get("/site/information/view", { query: { functionId: NEWS, id: draft.id }, headers: { host: a.domain } });
    expect(hidden.status).toBe(404);
    expect(hidden.body).not.toContain("网页草稿");
    // A forged preview token shows nothing (a real one: sitePages.test.ts); the website's own domain names its root.
    const preview = await get("/site/information/view", { query: { functionId: NEWS, id: draft.id, preview: "x" }, headers: { host: a.domain, "x-site-root": "/" } });
    expect(preview.headers["cache-control"]).toBe("no-store");
    expect(preview.body).not.toContain("网页草稿");
    expect(preview.body).toContain('src="/app.js"');
  });

  it("show a draft through a staff member's preview link only", async () => {
    const draft = await created(news({ infoTitle: "预览草稿", idisplay: 0 }));
    const link = await post("/xiangyu/api/information/previewlink", { token: a.adminToken, functionId: NEWS, form: { id: draft.id } });
    expect(link.body.code).toBe("200");
    const r = await get("/gateway/api/information/preview", { query: { token: link.body.data.token } });
    expect(r.body.data.infoTitle).toBe("预览草稿");
    expect(r.headers["cache-control"]).toBe("no-store");
    const forged = link.body.data.token.replace(/.$/, (c: string) => (c === "A" ? "B" : "A"));
    expect((await get("/gateway/api/information/preview", { query: { token: forged } })).body).toEqual({ code: "403", desc: "预览链接已失效，请在后台重新打开预览" });
    expect((await post("/xiangyu/api/information/previewlink", { functionId: NEWS, form: { id: draft.id } })).status).toBe(401);
  });
});

describe("website configuration and menu", () => {
  it("saves the settings with E, and the website reads them and its menu", async () => {
    const menus = JSON.stringify([
      { typeid: PAGE, typename: "关于我们", parent: 0, kind: "page" },
      { typeid: NEWS, typename: "新闻", parent: 0, kind: "list" },
      { typeid: ACTIVITY, typename: "活动", parent: NEWS, kind: "list" },
    ]);
    // The settings are one whole record: every field is sent, blank where it has no value.
    const form = {
      branchname: "甲俱乐部",
      branchaddress: "广州",
      branchleadermobile: "400-1",
      icp: "粤ICP备1号",
      mainColor: "",
      secondColor: "",
      menus,
      indexLogo: "",
      pageLogo: "",
      pagePurpose: "",
      nopic: "",
      companyname: "",
    };
    const viewer = await a.userWith({ [WEBSITE]: "" });
    expect((await post("/xiangyu/api/website/configsave", { token: viewer.token, functionId: WEBSITE, form })).body).toEqual({ code: "403", desc: "你没有修改权限" });
    const bad = await post("/xiangyu/api/website/configsave", {
      token: a.adminToken,
      functionId: WEBSITE,
      form: { ...form, menus: JSON.stringify([{ typeid: 1601, typename: "酒店", kind: "list" }]) },
    });
    expect(bad.body).toEqual({ code: "400", desc: "菜单「酒店」不是信息栏目" });
    expect((await post("/xiangyu/api/website/configsave", { token: a.adminToken, functionId: WEBSITE, form: { ...form, branchaddress: "" } })).body).toEqual({
      code: "400",
      desc: "地址不能为空",
    });
    expect((await post("/xiangyu/api/website/configsave", { token: a.adminToken, functionId: WEBSITE, form })).body.code).toBe("200");

    const config = await get("/gateway/oauth/loadWebsiteConfig", { query: { domain: a.domain } });
    expect(config.body.data).toMatchObject({ branchname: "甲俱乐部", icp: "粤ICP备1号", mainColor: "#950101", secondColor: "#ae0026", mainMenuId: 1300 });
    expect(config.body.data).not.toHaveProperty("menus");
    const menu = await get("/gateway/api/manage/appcenter/loadfrontmenu/1300", { query: { domain: a.domain } });
    expect(menu.body.dataList).toEqual([
      { typeid: PAGE, typename: "关于我们", frontlink: `/information/infoview?functionId=${PAGE}`, subMenus: [] },
      {
        typeid: NEWS,
        typename: "新闻",
        frontlink: `/information/list?functionId=${NEWS}`,
        subMenus: [{ typeid: ACTIVITY, typename: "活动", frontlink: `/information/list?functionId=${ACTIVITY}`, subMenus: [] }],
      },
    ]);
    expect((await get("/gateway/api/manage/appcenter/loadfrontmenu/1", { query: { domain: a.domain } })).body.code).toBe("404");
    const portal = await get("/gateway/oauth/loadPortalConfig", { query: { domain: a.domain } });
    expect(portal.body.data.portalCode).toBe(a.clientId);
    expect((await get("/gateway/oauth/loadPortalConfig", { query: { domain: "nobody.example.com" } })).body).toEqual({ code: "404", desc: "没有读取到门户信息，请重试。" });
    // Tenant B's website is its own.
    expect((await get("/gateway/oauth/loadWebsiteConfig", { query: { domain: b.domain } })).body.data.branchname).toBe(`测试平台 ${b.clientId}`);
  });
});
