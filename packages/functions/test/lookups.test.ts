import { describe, it, expect, beforeAll } from "vitest";
import { get, post, testTenant } from "./harness.ts";
import { loadRegions } from "@xiangyu/core/org/provision";
import { RegionInput } from "@xiangyu/core/org/schemas";
import { StyleAttrInput } from "@xiangyu/core/platform/schemas";
import { editOf } from "./editForm.ts";

/** A region's whole form, as the console's sends it (the id is always there: a new region's code too). */
const region = (form: Record<string, string | number>) => editOf(RegionInput, {}, form);
import { markPlatformTenant } from "@xiangyu/core/platform/operator";

let t: Awaited<ReturnType<typeof testTenant>>;
const REGIONS = 1203;

beforeAll(async () => {
  t = await testTenant();
  // The region tree is platform data: this file's tenant runs the platform (core/platform/operator.ts).
  await markPlatformTenant(t.clientId);
  await loadRegions([
    { id: 100000, parentid: 0, name: "中国", leveltype: 0 },
    { id: 440000, parentid: 100000, name: "广东省", leveltype: 1 },
    { id: 440100, parentid: 440000, name: "广州市", leveltype: 2 },
    { id: 440106, parentid: 440100, name: "天河区", leveltype: 3 },
    { id: 440300, parentid: 440000, name: "深圳市", leveltype: 2 },
    { id: 110000, parentid: 100000, name: "北京市", leveltype: 1 },
  ]);
});

describe("style parameters", () => {
  it("lists a style list in order, with an optional default choice", async () => {
    const r = await get("/gateway/api/manage/appcenter/styleparam/list", { token: t.adminToken, query: { styleen: "clientStatus" } });
    expect(r.body.dataList.map((x: any) => [x.styleid, x.stylename])).toEqual([
      ["1", "客户"],
      ["2", "会员"],
      ["3", "停用"],
    ]);
    const withAll = await get("/gateway/api/manage/appcenter/styleparam/list", { token: t.adminToken, query: { styleen: "clientStatus", df: "全部", dfKey: "" } });
    expect(withAll.body.dataList[0]).toMatchObject({ styleid: "", stylename: "全部" });
    expect(withAll.body.dataList).toHaveLength(4);
  });

  it("names one value, and refuses a missing list name", async () => {
    const r = await get("/gateway/api/manage/appcenter/styleparam/name", { token: t.adminToken, query: { styleen: "orderStatus", styleid: "4" } });
    expect(r.body.data).toBe("预订成功");
    const none = await get("/gateway/api/manage/appcenter/styleparam/list", { token: t.adminToken });
    expect(none.body).toEqual({ code: "400", desc: "参数类型不能为空" });
  });

  it("edits a list through style/attrsave and attrdelete with their check/msg replies", async () => {
    const channels = 2304;
    const add = await post("/gateway/api/manage/style/attrsave", {
      token: t.adminToken,
      functionId: channels,
      form: { styleen: "memberLevel", styleid: "9", stylename: "黑卡", seq: 9 },
    });
    expect(add.body).toMatchObject({ check: 1, msg: "保存成功" });
    const dup = await post("/gateway/api/manage/style/attrsave", { token: t.adminToken, functionId: channels, form: { styleen: "memberLevel", styleid: "9", stylename: "重复" } });
    expect(dup.body).toEqual({ check: 0, msg: "参数编码已存在" });
    const edit = await post("/gateway/api/manage/style/attrsave", {
      token: t.adminToken,
      functionId: channels,
      form: editOf(StyleAttrInput, {}, { id: add.body.id, styleen: "memberLevel", styleid: "9", stylename: "黑金卡" }),
    });
    expect(edit.body.check).toBe(1);
    const name = await get("/gateway/api/manage/appcenter/styleparam/name", { token: t.adminToken, query: { styleen: "memberLevel", styleid: "9" } });
    expect(name.body.data).toBe("黑金卡");
    const del = await post("/gateway/api/manage/style/attrdelete", { token: t.adminToken, functionId: channels, form: { ids: String(add.body.id) } });
    expect(del.body).toEqual({ check: 1, msg: "删除成功" });
    const gone = await post("/gateway/api/manage/style/attrdelete", { token: t.adminToken, functionId: channels, form: { ids: String(add.body.id) } });
    expect(gone.body).toEqual({ check: 0, msg: "并没有删除信息" });
    const nothing = await post("/gateway/api/manage/style/attrdelete", { token: t.adminToken, functionId: channels, form: { ids: "" } });
    expect(nothing.body).toEqual({ check: 0, msg: "并没有选择删除项" });
  });
});

