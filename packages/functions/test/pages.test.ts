import { describe, it, expect, beforeAll } from "vitest";
import { createHash, randomBytes } from "node:crypto";
import { get, post, siteTenant } from "./harness.ts";
import { headOffice } from "@xiangyu/core/kernel/context";
import { copyModule } from "@xiangyu/core/pages/service";
import { CustomPage, CustomPageCode } from "@xiangyu/core/pages/entities";
import { seedPages } from "../../local/src/seed/pages.ts";
import { memberScreenOf } from "@xiangyu/core/pages/links";
import { PageSaveInput } from "@xiangyu/core/pages/schemas";
import { editOf } from "./editForm.ts";

/**
 * The page builder's routes (R552–R582, docs/pages.md): the tree, documents refused naming the
 * component and field with nothing stored, rich text cleaned, move/copy/delete of modules with their
 * children and their atomicity, rights, and the mini-program's read of enabled pages only.
 */
const FN = 1401;
const BASE = "/gateway/api/manage/custompage";

let t: Awaited<ReturnType<typeof siteTenant>>;
beforeAll(async () => {
  t = await siteTenant("p");
});

type Form = Record<string, unknown>;
const save = (form: Form, token = t.adminToken) => post(`${BASE}/save`, { token, functionId: FN, json: form });
const created = async (name: string, parentId: number, more: Form = {}) => {
  const r = await save({ name, parentId, ...more });
  expect(r.body).toMatchObject({ code: "200", desc: "保存成功" });
  return r.body.data as { id: number; code: string; parentId: number };
};
const level = async (parentId: number) =>
  (await get(`${BASE}/list`, { token: t.adminToken, functionId: FN, query: { parentId } })).body.dataList as { id: number; name: string; hasChild: boolean; code: string }[];
const view = (id: number) => get(`${BASE}/view`, { token: t.adminToken, functionId: FN, query: { id } });
/** The whole page of an edit (custompage/save is a whole-record save): its view (with its document), with `changes` over it. */
const edited = async (id: number, changes: Record<string, string | number>) => {
  const r = await view(id);
  expect(r.body.code).toBe("200");
  return editOf(PageSaveInput, r.body.data, { id, ...changes });
};
const render = (code: string, domain = t.domain) => get("/gateway/api/custompage/render", { query: { code, domain } });
const move = (oldModuleCode: string, newModuleCode: string) => post(`${BASE}/moveSystemModule`, { token: t.adminToken, functionId: FN, form: { oldModuleCode, newModuleCode } });
const copy = (oldModuleCode: string, newModuleCode: string) => post(`${BASE}/copySystemModule`, { token: t.adminToken, functionId: FN, form: { oldModuleCode, newModuleCode } });

/** A module: a top node with `n` pages below it, two levels deep. */
async function module(name: string, n = 3) {
  const top = await created(name, 0);
  const mid = await created(`${name}-子`, top.id);
  const leaves = [];
  for (let i = 1; i < n; i++) leaves.push(await created(`${name}-叶${i}`, mid.id));
  return { top, mid, leaves };
}

