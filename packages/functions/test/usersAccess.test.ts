import { describe, it, expect, beforeAll } from "vitest";
import { getUser } from "@xiangyu/core/users/service";
import { readRoles } from "@xiangyu/core/users/roles";
import { superAdminCount } from "@xiangyu/core/users/staff";
import { AccessChange, User } from "@xiangyu/core/users/entities";
import { registerMobileUsers } from "@xiangyu/core/users/mobile";
import { Client } from "@xiangyu/core/clients/entities";
import { testTenant, get } from "./harness.ts";
import { FN, as, mobile, quickUser, roleEdit } from "./usersHelpers.ts";
import { editOf } from "./editForm.ts";
import { RoleInput, UserInput } from "@xiangyu/core/users/schemas";

/**
 * The rules around access that hold on the server: sessions end when access changes, a role change
 * reaches its holders' next request, the last super-administrator stays (also under 20 concurrent
 * attempts), roles are edited only within what the editor holds, and mobile users.
 */
let t: Awaited<ReturnType<typeof testTenant>>;
let roleIds: Map<string, number>;
const code = (name: string) => t.depts.get(name)!.code;
const SAVE = "/gateway/api/manage/users/m/save";
const INFO = "/gateway/api/manage/users/info";

beforeAll(async () => {
  t = await testTenant();
  roleIds = new Map([...(await readRoles(t.clientId)).values()].map((r) => [r.code ?? "", r.id]));
});

/** The whole staff form of a user (a user item or its view): users/m/save is a whole-record save; the password blank keeps it. */
type UserLike = {
  mobile?: string;
  realname?: string;
  roleIds?: number[];
  deptCodes?: string[];
  status?: number;
  username?: string;
  sex?: string;
  idcard?: string;
  address?: string;
  email?: string;
  picture?: string;
};
const formOf = (u: UserLike, f: Record<string, string | number> = {}) =>
  editOf(
    UserInput,
    {
      ...u,
      mobile: u.mobile ?? "",
      realname: u.realname ?? "",
      password: "",
      roleid: (u.roleIds ?? []).join(","),
      deptid: (u.deptCodes ?? []).filter(Boolean).join(","),
      displayornot: u.status ?? 1,
    },
    f,
  );

describe("sessions follow access", () => {
  it("a change of roles, departments, password or status, or a deletion, ends the user's sessions at once", async () => {
    const admin = as(t.adminToken, FN.staff);
    const changes: Array<(u: any) => Record<string, string | number>> = [
      () => ({ roleid: String(roleIds.get("service")) }),
      () => ({ deptid: code("深圳南山店") }),
      () => ({ password: "An0ther!pass" }),
      () => ({ displayornot: 0 }),
    ];
    for (const change of changes) {
      const u = await quickUser(t.clientId, {}, { roleIds: [roleIds.get("cashier")!], deptCodes: [code("广州天河店")] });
      expect((await get(INFO, { token: u.token })).status).toBe(200);
      const r = await admin.post(SAVE, { ...formOf(u.user), id: u.user.id, ...change(u) });
      expect(r.body.code).toBe("200");
      expect((await get(INFO, { token: u.token })).status).toBe(401);
    }
    // An edit that changes nothing of access keeps the session.
    const kept = await quickUser(t.clientId, {}, { roleIds: [roleIds.get("cashier")!], deptCodes: [code("广州天河店")] });
    await admin.post(SAVE, { ...formOf(kept.user), id: kept.user.id, address: "新地址" });
    expect((await get(INFO, { token: kept.token })).status).toBe(200);
    // Deleted: signed out everywhere.
    await admin.post("/gateway/api/manage/users/mgr/delete", { ids: String(kept.user.id) });
    expect((await get(INFO, { token: kept.token })).status).toBe(401);
  });

  it("a role's new rights reach its holders' next request", async () => {
    const role = (await as(t.adminToken, FN.roles).post("/gateway/api/manage/role/save", { name: "只读用户", rights: JSON.stringify({ [FN.staff]: "R" }), dataScope: "all" })).body
      .data;
    const u = await quickUser(t.clientId, {}, { roleIds: [role.id] });
    const del = () => as(u.token, FN.staff).post("/gateway/api/manage/users/mgr/delete", { ids: "999999" });
    expect((await del()).body).toEqual({ code: "403", desc: "你没有删除权限" });
    const saved = await as(t.adminToken, FN.roles).post(
      "/gateway/api/manage/role/save",
      editOf(RoleInput, role, {
        id: role.id,
        name: "只读用户",
        rights: JSON.stringify({ [FN.staff]: "RD" }),
        dataScope: "all",
      }),
    );
    expect(saved.body.data.rights).toEqual({ [FN.staff]: "DR" });
    expect((await del()).body).toEqual({ code: "404", desc: "并没有删除信息" });
    // Taking the function away closes the screen.
    await as(t.adminToken, FN.roles).post("/gateway/api/manage/role/save", editOf(RoleInput, role, { id: role.id, name: "只读用户", rights: "{}", dataScope: "all" }));
    expect((await del()).status).toBe(403);
  });
});