describe("branches and areas", () => {
  it("lists branches in rows, searchable and limited", async () => {
    const all = await get("/gateway/api/manage/branch/list", { token: t.adminToken, query: { pagesize: 100000 } });
    expect(all.body.code).toBe("200");
    expect(all.body.rows.map((b: any) => b.branchname)).toEqual(["华东分公司", "华南分公司"]);
    expect(all.body.dataList).toBeUndefined();
    const found = await get("/gateway/api/manage/branch/list", { token: t.adminToken, query: { keyword: "华南", limit: 100 } });
    expect(found.body.rows).toEqual([expect.objectContaining({ branchname: "华南分公司" })]);
    const one = await get("/gateway/api/manage/branch/list", { token: t.adminToken, query: { limit: 1 } });
    expect(one.body.rows).toHaveLength(1);
  });

  it("answers area/alllist by code prefix", async () => {
    const gd = await get("/gateway/api/manage/appcenter/area/alllist", { token: t.adminToken, query: { areaCodePrefix: "44" } });
    expect(gd.body.dataList.map((a: any) => a.id).sort()).toEqual([440000, 440100, 440106, 440300]);
    expect(gd.body.dataList.find((a: any) => a.id === 440106)).toEqual({ id: 440106, parentid: 440100, name: "天河区" });
    const bad = await get("/gateway/api/manage/appcenter/area/alllist", { token: t.adminToken, query: { areaCodePrefix: "x1" } });
    expect(bad.body).toEqual({ code: "400", desc: "区域编码不正确" });
  });
});

describe("the region tree", () => {
  it("lists children lazily with hasChild, and views one", async () => {
    const top = await get("/gateway/api/organization/chinaarea/list", { token: t.adminToken, functionId: REGIONS, query: { parentid: 100000 } });
    expect(top.body.dataList.map((r: any) => [r.name, r.hasChild])).toEqual([
      ["北京市", false],
      ["广东省", true],
    ]);
    const root = await get("/gateway/api/organization/chinaarea/list", { token: t.adminToken, functionId: REGIONS, query: { parentid: 0 } });
    expect(root.body.dataList).toEqual([expect.objectContaining({ id: 100000, name: "中国", hasChild: true })]);
    const view = await get("/gateway/api/organization/chinaarea/view", { token: t.adminToken, functionId: REGIONS, query: { id: 440100 } });
    expect(view.body.data).toMatchObject({ id: 440100, parentid: 440000, name: "广州市", status: 1 });
  });

  it("adds, edits and deletes (with the nodes below) and checks the name", async () => {
    const noName = await post("/gateway/api/organization/chinaarea/save", { token: t.adminToken, functionId: REGIONS, form: { parentid: 440300, name: "" } });
    expect(noName.body).toEqual({ code: "400", desc: "请输入名称" });
    const noParent = await post("/gateway/api/organization/chinaarea/save", { token: t.adminToken, functionId: REGIONS, form: { name: "x" } });
    expect(noParent.body).toEqual({ code: "400", desc: "上级区域不能为空" });
    const added = await post("/gateway/api/organization/chinaarea/save", {
      token: t.adminToken,
      functionId: REGIONS,
      form: region({ id: 440305, isNew: 1, parentid: 440300, name: "南山区" }),
    });
    expect(added.body.data).toMatchObject({ id: 440305, name: "南山区", leveltype: 3 });
    const dup = await post("/gateway/api/organization/chinaarea/save", {
      token: t.adminToken,
      functionId: REGIONS,
      form: region({ id: 440305, isNew: 1, parentid: 440300, name: "南山区" }),
    });
    expect(dup.body).toEqual({ code: "409", desc: "区域编码已存在" });
    const edited = await post("/gateway/api/organization/chinaarea/save", {
      token: t.adminToken,
      functionId: REGIONS,
      form: region({ id: 440305, parentid: 440300, name: "南山区", status: 0 }),
    });
    expect(edited.body.data.status).toBe(0);
    const generated = await post("/gateway/api/organization/chinaarea/save", { token: t.adminToken, functionId: REGIONS, form: { parentid: 440305, name: "科技园" } });
    expect(generated.body.data.id).toBeGreaterThan(900000);
    const sz = await get("/gateway/api/organization/chinaarea/list", { token: t.adminToken, functionId: REGIONS, query: { parentid: 440000 } });
    expect(sz.body.dataList.find((r: any) => r.id === 440300).hasChild).toBe(true);
    // Disabled regions stay out of the selectors.
    const prefix = await get("/gateway/api/manage/appcenter/area/alllist", { token: t.adminToken, query: { areaCodePrefix: "4403" } });
    expect(prefix.body.dataList.map((a: any) => a.id)).toEqual([440300]);
    const del = await post("/gateway/api/organization/chinaarea/delete", { token: t.adminToken, functionId: REGIONS, form: { id: 440305 } });
    expect(del.body).toEqual({ code: "200", desc: "删除成功" });
    const afterGen = await get("/gateway/api/organization/chinaarea/view", { token: t.adminToken, functionId: REGIONS, query: { id: generated.body.data.id } });
    expect(afterGen.body.code).toBe("404");
    const root = await post("/gateway/api/organization/chinaarea/delete", { token: t.adminToken, functionId: REGIONS, form: { id: 100000 } });
    expect(root.body).toEqual({ code: "400", desc: "根节点不能删除" });
  });
});