describe("save and read", () => {
  it("R552–R554: name, parent and seq are checked; seq defaults to 99", async () => {
    expect((await save({ parentId: 0 })).body).toEqual({ code: "400", desc: "请输入名称" });
    expect((await save({ name: "首页" })).body).toEqual({ code: "400", desc: "数据不完整，请刷新页面重新编辑。" });
    expect((await save({ name: "首页", parentId: 0, seq: 0 })).body).toEqual({ code: "400", desc: "排序必须是1到999999之间的整数" });
    const p = await created("首页", 0);
    expect(p).toMatchObject({ seq: 99, enableStatus: 1, code: `p${p.id}` });
  });

  it("the document comes back migrated and with its defaults; the tree knows its children", async () => {
    const top = await created("小程序", 0, { code: `mp${randomBytes(3).toString("hex")}` });
    const home = await created("主页", top.id, { configJson: JSON.stringify({ content: { data: [{ type: "Banner", height: "300px" }] } }) });
    const r = await view(home.id);
    const doc = JSON.parse(r.body.data.configJson);
    expect(doc.version).toBe(2);
    expect(doc.content.data[0]).toMatchObject({ kind: "Banner", height: 300, interval: 5000 });
    expect((await level(0)).find((p) => p.id === top.id)?.hasChild).toBe(true);
    expect((await level(top.id)).map((p) => p.name)).toEqual(["主页"]);
  });

  it("a bad document is refused naming the component and field, and nothing is stored", async () => {
    const parent = await created("模块", 0);
    const bad = { version: 2, content: { data: [{ kind: "Search" }, { kind: "Menu" }, { kind: "Banner", data: Array(11).fill({ image: "/a.png" }) }] } };
    expect((await save({ name: "坏页面", parentId: parent.id, configJson: JSON.stringify(bad) })).body).toEqual({ code: "400", desc: "第3个组件（轮播图）：图片数量不能超过10" });
    expect((await save({ name: "坏页面", parentId: parent.id, configJson: "{" })).body.desc).toBe("页面配置不是有效的JSON");
    expect(await level(parent.id)).toEqual([]);
    // An edit refused leaves the stored document as it was.
    const ok = await created("好页面", parent.id, { configJson: JSON.stringify({ version: 2, content: { data: [{ kind: "Search" }] } }) });
    expect((await save(await edited(ok.id, { name: "好页面", parentId: parent.id, configJson: JSON.stringify(bad) }))).body.code).toBe("400");
    expect(JSON.parse((await view(ok.id)).body.data.configJson).content.data.map((c: any) => c.kind)).toEqual(["Search"]);
    // A rename without a document (sent blank) keeps the stored one.
    expect((await save(await edited(ok.id, { name: "改名", parentId: parent.id, configJson: "" }))).body.data.name).toBe("改名");
    expect(JSON.parse((await view(ok.id)).body.data.configJson).content.data.map((c: any) => c.kind)).toEqual(["Search"]);
  });

  it("rich text is cleaned on the server", async () => {
    const p = await created("富文本", 0, {
      configJson: { version: 2, content: { data: [{ kind: "RichText", content: '<p onclick="x()">hi<script>alert(1)</script></p><a href="javascript:x">y</a>' }] } },
    });
    const c = JSON.parse((await view(p.id)).body.data.configJson).content.data[0].content;
    expect(c).toBe("<p>hi</p><a>y</a>");
  });

  it("codes are unique in the tenant and plain", async () => {
    const code = `c${randomBytes(3).toString("hex")}`;
    await created("一", 0, { code });
    expect((await save({ name: "二", parentId: 0, code })).body.desc).toBe("编码已存在");
    expect((await save({ name: "三", parentId: 0, code: "a b" })).body.desc).toBe("编码只能包含字母、数字、下划线和横线，且不能超过50个字");
  });

  it("a 200-component page saves and reads back whole", async () => {
    const kinds = ["Banner", "Menu", "SeparationLine", "RichText", "Search", "LFTabs", "Information", "InfoView", "PictureGroup", "List", "Forms", "Msg", "GoodsList"];
    const data = Array.from({ length: 200 }, (_, i) => ({
      kind: kinds[i % kinds.length],
      ...(kinds[i % kinds.length] === "RichText" ? { content: "<p>" + "文".repeat(2000) + "</p>" } : {}),
    }));
    const p = await created("大页面", 0, { configJson: JSON.stringify({ version: 2, content: { data } }) });
    expect(JSON.parse((await view(p.id)).body.data.configJson).content.data).toHaveLength(200);
  });
});

