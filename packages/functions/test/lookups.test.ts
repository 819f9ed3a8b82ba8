import { describe, it, expect, beforeAll } from "vitest";
import { get, post, testTenant } from "./harness.ts";
import { loadRegions } from "@xiangyu/core/org/provision";

let t: Awaited<ReturnType<typeof testTenant>>;
const REGIONS = 1203;

beforeAll(async () => {
  t = await testTenant();
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
    expect(r.body.dataList.map((x: any) => [x.styleid, x.stylename])).toEqual([["1", "客户"], ["2", "会员"], ["3", "停用"]]);
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
    const add = await post("/gateway/api/manage/style/attrsave", { token: t.adminToken, functionId: channels, form: { styleen: "memberLevel", styleid: "9", stylename: "黑卡", seq: 9 } });
    expect(add.body).toMatchObject({ check: 1, msg: "保存成功" });
    const dup = await post("/gateway/api/manage/style/attrsave", { token: t.adminToken, functionId: channels, form: { styleen: "memberLevel", styleid: "9", stylename: "重复" } });
    expect(dup.body).toEqual({ check: 0, msg: "参数编码已存在" });
    const edit = await post("/gateway/api/manage/style/attrsave", { token: t.adminToken, functionId: channels, form: { id: add.body.id, styleen: "memberLevel", styleid: "9", stylename: "黑金卡" } });
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
    expect(top.body.dataList.map((r: any) => [r.name, r.hasChild])).toEqual([["北京市", false], ["广东省", true]]);
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
    const added = await post("/gateway/api/organization/chinaarea/save", { token: t.adminToken, functionId: REGIONS, form: { id: 440305, isNew: 1, parentid: 440300, name: "南山区" } });
    expect(added.body.data).toMatchObject({ id: 440305, name: "南山区", leveltype: 3 });
    const dup = await post("/gateway/api/organization/chinaarea/save", { token: t.adminToken, functionId: REGIONS, form: { id: 440305, isNew: 1, parentid: 440300, name: "南山区" } });
    expect(dup.body).toEqual({ code: "409", desc: "区域编码已存在" });
    const edited = await post("/gateway/api/organization/chinaarea/save", { token: t.adminToken, functionId: REGIONS, form: { id: 440305, parentid: 440300, name: "南山区", status: 0 } });
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