describe("the region tree is platform data (issue 11)", () => {
  const SAVE = "/gateway/api/organization/chinaarea/save";
  const DELETE = "/gateway/api/organization/chinaarea/delete";
  const view = async (id: number) => (await get("/gateway/api/organization/chinaarea/view", { token: t.adminToken, functionId: REGIONS, query: { id } })).body;

  it("refuses another tenant's administrator — rename, add, delete — and changes nothing", async () => {
    const other = await testTenant();
    const as = { token: other.adminToken, functionId: REGIONS };
    const refused = { code: "403", desc: "你无操作权限" };
    expect((await post(SAVE, { ...as, form: region({ id: 110000, parentid: 100000, name: "改名的北京" }) })).body).toEqual(refused);
    expect((await post(SAVE, { ...as, form: { parentid: 110000, name: "新区" } })).body).toEqual(refused);
    expect((await post(SAVE, { ...as, form: region({ id: 110101, isNew: 1, parentid: 110000, name: "东城区" }) })).body).toEqual(refused);
    expect((await post(DELETE, { ...as, form: { id: 440100 } })).body).toEqual(refused);

    expect((await view(110000)).data).toMatchObject({ name: "北京市", hasChild: false });
    expect((await view(440100)).data).toMatchObject({ name: "广州市", hasChild: true });
    expect((await view(440106)).code).toBe("200");
    // Reading stays everyone's.
    const theirs = await get("/gateway/api/organization/chinaarea/list", { ...as, query: { parentid: 100000 } });
    expect(theirs.body.dataList.map((r: any) => r.name)).toEqual(["北京市", "广东省"]);
  });

  it("refuses the platform tenant's own staff below managelevel 1, even holding every letter", async () => {
    const staff = await t.userWith({ [REGIONS]: "ADEPRS" }, { managelevel: 3 });
    const r = await post(SAVE, { token: staff.token, functionId: REGIONS, form: region({ id: 110000, parentid: 100000, name: "改名的北京" }) });
    expect(r.body).toEqual({ code: "403", desc: "你无操作权限" });
    expect((await view(110000)).data.name).toBe("北京市");
  });

  it("lets the platform operator rename a province", async () => {
    const r = await post(SAVE, { token: t.adminToken, functionId: REGIONS, form: region({ id: 110000, parentid: 100000, name: "北京", status: 1 }) });
    expect(r.body.data).toMatchObject({ id: 110000, name: "北京" });
    expect((await post(SAVE, { token: t.adminToken, functionId: REGIONS, form: region({ id: 110000, parentid: 100000, name: "北京市" }) })).body.code).toBe("200");
  });
});