describe("pictures and video through the presigned upload flow", () => {
  const sha256 = (b: Buffer) => createHash("sha256").update(b).digest("hex");
  const presign = (json: Form, token = t.adminToken) => post("/uploader/presign", { token, functionId: FN, json });

  it("the designer uploads a banner's or an information item's video (.mp4, .3gp, .m3u8), checked by type, size and bytes", async () => {
    const mp4 = Buffer.concat([Buffer.from("\x00\x00\x00\x18ftypmp42", "binary"), randomBytes(32)]);
    const asked = await presign({ name: "宣传片.mp4", size: mp4.length, contentType: "video/mp4", hash: sha256(mp4), kind: "video" });
    expect(asked.body.code, JSON.stringify(asked.body)).toBe("200");
    const d = asked.body.data;
    expect(d).toMatchObject({ exists: false, ext: "mp4", localname: "宣传片.mp4" });
    expect((await fetch(d.uploadUrl, { method: "PUT", body: mp4, headers: d.uploadHeaders })).status).toBe(200);
    const confirmed = await post("/uploader/confirm", { token: t.adminToken, functionId: FN, json: { remotename: d.remotename } });
    expect(confirmed.body).toMatchObject({ code: "200", data: { remotename: d.remotename, ext: "mp4", url: d.url } });
    // The address the panel stores is a document's video.
    const parent = await created("视频模块", 0);
    const doc = { version: 2, content: { data: [{ kind: "Banner", data: [{ video: d.url }] }] } };
    const withVideo = await created("视频页", parent.id, { configJson: JSON.stringify(doc) });
    expect(JSON.parse((await view(withVideo.id)).body.data.configJson).content.data[0].data[0].video).toBe(d.url);

    const ask = { size: 1024, hash: "a".repeat(64), kind: "video" };
    for (const name of ["a.3gp", "a.m3u8"]) expect((await presign({ ...ask, name })).body.code, name).toBe("200");
    expect((await presign({ ...ask, name: "a.avi" })).body).toEqual({ code: "400", desc: "文件格式不正确，请上传 mp4、3gp、m3u8 格式的文件" });
    expect((await presign({ ...ask, name: "a.mp4", contentType: "image/png" })).body.code).toBe("400");
    expect((await presign({ ...ask, name: "a.mp4", size: 201 * 1024 * 1024 })).body).toEqual({ code: "400", desc: "文件大小不能超过 200MB" });
    // A renamed page is no video: refused by its bytes when confirmed.
    const fake = Buffer.from(`<html>${randomBytes(8).toString("hex")}</html>`);
    const f = (await presign({ name: "假视频.mp4", size: fake.length, contentType: "video/mp4", hash: sha256(fake), kind: "video" })).body.data;
    await fetch(f.uploadUrl, { method: "PUT", body: fake, headers: f.uploadHeaders });
    expect((await post("/uploader/confirm", { token: t.adminToken, functionId: FN, json: { remotename: f.remotename } })).body).toEqual({
      code: "400",
      desc: "文件内容与类型不符",
    });
  });

  it("uploading needs adding or editing pages; other kinds stay refused", async () => {
    const ask = { name: "a.mp4", size: 1024, hash: "b".repeat(64), kind: "video" };
    const reader = await t.userWith({ [FN]: "R" });
    const noRight = { code: "403", desc: "你无操作权限" };
    expect((await presign(ask, reader.token)).body).toEqual(noRight);
    const editor = await t.userWith({ [FN]: "E" });
    expect((await presign(ask, editor.token)).body.code).toBe("200");
    expect((await presign({ name: "pay.pem", size: 100, hash: "c".repeat(64), kind: "pem" }, editor.token)).body).toEqual(noRight);
  });
});

describe("rights", () => {
  it("a reader reads but neither saves, deletes, moves nor copies; another module opens nothing", async () => {
    const { top, mid } = await module("权限");
    const reader = await t.userWith({ [FN]: "R" });
    expect((await get(`${BASE}/list`, { token: reader.token, functionId: FN, query: { parentId: top.id } })).body.code).toBe("200");
    expect((await save({ name: "x", parentId: 0 }, reader.token)).body.code).toBe("403");
    expect((await post(`${BASE}/delete`, { token: reader.token, functionId: FN, form: { id: mid.id } })).body.code).toBe("403");
    expect((await post(`${BASE}/moveSystemModule`, { token: reader.token, functionId: FN, form: { oldModuleCode: mid.code, newModuleCode: top.code } })).body.code).toBe("403");
    expect((await post(`${BASE}/copySystemModule`, { token: reader.token, functionId: FN, form: { oldModuleCode: mid.code, newModuleCode: top.code } })).body.code).toBe("403");
    // A right on another module's function does not open the page builder.
    const other = await t.userWith({ 1302: "ADER" });
    expect((await get(`${BASE}/list`, { token: other.token, functionId: 1302, query: { parentId: 0 } })).status).toBe(403);
    expect((await get(`${BASE}/list`, { token: other.token, functionId: FN, query: { parentId: 0 } })).status).toBe(403);
  });
});

