import { describe, it, expect, beforeAll } from "vitest";
import { UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { dynamo } from "@xiangyu/core/kernel/aws";
import { config } from "@xiangyu/core/kernel/config";
import { User } from "@xiangyu/core/users/entities";
import { getUser } from "@xiangyu/core/users/service";
import { readRoles } from "@xiangyu/core/users/roles";
import { PASSWORD_COMMON, PASSWORD_HAS_MOBILE } from "@xiangyu/core/auth/passwordPolicy";
import { testTenant } from "./harness.ts";
import { FN, as, mobile, quickUser, userEdit } from "./usersHelpers.ts";

/**
 * Staff users (R371–R384) and merchant users (R385–R388) through the routes: every message of the
 * user form, the lists (search, tallies, picker size), and who may edit whom.
 */
let t: Awaited<ReturnType<typeof testTenant>>;
let admin: ReturnType<typeof as>;
let roleIds: Map<string, number>;
const code = (name: string) => t.depts.get(name)!.code;

const SAVE = "/gateway/api/manage/users/m/save";
const LIST = "/gateway/api/manage/users/mgr/list";

beforeAll(async () => {
  t = await testTenant();
  admin = as(t.adminToken, FN.staff);
  roleIds = new Map([...(await readRoles(t.clientId)).values()].map((r) => [r.code ?? "", r.id]));
});

const form = (f: Record<string, string | number> = {}) => ({
  mobile: mobile(),
  realname: "张三",
  password: "Xy!pass2026",
  roleid: String(roleIds.get("cashier")),
  deptid: code("广州天河店"),
  ...f,
});

describe("the user form (R373–R381)", () => {
  it("answers each field's message", async () => {
    const cases: Array<[Record<string, string | number>, string]> = [
      [{ mobile: "" }, "请填写手机号码"],
      [{ mobile: "1380000" }, "输入的手机号不正确"],
      [{ mobile: "23800000000" }, "输入的手机号不正确"],
      [{ realname: "" }, "请填写姓名"],
      [{ password: "" }, "请登入密码"],
      [{ password: "short1" }, "密码不能少于8位"],
      [{ roleid: "" }, "请绑定身份"],
      [{ roleid: " , " }, "请绑定身份"],
      [{ roleid: Array.from({ length: 21 }, (_, i) => i + 1).join(",") }, "一次最多选择20项"],
      [{ roleid: "0" }, "参数格式不正确"],
      [{ idcard: "12345" }, "身份证号应为18位"],
      [{ sex: "x" }, "性别不正确"],
      [{ email: "not-an-email" }, "邮箱格式不正确"],
    ];
    for (const [f, desc] of cases) {
      const r = await admin.post(SAVE, form(f));
      expect(r.body, JSON.stringify(f)).toMatchObject({ desc });
      expect(r.body.code).not.toBe("200");
    }
  });

  it("applies the password policy to a new password (not the mobile, not a common one)", async () => {
    const m = mobile();
    expect((await admin.post(SAVE, form({ mobile: m, password: `a${m}` }))).body.desc).toBe(PASSWORD_HAS_MOBILE);
    expect((await admin.post(SAVE, form({ password: "password1" }))).body.desc).toBe(PASSWORD_COMMON);
  });

  it("creates a user with company and shop names from the department code, and finds it by mobile (R381)", async () => {
    const m = mobile();
    const r = await admin.post(SAVE, form({ mobile: m, realname: "李收银", sex: "女", idcard: "44010619900101123X", address: "天河路1号" }));
    expect(r.body).toMatchObject({ code: "200", desc: "保存成功" });
    expect(r.body.data).toMatchObject({
      realname: "李收银",
      mobile: m,
      sex: "女",
      companyname: "华南分公司",
      shopname: "广州天河店",
      deptname: "华南分公司 / 广州天河店",
      deptid: code("广州天河店"),
      rolename: "收银员",
      displayornot: 1,
      managelevel: 3,
    });
    const found = await admin.get("/gateway/api/manage/users/mgr/view", { mobile: m });
    expect(found.body.data).toMatchObject({ id: r.body.data.id, realname: "李收银" });
    expect((await admin.get("/gateway/api/manage/users/mgr/view", { mobile: mobile() })).body.data ?? null).toBeNull();
    expect((await admin.get("/gateway/api/manage/users/view", { id: r.body.data.id })).body.data.mobile).toBe(m);
    // A new user with a taken mobile is refused (the console switched to editing before this).
    expect((await admin.post(SAVE, form({ mobile: m }))).body.desc).toBe("用户名或手机号已存在");
  });

  it("locks the mobile on edit and keeps the password when it is left blank (R377, R379)", async () => {
    const m = mobile();
    const { id } = (await admin.post(SAVE, form({ mobile: m }))).body.data;
    const hash = (await getUser(t.clientId, id))!.passwordHash;
    expect((await admin.post(SAVE, await userEdit(t.adminToken, id, { mobile: mobile(), password: "" }))).body.desc).toBe("编辑用户时不能修改手机号");
    // The username defaulted to the mobile, and the form sends it back as it is.
    const edited = await admin.post(SAVE, await userEdit(t.adminToken, id, { mobile: m, password: "", realname: "改了名", username: m }));
    expect(edited.body).toMatchObject({ code: "200", data: { realname: "改了名" } });
    expect((await getUser(t.clientId, id))!.passwordHash).toBe(hash);
    // A password given on edit replaces it.
    await admin.post(SAVE, await userEdit(t.adminToken, id, { mobile: m, password: "N3wPass!word" }));
    expect((await getUser(t.clientId, id))!.passwordHash).not.toBe(hash);
    // The new login works; the old one does not.
    expect((await t.login(m, "N3wPass!word")).body.code).toBe("200");
  });

  it("edits and deletes a user written before revisions existed (no rev: only the item's presence is required)", async () => {
    const legacyUser = async () => {
      const m = mobile();
      const { id } = (await admin.post(SAVE, form({ mobile: m }))).body.data;
      // As an older database stored it: no rev attribute at all.
      const Key = User.get({ tenantId: t.clientId, id }).params().Key;
      await dynamo().send(new UpdateCommand({ TableName: config.table, Key, UpdateExpression: "REMOVE #rev", ExpressionAttributeNames: { "#rev": "rev" } }));
      expect((await getUser(t.clientId, id))!.rev).toBeUndefined();
      return { id, m };
    };
    const edited = await legacyUser();
    const r = await admin.post(SAVE, await userEdit(t.adminToken, edited.id, { mobile: edited.m, password: "", realname: "旧用户", username: edited.m }));
    expect(r.body).toMatchObject({ code: "200", data: { realname: "旧用户" } });
    expect((await getUser(t.clientId, edited.id))!.rev).toBe(1);
    const deleted = await legacyUser();
    expect((await admin.post("/gateway/api/manage/users/mgr/delete", { ids: String(deleted.id) })).body.code).toBe("200");
    expect(await getUser(t.clientId, deleted.id)).toBeNull();
  });

  it("refuses unknown roles and departments", async () => {
    expect((await admin.post(SAVE, form({ roleid: "999999" }))).body.desc).toBe("角色不存在或已被删除");
    expect((await admin.post(SAVE, form({ deptid: "999999" }))).body.desc).toBe("部门不存在");
  });
});

describe("the staff list (R371, R372)", () => {
  it("searches by name or mobile, counts from the tally and serves pickers up to 1000 rows", async () => {
    const m = mobile();
    await admin.post(SAVE, form({ mobile: m, realname: "欧阳锋" }));
    await admin.post(SAVE, form({ realname: "欧阳克" }));
    await admin.post(SAVE, form({ realname: "欧洲人" }));
    const byName = await admin.get(LIST, { keyword: "欧阳" });
    expect(byName.body.dataList.map((u: any) => u.realname).sort()).toEqual(["欧阳克", "欧阳锋"]);
    expect(byName.body.pageParams.maxCount).toBe(2);
    expect((await admin.get(LIST, { keyword: "欧" })).body.pageParams.maxCount).toBe(3);
    expect((await admin.get(LIST, { keyword: "欧阳锋" })).body.dataList.map((u: any) => u.mobile)).toEqual([m]);
    expect((await admin.get(LIST, { keyword: m })).body.dataList.map((u: any) => u.realname)).toEqual(["欧阳锋"]);

    const all = await admin.get(LIST, { pageSize: 1000 });
    expect(all.body.code).toBe("200");
    const n = all.body.dataList.length;
    expect(all.body.pageParams.maxCount).toBe(n);
    // The picker's shape (the channel form reads id, realname, mobile).
    for (const u of all.body.dataList) expect(u).toEqual(expect.objectContaining({ id: expect.any(Number), realname: expect.any(String), mobile: expect.any(String) }));
    // Newest first, paged.
    const page2 = await admin.get(LIST, { pageSize: 2, currentPage: 2 });
    expect(page2.body.dataList.map((u: any) => u.id)).toEqual(all.body.dataList.slice(2, 4).map((u: any) => u.id));
    expect((await admin.get(LIST, { pageSize: 1001 })).body.desc).toBe("每页条数不正确");
  });
});

describe("who may edit whom", () => {
  let manager: Awaited<ReturnType<typeof quickUser>>;
  let mgr: ReturnType<typeof as>;
  beforeAll(async () => {
    // A store manager of 广州天河店: the standard role, which holds more than the cashier's rights.
    manager = await quickUser(t.clientId, {}, { roleIds: [roleIds.get("storeManager")!, roleIds.get("cashier")!], deptCodes: [code("广州天河店")], realname: "店长" });
    mgr = as(manager.token, FN.staff);
  });

  it("lists and reads only users of their store", async () => {
    const theirs = (await admin.post(SAVE, form({ deptid: code("上海浦东店"), realname: "浦东人" }))).body.data;
    const mine = (await admin.post(SAVE, form({ deptid: code("广州天河店"), realname: "天河人" }))).body.data;
    const list = await mgr.get(LIST, { pageSize: 100 });
    const ids = list.body.dataList.map((u: any) => u.id);
    expect(ids).toContain(mine.id);
    expect(ids).not.toContain(theirs.id);
    expect(list.body.pageParams.maxCount).toBe(ids.length);
    expect((await mgr.get(LIST, { keyword: "浦东人" })).body.dataList).toEqual([]);
    expect((await mgr.get("/gateway/api/manage/users/view", { id: theirs.id })).body).toEqual({ code: "403", desc: "不能操作超出自己范围的用户" });
  });

  it("creates a cashier in their store, but not elsewhere, not with rights they lack, never a super-administrator", async () => {
    const ok = await mgr.post(SAVE, form());
    expect(ok.body).toMatchObject({ code: "200", data: { rolename: "收银员" } });
    expect((await mgr.post(SAVE, form({ deptid: code("上海浦东店") }))).body).toEqual({ code: "403", desc: "不能设置超出自己范围的部门" });
    expect((await mgr.post(SAVE, form({ deptid: "" }))).body).toEqual({ code: "400", desc: "请选择部门" });
    expect((await mgr.post(SAVE, form({ roleid: String(roleIds.get("super")) }))).body).toEqual({ code: "403", desc: "只有超级管理员可以授予超级管理员角色" });
    expect((await mgr.post(SAVE, form({ roleid: String(roleIds.get("financeManager")) }))).body).toEqual({ code: "403", desc: "不能授予自己没有的权限" });
  });

  it("cannot edit or delete a super-administrator or a user with wider rights", async () => {
    const adminId = (await as(t.adminToken, FN.staff).get("/gateway/api/manage/users/mgr/view", { mobile: t.adminMobile })).body.data.id;
    // The admin sees the whole tenant; the manager cannot even read them.
    expect((await mgr.post("/gateway/api/manage/users/mgr/delete", { ids: String(adminId) })).body.desc).toBe("只有超级管理员可以修改超级管理员");
    const finance = (await admin.post(SAVE, form({ roleid: String(roleIds.get("financeManager")) }))).body.data;
    const r = await mgr.post(SAVE, await userEdit(t.adminToken, finance.id, { mobile: finance.mobile, password: "", roleid: String(roleIds.get("cashier")) }));
    expect(r.body).toEqual({ code: "403", desc: "不能操作超出自己范围的用户" });
    expect((await mgr.post("/gateway/api/manage/users/mgr/delete", { ids: String(finance.id) })).body.desc).toBe("不能操作超出自己范围的用户");
    expect((await getUser(t.clientId, finance.id))!.roleIds).toEqual([roleIds.get("financeManager")]);
  });

  it("cannot delete themselves", async () => {
    expect((await mgr.post("/gateway/api/manage/users/mgr/delete", { ids: String(manager.user.id) })).body.desc).toBe("不能删除自己");
  });
});

describe("merchant users (R385–R388)", () => {
  it("lists a branch's users, saves only inside the branch and offers the branch's roles", async () => {
    const south = t.depts.get("华南分公司")!.branchId;
    const east = t.depts.get("华东分公司")!.branchId;
    const b = as(t.adminToken, FN.branchUsers);
    const saved = await b.post("/gateway/api/manage/users/bmgr/save", { ...form({ deptid: code("深圳南山店"), realname: "南山员工" }), branchId: south });
    expect(saved.body).toMatchObject({ code: "200", data: { deptname: "华南分公司 / 深圳南山店", branchid: south } });
    const outside = await b.post("/gateway/api/manage/users/bmgr/save", { ...form({ deptid: code("上海浦东店") }), branchId: south });
    expect(outside.body.desc).toBe("不能设置超出自己范围的部门");
    const superRole = await b.post("/gateway/api/manage/users/bmgr/save", { ...form({ deptid: code("深圳南山店"), roleid: String(roleIds.get("super")) }), branchId: south });
    expect(superRole.body.desc).toBe("该角色不属于本分公司");
    expect((await b.post("/gateway/api/manage/users/bmgr/save", { ...form({ deptid: "" }), branchId: south })).body.desc).toBe("请选择部门");

    const southList = (await b.get("/gateway/api/manage/users/bmgr/list", { branchId: south, pageSize: 100 })).body.dataList.map((u: any) => u.id);
    const eastList = (await b.get("/gateway/api/manage/users/bmgr/list", { branchId: east, pageSize: 100 })).body.dataList.map((u: any) => u.id);
    expect(southList).toContain(saved.body.data.id);
    expect(eastList).not.toContain(saved.body.data.id);
    expect((await b.get("/gateway/api/manage/users/bmgr/mgrview", { id: saved.body.data.id, branchId: east })).body.desc).toBe("不能操作其他分公司的用户");
    expect((await b.get("/gateway/api/manage/users/bmgr/mgrview", { id: saved.body.data.id, branchId: south })).body.data.realname).toBe("南山员工");
    expect((await b.get("/gateway/api/manage/users/bmgr/view", { mobile: saved.body.data.mobile, branchId: south })).body.data.id).toBe(saved.body.data.id);

    const roles = (await b.get("/gateway/api/manage/users/bmgr/rolelist", { branchId: south })).body.dataList.map((r: any) => r.code);
    expect(roles).not.toContain("super");
    expect(roles).toContain("cashier");
    expect((await as(t.adminToken, FN.staff).get("/gateway/api/manage/users/m/rolelist")).body.dataList.map((r: any) => r.name)).toEqual(
      expect.arrayContaining(["超级管理员", "门店管理员", "客服", "收银员", "财务经理", "会员服务", "电邀员", "销售"]),
    );

    const del = await b.post("/gateway/api/manage/users/bmgr/delete", { ids: String(saved.body.data.id), branchId: east });
    expect(del.body.desc).toBe("不能操作其他分公司的用户");
    expect((await b.post("/gateway/api/manage/users/bmgr/delete", { ids: String(saved.body.data.id), branchId: south })).body.code).toBe("200");
    expect(await getUser(t.clientId, saved.body.data.id)).toBeNull();
  });
});