describe("the last super-administrator", () => {
  it("cannot be deleted, disabled or stripped of the role", async () => {
    const other = await testTenant();
    const admin = as(other.adminToken, FN.staff);
    const adminUser = (await admin.get("/gateway/api/manage/users/mgr/view", { mobile: other.adminMobile })).body.data;
    expect(await superAdminCount(other.clientId)).toBe(1);
    const roles = new Map([...(await readRoles(other.clientId)).values()].map((r) => [r.code ?? "", r.id]));
    // A second super-administrator tries to remove the first, who is the last but one… then the last.
    const second = await quickUser(other.clientId, {}, { roleIds: [roles.get("super")!] });
    expect(await superAdminCount(other.clientId)).toBe(2);
    const s2 = as(second.token, FN.staff);
    const strip = await s2.post(SAVE, {
      ...formOf({ ...adminUser, roleIds: [roles.get("cashier")!], deptCodes: [] }),
      id: adminUser.id,
      mobile: adminUser.mobile,
      realname: adminUser.realname,
    });
    expect(strip.body.code).toBe("200");
    expect(await superAdminCount(other.clientId)).toBe(1);
    // Now `second` is the last: the admin (no longer super) cannot touch them, and they cannot demote themselves.
    const self = await s2.post(SAVE, { ...formOf({ ...second.user, roleIds: [roles.get("cashier")!], deptCodes: [] }), id: second.user.id });
    expect(self.body).toEqual({ code: "409", desc: "不能删除、停用或取消最后一个超级管理员" });
    const disable = await s2.post(SAVE, { ...formOf({ ...second.user, deptCodes: [] }), id: second.user.id, displayornot: 0 });
    expect(disable.body.desc).toBe("不能删除、停用或取消最后一个超级管理员");
    expect((await getUser(other.clientId, second.user.id))!.roleIds).toEqual([roles.get("super")]);
  });

  it("stays under 20 concurrent attempts to remove two super-administrators", async () => {
    const other = await testTenant();
    const roles = new Map([...(await readRoles(other.clientId)).values()].map((r) => [r.code ?? "", r.id]));
    const superId = roles.get("super")!;
    const a = await quickUser(other.clientId, {}, { roleIds: [superId] });
    const b = await quickUser(other.clientId, {}, { roleIds: [superId] });
    // The provisioned admin stops being super first, so exactly a and b are.
    const adminUser = (await as(a.token, FN.staff).get("/gateway/api/manage/users/mgr/view", { mobile: other.adminMobile })).body.data;
    await as(a.token, FN.staff).post(SAVE, { ...formOf({ ...adminUser, roleIds: [roles.get("cashier")!], deptCodes: [] }), id: adminUser.id });
    expect(await superAdminCount(other.clientId)).toBe(2);

    // Each removes the other, by deletion, by disabling, or by taking the role away, all at once.
    const attempts = Array.from({ length: 20 }, (_, i) => {
      const [actor, target] = i % 2 ? [a, b] : [b, a];
      const api = as(actor.token, FN.staff);
      const kind = i % 3;
      if (kind === 0) return api.post("/gateway/api/manage/users/mgr/delete", { ids: String(target.user.id) });
      return api.post(SAVE, { ...formOf({ ...target.user, deptCodes: [] }), id: target.user.id, ...(kind === 1 ? { displayornot: 0 } : { roleid: String(roles.get("cashier")) }) });
    });
    const replies = await Promise.all(attempts);
    const { data: users } = await User.query.byId({ tenantId: other.clientId }).go({ pages: "all" });
    const supers = users.filter((u) => (u.status ?? 1) === 1 && (u.roleIds ?? []).includes(superId));
    expect(supers.length).toBeGreaterThanOrEqual(1);
    expect(await superAdminCount(other.clientId)).toBe(supers.length);
    expect(replies.filter((r) => r.body.code === "200").length).toBeGreaterThanOrEqual(1);
  });
});

