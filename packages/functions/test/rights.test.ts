import { describe, it, expect, beforeAll } from "vitest";
import { get, post, testTenant } from "./harness.ts";
import { editOf } from "./editForm.ts";
import { OrgNodeInput } from "@xiangyu/core/org/schemas";

/**
 * Rights are enforced on the server: the functionId header must name a function of the route's
 * module held by the caller (else 403), and the route's letter must be held (else the denial text).
 */
let t: Awaited<ReturnType<typeof testTenant>>;
let other: Awaited<ReturnType<typeof testTenant>>;
const ORG = 1201; // 组织架构, module org
const TENANTS = 1101; // 平台租户, module platform
const OPLOG = 2501; // 操作日志, module auth

beforeAll(async () => {
  [t, other] = await Promise.all([testTenant(), testTenant()]);
});

const save = (token: string, form: Record<string, string | number>, functionId: number = ORG) =>
  post("/gateway/api/organization/save", { token, functionId, form: { orgType: "dept", ...form } });

/** The whole form of a node's edit (organization/save is a whole-record save): its view as the admin reads it, with `changes` over it. */
async function nodeEdit(id: number, changes: Record<string, string | number>): Promise<Record<string, string | number>> {
  const view = await get("/gateway/api/organization/view", { token: t.adminToken, functionId: ORG, query: { id } });
  expect(view.body.code).toBe("200");
  return editOf(OrgNodeInput, view.body.data, { id, ...changes });
}

describe("right letters", () => {
  it("A creates, E edits, D deletes — each refused without its letter with the spec's text", async () => {
    const none = await t.userWith({ [ORG]: "" });
    const add = await t.userWith({ [ORG]: "A" });
    const edit = await t.userWith({ [ORG]: "E" });
    const del = await t.userWith({ [ORG]: "D" });

    expect((await save(none.token, { parentId: 0, orgName: "无权新增" })).body).toEqual({ code: "403", desc: "你没有新增权限" });
    const created = await save(add.token, { parentId: 0, orgName: "新增的" });
    expect(created.body.code).toBe("200");
    const id = created.body.data.id;

    const rename = await nodeEdit(id, { parentId: 0, orgName: "改名" });
    expect((await save(add.token, rename)).body).toEqual({ code: "403", desc: "你没有修改权限" });
    expect((await save(edit.token, rename)).body.code).toBe("200");

    const delReq = (token: string) => post("/gateway/api/organization/delete", { token, functionId: ORG, form: { id } });
    expect((await delReq(edit.token)).body).toEqual({ code: "403", desc: "你没有删除权限" });
    expect((await delReq(del.token)).body).toEqual({ code: "200", desc: "删除成功" });
  });

  it("reports every letter through appcenter/right", async () => {
    for (const letters of ["A", "D", "E", "P", "R", "S", "ADEPRS", ""]) {
      const u = await t.userWith({ [ORG]: letters });
      const r = await get(`/gateway/api/manage/appcenter/right/${ORG}`, { token: u.token });
      const flags = r.body.data;
      for (const l of ["a", "d", "e", "p", "r", "s"]) expect(flags[l]).toBe(letters.includes(l.toUpperCase()));
    }
  });

  it("style attributes need A or E, and D, on a function of a style-editing module", async () => {
    const channels = 2304; // 渠道管理, module users
    const viewer = await t.userWith({ [channels]: "R" });
    const editor = await t.userWith({ [channels]: "AD" });
    const row = { styleen: "channel", styleid: "C01", stylename: "渠道一" };
    const refused = await post("/gateway/api/manage/style/attrsave", { token: viewer.token, functionId: channels, form: row });
    expect(refused.body).toEqual({ code: "403", desc: "你没有新增权限" });
    const saved = await post("/gateway/api/manage/style/attrsave", { token: editor.token, functionId: channels, form: row });
    expect(saved.body).toMatchObject({ check: 1, msg: "保存成功" });
    const del = await post("/gateway/api/manage/style/attrdelete", { token: editor.token, functionId: channels, form: { ids: String(saved.body.id) } });
    expect(del.body).toEqual({ check: 1, msg: "删除成功" });
  });
});