describe("move, copy and delete modules with their children", () => {
  it("move takes the whole module under the target; the counts follow", async () => {
    const a = await module("甲");
    const b = await module("乙");
    expect((await move(a.mid.code, b.mid.code)).body).toMatchObject({ code: "200" });
    expect((await level(a.top.id)).length).toBe(0);
    expect((await level(b.mid.id)).map((p) => p.id)).toEqual(expect.arrayContaining([a.mid.id]));
    expect((await level(a.mid.id)).length).toBe(2); // children came along
    expect((await level(0)).find((p) => p.id === a.top.id)?.hasChild).toBe(false);
  });

  it("a module cannot go under itself or its own children; unknown codes fail with the spec's words", async () => {
    const a = await module("丙");
    expect((await move(a.top.code, a.leaves[0].code)).body.desc).toBe("不能移动到自身或其下级");
    expect((await move(a.top.code, a.top.code)).body.desc).toBe("不能移动到自身或其下级");
    expect((await move("nobody", a.top.code)).body.desc).toBe("移动失败，请重试");
    expect((await copy("nobody", a.top.code)).body.desc).toBe("复制失败，请重试");
    expect((await level(a.top.id)).map((p) => p.id)).toEqual([a.mid.id]);
  });

  it("twenty crossing moves at once never make a loop", async () => {
    const x = await module("循环甲", 2);
    const y = await module("循环乙", 2);
    const replies = await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 ? move(x.top.code, y.leaves[0].code) : move(y.top.code, x.leaves[0].code))));
    expect(replies.every((r) => r.status === 200)).toBe(true);
    expect(replies.some((r) => r.body.code === "200")).toBe(true);
    // Walk up from each top: it must reach 0 within a few steps.
    for (const top of [x.top, y.top]) {
      let id = top.id;
      let steps = 0;
      while (id > 0 && steps < 10) {
        id = (await CustomPage.get({ tenantId: t.clientId, id }).go()).data!.parentId;
        steps++;
      }
      expect(id).toBe(0);
    }
  });

  it("copy gives new ids and codes to the module and its children, under the target", async () => {
    const a = await module("丁");
    const target = await created("目标", 0);
    const r = await copy(a.top.code, target.code);
    expect(r.body).toMatchObject({ code: "200", desc: "复制成功" });
    const top = r.body.data;
    expect(top.id).not.toBe(a.top.id);
    expect(top.code).toBe(`${a.top.code}_${top.id}`);
    const [mid] = await level(top.id);
    expect(mid.name).toBe("丁-子");
    expect(mid.code).not.toBe(a.mid.code);
    expect((await level(mid.id)).map((p) => p.name)).toEqual(["丁-叶1", "丁-叶2"]);
    expect((await level(a.mid.id)).length).toBe(2); // the original stays
  });

  it("a copy that fails before it is linked leaves nothing behind: 复制失败，请重试", async () => {
    const a = await module("戊", 40); // more than one chunk of pages
    const target = await created("将被删除", 0);
    const before = await CustomPageCode.query.byCode({ tenantId: t.clientId }).go({ pages: "all" });
    await expect(
      copyModule(headOffice(t.clientId), a.top.code, target.code, {
        beforeLink: async () => {
          await post(`${BASE}/delete`, { token: t.adminToken, functionId: FN, form: { id: target.id } });
        },
      }),
    ).rejects.toThrow("复制失败，请重试");
    const after = await CustomPageCode.query.byCode({ tenantId: t.clientId }).go({ pages: "all" });
    expect(after.data.length).toBe(before.data.length - 1); // only the deleted target's code is gone
    expect((await render(`${a.mid.code}_${a.mid.id}`)).body.code).toBe("404");
  });

  it("delete removes the page and everything below it", async () => {
    const a = await module("己");
    const parent = await created("己上级", 0);
    await move(a.top.code, parent.code);
    expect((await post(`${BASE}/delete`, { token: t.adminToken, functionId: FN, form: { id: a.top.id } })).body).toEqual({ code: "200", desc: "删除成功" });
    for (const p of [a.top, a.mid, ...a.leaves]) expect((await view(p.id)).body.desc).toBe("页面不存在或已被删除");
    expect((await level(0)).find((p) => p.id === parent.id)?.hasChild).toBe(false);
    expect((await post(`${BASE}/delete`, { token: t.adminToken, functionId: FN, form: { id: a.top.id } })).body.desc).toBe("并没有删除信息");
  });
});