describe("roles", () => {
  const R = (token: string) => as(token, FN.roles);

  it("seeds the roles of docs/gaps.md with a data scope, and lists them", async () => {
    const list = (await R(t.adminToken).get("/gateway/api/manage/role/list")).body.dataList;
    const byName = new Map(list.map((r: any) => [r.name, r]));
    for (const name of ["超级管理员", "门店管理员", "客服", "收银员", "财务经理", "会员服务", "电邀员", "销售"]) expect(byName.has(name), name).toBe(true);
    expect((byName.get("收银员") as any).rights).toEqual({ "1905": "ER", "2001": "R" });
    expect((byName.get("电邀员") as any).dataScope).toBe("self");
    expect((byName.get("超级管理员") as any).editable).toBe(0);
  });

  it("pages the roles by id and searches their names (角色管理, issue 36)", async () => {
    const admin = R(t.adminToken);
    const all = (await admin.get("/gateway/api/manage/role/list", { pageSize: 100 })).body;
    expect(all.pageParams.maxCount).toBe(all.dataList.length);
    const ids = all.dataList.map((r: any) => r.id);
    expect(ids).toEqual([...ids].sort((a: number, b: number) => a - b));
    const second = (await admin.get("/gateway/api/manage/role/list", { currentPage: 2, pageSize: 20 })).body;
    expect(second.dataList.map((r: any) => r.id)).toEqual(ids.slice(20, 40));
    const found = (await admin.get("/gateway/api/manage/role/list", { keyword: "收银" })).body;
    expect(found.dataList.map((r: any) => r.name)).toEqual(["收银员"]);
    expect(found.pageParams).toMatchObject({ maxCount: 1, currentPage: 1, keyword: "收银" });
  });

  it("validates the form and keeps the super-administrator role fixed", async () => {
    const admin = R(t.adminToken);
    expect((await admin.post("/gateway/api/manage/role/save", { name: "", dataScope: "all" })).body.desc).toBe("请填写角色名称");
    expect((await admin.post("/gateway/api/manage/role/save", { name: "x", rights: "{bad", dataScope: "all" })).body.desc).toBe("权限数据格式不正确");
    expect((await admin.post("/gateway/api/manage/role/save", { name: "x", rights: JSON.stringify({ "2301": "AX" }), dataScope: "all" })).body.desc).toBe("权限数据格式不正确");
    expect((await admin.post("/gateway/api/manage/role/save", { name: "x", dataScope: "galaxy" })).body.desc).toBe("数据范围不正确");
    expect((await admin.post("/gateway/api/manage/role/save", { name: "x" })).body.desc).toBe("请选择数据范围");
    expect((await admin.post("/gateway/api/manage/role/save", { name: "收银员", dataScope: "all" })).body.desc).toBe("角色名称已存在");
    const superId = roleIds.get("super")!;
    expect((await admin.post("/gateway/api/manage/role/save", await roleEdit(t.adminToken, superId, { name: "超级管理员", rights: "{}", dataScope: "all" }))).body.desc).toBe(
      "超级管理员角色不能修改或删除",
    );
    expect((await admin.post("/gateway/api/manage/role/delete", { ids: String(superId) })).body.desc).toBe("超级管理员角色不能修改或删除");
    // Functions the tenant does not have are dropped; letters are kept in ADEPRS order.
    const saved = await admin.post("/gateway/api/manage/role/save", { name: "前台", rights: JSON.stringify({ "2001": "ra", "999999": "A" }), dataScope: "dept" });
    expect(saved.body.data).toMatchObject({ rights: { "2001": "AR" }, dataScope: "dept", dataScopeName: "仅本部门数据" });
    expect((await admin.post("/gateway/api/manage/role/delete", { ids: String(saved.body.data.id) })).body.code).toBe("200");
    expect((await admin.get("/gateway/api/manage/role/view", { id: saved.body.data.id })).body.code).toBe("404");
  });

  it("a role editor grants only rights and a scope they hold, and edits no wider role", async () => {
    const editor = await quickUser(t.clientId, { [FN.roles]: "AED", "2001": "AR" }, { dataScope: "deptTree", deptCodes: [code("广州天河店")] });
    const r = R(editor.token);
    expect((await r.post("/gateway/api/manage/role/save", { name: "越权1", rights: JSON.stringify({ "2001": "ADR" }), dataScope: "all" })).body.desc).toBe(
      "不能授予自己没有的权限",
    );
    expect((await r.post("/gateway/api/manage/role/save", { name: "越权2", rights: JSON.stringify({ "1905": "" }), dataScope: "all" })).body.desc).toBe("不能授予自己没有的权限");
    expect((await r.post("/gateway/api/manage/role/save", { name: "越权3", rights: JSON.stringify({ "2001": "R" }), dataScope: "all" })).body.desc).toBe(
      "不能设置超出自己范围的数据权限",
    );
    const ok = await r.post("/gateway/api/manage/role/save", { name: "前台A", rights: JSON.stringify({ "2001": "R" }), dataScope: "dept" });
    expect(ok.body.code).toBe("200");
    expect(
      (
        await r.post(
          "/gateway/api/manage/role/save",
          await roleEdit(t.adminToken, roleIds.get("cashier")!, { name: "收银员", rights: JSON.stringify({ "2001": "R" }), dataScope: "all" }),
        )
      ).body.desc,
    ).toBe("不能修改权限大于自己的角色");
    expect((await r.post("/gateway/api/manage/role/delete", { ids: String(roleIds.get("financeManager")) })).body.desc).toBe("不能修改权限大于自己的角色");
  });

  it("records each change of access with its before and after", async () => {
    const admin = R(t.adminToken);
    const role = (await admin.post("/gateway/api/manage/role/save", { name: "审计角色", rights: JSON.stringify({ "2001": "R" }), dataScope: "all" })).body.data;
    await admin.post("/gateway/api/manage/role/save", editOf(RoleInput, role, { id: role.id, name: "审计角色", rights: JSON.stringify({ "2001": "AR" }), dataScope: "all" }));
    const { data } = await AccessChange.query.byId({ tenantId: t.clientId }).go({ pages: "all" });
    const last = data.filter((c) => c.kind === "role" && c.targetId === role.id).sort((a, b) => b.id - a.id)[0]!;
    expect(JSON.parse(last.before ?? "")).toEqual({ rights: { "2001": "R" }, dataScope: "all", twoFactor: 0 });
    expect(JSON.parse(last.after ?? "").diff).toEqual({ "2001": ["R", "AR"] });
  });
});