describe("modules", () => {
  it("a function of another module opens nothing (forged functionId)", async () => {
    // Holds every right on the tenant screen (module platform), none on the org tree.
    const u = await t.userWith({ [TENANTS]: "ADEPRS" });
    const r = await get("/gateway/api/organization/list", { token: u.token, functionId: TENANTS, query: { orgType: "dept" } });
    expect(r.status).toBe(403);
    expect(r.body).toEqual({ code: "403", desc: "你没有访问该模块的权限" });
    expect((await save(u.token, { parentId: 0, orgName: "x" }, TENANTS)).status).toBe(403);
  });

  it("a function of the right module that the caller does not hold is refused with 403", async () => {
    const u = await t.userWith({ [OPLOG]: "R" });
    expect((await get("/gateway/api/organization/list", { token: u.token, functionId: ORG, query: { orgType: "dept" } })).status).toBe(403);
    expect((await get("/gateway/api/organization/list", { token: u.token, query: { orgType: "dept" } })).status).toBe(403);
    expect((await get("/gateway/api/organization/list", { token: u.token, functionId: 999999, query: { orgType: "dept" } })).status).toBe(403);
  });

  it("the menu and moduleinfo show only what the caller may open", async () => {
    const u = await t.userWith({ [ORG]: "R" });
    const menu = (await get("/gateway/api/manage/type/list", { token: u.token })).body.dataList;
    const screens = menu.flatMap((f: any) => f.children);
    expect(screens.map((s: any) => s.id)).toEqual([ORG]);
    expect((await get("/gateway/api/manage/type/moduleinfo", { token: u.token, query: { functionId: OPLOG } })).status).toBe(403);
    expect((await get("/gateway/api/manage/type/moduleinfo", { token: u.token, query: { functionId: ORG } })).body.data.typename).toBe("组织架构");
  });
});

describe("tenants and departments", () => {
  it("a caller never reads or writes another tenant's items", async () => {
    const node = (await save(t.adminToken, { parentId: 0, orgName: "甲租户的节点" })).body.data;
    const view = await get("/gateway/api/organization/view", { token: other.adminToken, functionId: ORG, query: { id: node.id } });
    expect(view.body.code).toBe("404");
    const del = await post("/gateway/api/organization/delete", { token: other.adminToken, functionId: ORG, form: { id: node.id } });
    expect(del.body.code).toBe("404");
    const list = (await get("/gateway/api/organization/list", { token: other.adminToken, functionId: ORG, query: { orgType: "dept", parentId: 0 } })).body.dataList;
    expect(list.map((n: any) => n.orgName)).not.toContain("甲租户的节点");
    expect((await get("/gateway/api/organization/view", { token: t.adminToken, functionId: ORG, query: { id: node.id } })).body.data.orgName).toBe("甲租户的节点");
  });

  it("an appId header naming another tenant is refused", async () => {
    const r = await get("/gateway/api/manage/users/info", { token: t.adminToken, headers: { appid: other.clientId } });
    expect(r.status).toBe(403);
  });

  it("a store user reads and writes only inside its department", async () => {
    const south = t.depts.get("华南分公司")!;
    const mine = t.depts.get("广州天河店")!;
    const theirs = t.depts.get("上海浦东店")!;
    const u = await t.userWith({ [ORG]: "ADEPRS" }, { deptCodes: [mine.code] });

    const top = (await get("/gateway/api/organization/list", { token: u.token, functionId: ORG, query: { orgType: "dept", parentId: 0 } })).body.dataList;
    expect(top.map((n: any) => n.orgName)).toEqual(["华南分公司"]);
    const stores = (await get("/gateway/api/organization/list", { token: u.token, functionId: ORG, query: { orgType: "dept", parentId: south.id } })).body.dataList;
    expect(stores.map((n: any) => n.orgName)).toEqual(["广州天河店"]);

    expect((await get("/gateway/api/organization/view", { token: u.token, functionId: ORG, query: { id: theirs.id } })).body).toEqual({
      code: "403",
      desc: "你没有该部门的操作权限",
    });
    expect((await save(u.token, { parentId: theirs.id, orgName: "越界" })).body.desc).toBe("你没有该部门的操作权限");
    expect((await save(u.token, await nodeEdit(south.id, { parentId: 0, orgName: "改上级" }))).body.desc).toBe("你没有该部门的操作权限");
    expect((await post("/gateway/api/organization/delete", { token: u.token, functionId: ORG, form: { id: theirs.id } })).body.desc).toBe("你没有该部门的操作权限");
    expect((await save(u.token, { parentId: mine.id, orgName: "天河一组" })).body.code).toBe("200");

    const cascader = (await get("/gateway/api/organization/app/list", { token: u.token, query: { orgType: "dept" } })).body.dataList;
    expect(cascader).toHaveLength(1);
    expect(cascader[0].children.map((n: any) => n.orgName)).toEqual(["广州天河店"]);
    expect(cascader[0].children[0].children.map((n: any) => n.orgName)).toEqual(["天河一组"]);
  });
});