describe("inputs are bounded and answered in Chinese", () => {
  const channels = 2304;
  const attr = (path: "attrsave" | "attrdelete", form: Record<string, string | number>) =>
    post(`/gateway/api/manage/style/${path}`, { token: t.adminToken, functionId: channels, form });

  it("refuses over-long names with the limit", async () => {
    const region = await post("/gateway/api/organization/chinaarea/save", { token: t.adminToken, functionId: REGIONS, form: { parentid: 110000, name: "区".repeat(51) } });
    expect(region.body).toEqual({ code: "400", desc: "名称不能超过50个字" });
    expect((await attr("attrsave", { styleen: "x".repeat(51), styleid: "1", stylename: "a" })).body).toEqual({ check: 0, msg: "参数类型不能超过50个字" });
    expect((await attr("attrsave", { styleen: "memberLevel", styleid: "1".repeat(51), stylename: "a" })).body).toEqual({ check: 0, msg: "参数编码不能超过50个字" });
    expect((await attr("attrsave", { styleen: "memberLevel", styleid: "77", stylename: "名".repeat(101) })).body).toEqual({ check: 0, msg: "参数名称不能超过100个字" });
    expect((await attr("attrsave", { styleen: "memberLevel", styleid: "77", stylename: "名", pseudocode: "p".repeat(501) })).body).toEqual({
      check: 0,
      msg: "参数值不能超过500个字",
    });
    expect((await attr("attrsave", { styleen: "memberLevel", styleid: "77", stylename: "名", seq: "1e3" })).body).toEqual({ check: 0, msg: "排序必须是数字" });
    const list = await get("/gateway/api/manage/appcenter/styleparam/list", { token: t.adminToken, query: { styleen: "x".repeat(51) } });
    expect(list.body).toEqual({ code: "400", desc: "参数类型不能超过50个字" });
    const prefix = await get("/gateway/api/manage/appcenter/area/alllist", { token: t.adminToken, query: { areaCodePrefix: "4401061" } });
    expect(prefix.body).toEqual({ code: "400", desc: "区域编码不正确" });
    const branches = await get("/gateway/api/manage/branch/list", { token: t.adminToken, query: { keyword: "华".repeat(101) } });
    expect(branches.body).toEqual({ code: "400", desc: "关键词不能超过100个字" });
  });

  it("refuses a 10,000-id delete with 一次最多选择200项 at once, and 201 ids too", async () => {
    const ids = Array.from({ length: 10_000 }, (_, i) => i + 1).join(",");
    const started = performance.now();
    const r = await attr("attrdelete", { ids });
    expect(r.body).toEqual({ check: 0, msg: "一次最多选择200项" });
    expect(performance.now() - started).toBeLessThan(1000);
    expect((await attr("attrdelete", { ids: Array.from({ length: 201 }, (_, i) => i + 1).join(",") })).body).toEqual({ check: 0, msg: "一次最多选择200项" });
    expect((await attr("attrdelete", { ids: "1,x" })).body).toEqual({ check: 0, msg: "参数格式不正确" });
    expect((await attr("attrdelete", { ids: Array.from({ length: 200 }, (_, i) => 900_000 + i).join(",") })).body).toEqual({ check: 0, msg: "并没有删除信息" });
  });

  it("answers a malformed %-escape in a path parameter with 参数格式不正确", async () => {
    for (const path of ["/gateway/api/manage/appcenter/right/%ZZ", "/uploader/files/%E0%A4%A"]) {
      const r = await get(path, { token: t.adminToken });
      expect(r.status, path).toBe(200);
      expect(r.body, path).toEqual({ code: "400", desc: "参数格式不正确" });
    }
  });

  it("answers bad path and query parameters with a Chinese message, never a 500", async () => {
    for (const bad of ["abc", "0", "-1", "1.5", "1e3", "0x10", "99999999999", "%20"]) {
      const r = await get(`/gateway/api/manage/appcenter/right/${bad}`, { token: t.adminToken });
      expect(r.status, bad).toBe(200);
      expect(r.body, bad).toEqual({ code: "400", desc: "功能编号不正确" });
    }
    expect((await get("/gateway/api/manage/type/moduleinfo", { token: t.adminToken, query: { functionId: "abc" } })).body).toEqual({ code: "400", desc: "功能编号不正确" });
    expect((await get("/gateway/api/manage/type/moduleinfo", { token: t.adminToken })).body).toEqual({ code: "400", desc: "功能编号不正确" });
    expect((await get("/gateway/api/manage/type/list", { token: t.adminToken, query: { fatherid: "x" } })).body).toEqual({ code: "400", desc: "参数格式不正确" });
    const as = { token: t.adminToken, functionId: REGIONS };
    expect((await get("/gateway/api/organization/chinaarea/view", { ...as, query: { id: "abc" } })).body).toEqual({ code: "400", desc: "参数格式不正确" });
    expect((await get("/gateway/api/organization/chinaarea/list", { ...as, query: { parentid: "44x" } })).body).toEqual({ code: "400", desc: "参数格式不正确" });
    expect((await post("/gateway/api/organization/chinaarea/delete", { ...as, form: { id: "" } })).body).toEqual({ code: "400", desc: "并没有选择删除项" });
    expect((await get("/gateway/api/manage/branch/list", { token: t.adminToken, query: { limit: "all" } })).body).toEqual({ code: "400", desc: "每页条数不正确" });
    const column = await get("/gateway/api/manage/appcenter/styleparam/name", {
      token: t.adminToken,
      query: { styleen: "orderStatus", styleid: "4", outcolumnName: "constructor" },
    });
    expect(column.body).toEqual({ code: "400", desc: "参数格式不正确" });
  });
});