describe("mobile users (R389)", () => {
  it("lists, finds by mobile, enables/disables (P), deletes (D) and binds to a client", async () => {
    const m1 = mobile();
    const [id1, id2] = await registerMobileUsers(t.clientId, [
      { userId: `mp_${m1}`, realname: "小程序甲", mobile: m1 },
      { userId: `mp_x_${m1}`, realname: "小程序乙", mobile: mobile() },
    ]);
    const api = as(t.adminToken, FN.mobileUsers);
    const list = await api.get("/gateway/api/manage/users/m/list");
    expect(list.body.dataList.slice(0, 2).map((u: any) => u.id)).toEqual([id2, id1]);
    expect(list.body.pageParams.maxCount).toBe(2);
    expect((await api.get("/gateway/api/manage/users/m/list", { keyword: m1 })).body.dataList.map((u: any) => u.realname)).toEqual(["小程序甲"]);

    const noP = await quickUser(t.clientId, { [FN.mobileUsers]: "D" });
    expect((await as(noP.token, FN.mobileUsers).post("/gateway/api/manage/users/m/passed", { ids: String(id1) })).body).toEqual({ code: "403", desc: "你没有启禁用权限" });
    expect((await api.post("/gateway/api/manage/users/m/passed", { ids: String(id1) })).body.code).toBe("200");
    expect((await api.get("/gateway/api/manage/users/m/list", { keyword: m1 })).body.dataList[0].displayornot).toBe(0);

    const client = await as(t.adminToken, 2001).post("/xiangyu/api/client/clientsave", {
      clientName: "绑定客户",
      mobile: mobile(),
      status: 2,
      shop: code("广州天河店"),
      memberLevel: "1",
    });
    expect(client.body.code).toBe("200");
    const bound = await api.post("/gateway/api/manage/users/m/bind", { id: id1, clientId: client.body.data.id });
    expect(bound.body).toMatchObject({ code: "200", data: { clientId: client.body.data.id } });
    expect((await Client.get({ tenantId: t.clientId, id: client.body.data.id }).go()).data!.globalId).toBe(`mp_${m1}`);
    expect((await api.post("/gateway/api/manage/users/m/bind", { id: id2, clientId: client.body.data.id })).body.desc).toBe("该客户已绑定其他小程序用户");
    // A store user of another store cannot bind a client of this one.
    const east = await quickUser(t.clientId, { [FN.mobileUsers]: "E" }, { deptCodes: [code("上海浦东店")] });
    expect((await as(east.token, FN.mobileUsers).post("/gateway/api/manage/users/m/bind", { id: id2, clientId: client.body.data.id })).body.code).toBe("403");
    expect((await api.post("/gateway/api/manage/users/m/unbind", { id: id1 })).body.code).toBe("200");
    expect((await Client.get({ tenantId: t.clientId, id: client.body.data.id }).go()).data!.globalId).toBe("");

    const noD = await quickUser(t.clientId, { [FN.mobileUsers]: "P" });
    expect((await as(noD.token, FN.mobileUsers).post("/gateway/api/manage/users/m/delete", { ids: String(id2) })).body).toEqual({ code: "403", desc: "你没有删除权限" });
    expect((await api.post("/gateway/api/manage/users/m/delete", { ids: `${id1},${id2}` })).body.code).toBe("200");
    expect((await api.get("/gateway/api/manage/users/m/list")).body.pageParams.maxCount).toBe(0);
  });
});