describe("the mini-program's read", () => {
  it("answers enabled pages only, under enabled modules, of the host's tenant, cacheable", async () => {
    const top = await created("渲染", 0);
    const page = await created("主页", top.id, { configJson: JSON.stringify({ version: 2, content: { data: [{ kind: "Search" }] } }) });
    const r = await render(page.code);
    expect(r.body).toMatchObject({ code: "200", data: { code: page.code, name: "主页", document: { content: { data: [{ kind: "Search", actionName: "search" }] } } } });
    expect(r.headers["cache-control"]).toMatch(/public, max-age=60/);
    expect(r.body.data).not.toHaveProperty("columnCode");
    await save(await edited(page.id, { name: "主页", parentId: top.id, enableStatus: 2 }));
    expect((await render(page.code)).body).toEqual({ code: "404", desc: "页面不存在或未启用" });
    await save(await edited(page.id, { name: "主页", parentId: top.id, enableStatus: 1 }));
    await save(await edited(top.id, { name: "渲染", parentId: 0, enableStatus: 2 }));
    expect((await render(page.code)).body.code).toBe("404");
    await save(await edited(top.id, { name: "渲染", parentId: 0, enableStatus: 1 }));
    expect((await render(page.code)).body.code).toBe("200");
    expect((await render(page.code, "nobody.example.com")).body.code).toBe("404");
    expect((await render("a b")).body).toEqual({ code: "400", desc: "页面不存在或未启用" });
  });
});

describe("the demo seed", () => {
  it("gives the mini-program a home page of most component kinds, served to it, once", async () => {
    const fresh = await siteTenant("p");
    await seedPages(fresh.clientId, () => {});
    const home = await render("home", fresh.domain);
    expect(home.body.code).toBe("200");
    const { header, content } = home.body.data.document;
    expect(header.components.map((c: { kind: string }) => c.kind)).toEqual(["Search"]);
    const kinds = new Set([...header.components, ...content.data].map((c: { kind: string }) => c.kind));
    expect(kinds.size).toBeGreaterThanOrEqual(10);
    for (const code of ["consult", "member", "portal-home"]) expect((await render(code, fresh.domain)).body.code).toBe("200");
    const top = async () => (await get(`${BASE}/list`, { token: fresh.adminToken, functionId: FN, query: { parentId: 0 } })).body.dataList.length;
    expect(await top()).toBe(2);
    await seedPages(fresh.clientId, () => {});
    expect(await top()).toBe(2);
  });

  it("links every seeded mini-program page only to real screens (issue 34): each link opens a member screen, a page that exists, or an outside address", async () => {
    const fresh = await siteTenant("p");
    await seedPages(fresh.clientId, () => {});
    const links: Array<{ page: string; at: string; url: string }> = [];
    /** Every link a document holds: a component's or an item's `url`, a tab's `pagePath`, a picture's `action.url`. */
    const walk = (page: string, node: unknown, at: string): void => {
      if (Array.isArray(node)) return node.forEach((n, i) => walk(page, n, `${at}[${i}]`));
      if (!node || typeof node !== "object") return;
      for (const [k, v] of Object.entries(node)) {
        if ((k === "url" || k === "pagePath") && typeof v === "string" && v) links.push({ page, at: `${at}.${k}`, url: v });
        else walk(page, v, `${at}.${k}`);
      }
    };
    const pages = ["home", "consult", "member", "news"];
    for (const code of pages) {
      const r = await render(code, fresh.domain);
      expect(r.body.code, code).toBe("200");
      walk(code, r.body.data.document, code);
    }
    expect(links.length).toBeGreaterThanOrEqual(20);
    const nowhere = links.filter((l) => memberScreenOf(l.url).kind === "none");
    expect(nowhere, "links that open no screen").toEqual([]);
    for (const l of links) {
      const to = memberScreenOf(l.url);
      if (to.kind === "screen" && to.target?.param?.of === "page") expect((await render(to.value!, fresh.domain)).body.code, `${l.at} → page ${to.value}`).toBe("200");
    }
    // The lists an API fills name routes the member H5 reads (web/src/member/live.ts).
    const home = (await render("home", fresh.domain)).body.data.document;
    const apis = (home.content.data as Array<{ kind: string; api?: string }>).filter((c) => c.api).map((c) => c.api!.split("?")[0]);
    expect(apis.sort()).toEqual(["/gateway/api/information/loadListByFunctionId", "/goods/api/mp/list"]);
  });
});
