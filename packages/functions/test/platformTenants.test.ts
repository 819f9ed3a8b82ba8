import { describe, it, expect, beforeAll } from "vitest";
import { randomBytes } from "node:crypto";
import { markPlatformTenant } from "@xiangyu/core/platform/operator";
import { Tenant } from "@xiangyu/core/platform/entities";
import { forgetTenant } from "@xiangyu/core/platform/tenants";
import { removeTenantItems } from "@xiangyu/core/platform/tenantRemoval";
import { workersIdle } from "@xiangyu/core/kernel/background";
import { dynamo } from "@xiangyu/core/kernel/aws";
import { ScanCommand } from "@aws-sdk/lib-dynamodb";
import { get, post, testTenant } from "./harness.ts";
import { editOf } from "./editForm.ts";
import { TenantInput } from "@xiangyu/core/platform/schemas";

/** The tenant routes (R430–R442) as the platform operator and as anyone else. */
const FN = 1101;
const LIST = "/gateway/api/manage/platform/list";
const VIEW = "/gateway/api/manage/platform/view";
const SAVE = "/gateway/api/manage/platform/save";
const PASSED = "/gateway/api/manage/platform/passed";
const DELETE = "/gateway/api/manage/platform/delete";

let op: Awaited<ReturnType<typeof testTenant>>;
let other: Awaited<ReturnType<typeof testTenant>>;
const asOp = {
  get: (path: string, query: Record<string, string | number> = {}) => get(path, { token: op.adminToken, functionId: FN, query }),
  post: (path: string, form: Record<string, string | number> = {}) => post(path, { token: op.adminToken, functionId: FN, form }),
};

const newId = () => `n${randomBytes(4).toString("hex")}`;
const mobile = () => `135${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`;
const form = (clientId: string, more: Record<string, string | number> = {}) => ({
  clientId,
  password: `${clientId}-secret`,
  systemName: `平台${clientId}`,
  domain2: `${clientId}.example.com`,
  idisplay: 1,
  adminMobile: mobile(),
  adminPassword: "Initial#2026x",
  ...more,
});

/**
 * The whole form of a tenant's edit (platform/save is a whole-record save): its view as the operator
 * reads it, the first administrator's fields (a new tenant's only) blank, with `changes` over it.
 */
async function editForm(clientId: string, changes: Record<string, string | number>): Promise<Record<string, string | number>> {
  const view = await asOp.get(VIEW, { clientId });
  expect(view.body.code).toBe("200");
  return editOf(TenantInput, { ...view.body.data, adminMobile: "", adminPassword: "" }, changes);
}

async function itemsOf(tenantId: string): Promise<number> {
  let n = 0;
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await dynamo().send(
      new ScanCommand({
        TableName: process.env.XY_TABLE!,
        FilterExpression: "tenantId = :t OR pk = :c",
        ExpressionAttributeValues: { ":t": tenantId, ":c": `$xy#counter#${tenantId}` },
        ExclusiveStartKey,
      }),
    );
    n += page.Items?.length ?? 0;
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return n;
}

beforeAll(async () => {
  [op, other] = await Promise.all([testTenant(), testTenant()]);
  await markPlatformTenant(op.clientId);
}, 60_000);

describe("tenant form messages (R432–R442)", () => {
  it.each([
    ["clientId", "", "租户ID不能为空"],
    ["clientId", "有 空格", "租户ID只能包含字母、数字、下划线和短横线"],
    ["password", "", "租户密码不能为空"],
    ["domain2", "", "租户绑定的域名不能为空"],
    ["domain2", " \n \n", "租户绑定的域名不能为空"],
    ["systemName", "", "平台名称不能为空"],
    ["scope", "write", "授权范围不正确"],
    ["grantType", "refresh_token", "授权类型不正确"],
    ["bgimages", JSON.stringify(Array.from({ length: 11 }, (_, i) => `/files/bg${i}.png`)), "背景图片最多上传10张"],
    ["headerBgcolor", "blue;x", "颜色格式不正确"],
    ["adminMobile", "", "管理员手机号不能为空"],
    ["adminMobile", "12345", "管理员手机号格式不正确"],
    ["adminPassword", "", "管理员初始密码不能为空"],
  ])("%s = %j → %s", async (field, value, desc) => {
    const r = await asOp.post(SAVE, form(newId(), { [field]: value }));
    expect(r.body).toMatchObject({ desc });
  });

  it("a weak initial password is refused before anything is written", async () => {
    const clientId = newId();
    const r = await asOp.post(SAVE, form(clientId, { adminPassword: "12345678" }));
    expect(r.body.code).not.toBe("200");
    expect(await itemsOf(clientId)).toBe(0);
    expect((await Tenant.get({ clientId }).go()).data).toBeNull();
  });
});

describe("creating, viewing and editing a tenant", () => {
  const clientId = newId();
  let id = 0;

  beforeAll(async () => {
    const r = await asOp.post(
      SAVE,
      form(clientId, { domain2: `a.${clientId}.com\r\n\n b.${clientId}.com \n`, bgimages: JSON.stringify(["/files/1.png", "/files/2.png"]), allowReg: 1, idisplay: 0 }),
    );
    expect(r.body).toMatchObject({ code: "200", desc: "保存成功" });
    id = r.body.data.id;
  }, 60_000);

  it("stores the form with its defaults: domains split by line, scope all, grant password, colours (R435, R439–R442)", async () => {
    const v = (await asOp.get(VIEW, { clientId })).body.data;
    expect(v).toMatchObject({
      clientId,
      clientSecret: `${clientId}-secret`,
      password: `${clientId}-secret`,
      scope: "all",
      grantType: "password",
      domain: [`a.${clientId}.com`, `b.${clientId}.com`],
      domain2: `a.${clientId}.com\nb.${clientId}.com`,
      bgimages: ["/files/1.png", "/files/2.png"],
      idisplay: 0,
      allowReg: 1,
      allowForgot: 0,
      locked: 0,
      loginColor: "#1f2a44",
      headerBgcolor: "#1d5fbf",
    });
  });

  it("is provisioned: its menu lacks the platform's screens, and a disabled tenant's login page and sign-in refuse", async () => {
    expect((await get("/gateway/oauth/tenant", { query: { clientId } })).body.desc).toBe("没有读取到平台信息");
    expect((await asOp.post(PASSED, { ids: String(id), idisplay: 1 })).body).toMatchObject({ code: "200", desc: "启用成功" });
    forgetTenant(clientId);
    const brand = await get("/gateway/oauth/tenant", { query: { clientId } });
    expect(brand.body.data).toMatchObject({ clientId, systemName: `平台${clientId}`, bgimages: ["/files/1.png", "/files/2.png"], allowReg: 1 });
    const login = await post("/gateway/oauth/login", {
      form: { grant_type: "password", client_id: clientId, client_secret: `${clientId}-secret`, username: "admin", password: "Initial#2026x" },
    });
    expect(login.body.data.mustChangePassword).toBe(1);
    const first = login.body.data.access_token as string;
    // Until the initial password is changed the server itself refuses everything but who-am-I, the change and logout.
    const refused = await get("/gateway/api/manage/type/list", { token: first, query: { fatherid: 0 } });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ code: "403", desc: "请先修改初始密码" });
    expect((await post("/xiangyu/api/hotel/hotellist", { token: first, functionId: 1601 })).body.desc).toBe("请先修改初始密码");
    expect((await get("/gateway/api/manage/users/info", { token: first })).body.data).toMatchObject({ username: "admin", mustChangePassword: 1 });
    const changed = await post("/gateway/api/manage/users/changepassword", { token: first, form: { oldPassword: "Initial#2026x", newPassword: "Changed#2026x" } });
    expect(changed.body.desc).toBe("密码已修改，请重新登录");
    const again = await post("/gateway/oauth/login", {
      form: { grant_type: "password", client_id: clientId, client_secret: `${clientId}-secret`, username: "admin", password: "Changed#2026x" },
    });
    expect(again.body.data.mustChangePassword).toBeUndefined();
    const token = again.body.data.access_token as string;
    const menu = await get("/gateway/api/manage/type/list", { token, query: { fatherid: 0 } });
    const paths = JSON.stringify(menu.body.dataList);
    expect(paths).toContain("/hotel/hotel");
    expect(paths).not.toContain("/platformsetting");
    // The same hotel list the initial session was refused now answers, with the tenant's own menu id.
    const hotelFn = (function find(nodes: Array<{ id: number; path: string; children?: unknown[] }>): number | undefined {
      for (const n of nodes) {
        if (n.path === "/hotel/hotel") return n.id;
        const inner = find((n.children ?? []) as typeof nodes);
        if (inner) return inner;
      }
    })(menu.body.dataList);
    const hotels = await post("/xiangyu/api/hotel/hotellist", { token, functionId: hotelFn! });
    expect(hotels.body.code).toBe("200");
    expect(hotels.body.dataList).toEqual([]);
  });

  it("lists with paging and keyword", async () => {
    const byKeyword = await asOp.get(LIST, { keyword: clientId });
    expect(byKeyword.body.dataList.map((t: { clientId: string }) => t.clientId)).toEqual([clientId]);
    const byDomain = await asOp.get(LIST, { keyword: `b.${clientId}` });
    expect(byDomain.body.pageParams.maxCount).toBe(1);
    const page = await asOp.get(LIST, { pageSize: 1, currentPage: 2 });
    expect(page.body.dataList).toHaveLength(1);
    expect(page.body.pageParams.maxCount).toBeGreaterThanOrEqual(3);
    const all = await asOp.get(LIST, { pagesize: 100000 });
    expect(all.body.dataList.length).toBe(all.body.pageParams.maxCount);
  });

  it("keeps the clientId on edit (R432) and refuses a second tenant of the same clientId", async () => {
    // The form of another clientId (its own domain too) over the record: the clientId is what is refused.
    const moved = await asOp.post(SAVE, await editForm(clientId, form(newId(), { id })));
    expect(moved.body.desc).toBe("租户ID不能修改");
    // The record's own form with only the clientId changed (its domains kept): the clientId is still what is refused.
    const renamed = await asOp.post(SAVE, await editForm(clientId, { id, clientId: newId() }));
    expect(renamed.body.desc).toBe("租户ID不能修改");
    expect((await asOp.post(SAVE, form(clientId))).body.desc).toBe("租户ID已存在");
    const edit = await asOp.post(SAVE, await editForm(clientId, { id, systemName: "改名平台", headerBgcolor: "#123456", adminMobile: "", adminPassword: "" }));
    expect(edit.body).toMatchObject({ code: "200", data: { systemName: "改名平台", headerBgcolor: "#123456" } });
  });

  it("refuses edit, switch and delete of a locked tenant (R430)", async () => {
    const lockedId = newId();
    const r = await asOp.post(SAVE, form(lockedId));
    await Tenant.patch({ clientId: lockedId }).set({ locked: 1 }).go();
    const locked = "该租户已锁定，不能修改、删除或停用";
    expect((await asOp.post(SAVE, await editForm(lockedId, { id: r.body.data.id }))).body.desc).toBe(locked);
    expect((await asOp.post(PASSED, { ids: String(r.body.data.id), idisplay: 0 })).body.desc).toBe(locked);
    expect((await asOp.post(DELETE, { ids: String(r.body.data.id) })).body.desc).toBe(locked);
  });

  it("never disables or deletes the platform tenant", async () => {
    const me = (await asOp.get(VIEW, { clientId: op.clientId })).body.data;
    expect((await asOp.post(PASSED, { ids: String(me.id), idisplay: 0 })).body.desc).toBe("平台租户不能停用或删除");
    expect((await asOp.post(DELETE, { ids: String(me.id) })).body.desc).toBe("平台租户不能停用或删除");
  });
});

describe("deleting a tenant", () => {
  const signIn = (clientId: string) =>
    post("/gateway/oauth/login", {
      form: { grant_type: "password", client_id: clientId, client_secret: `${clientId}-secret`, username: "admin", password: "Initial#2026x" },
    });

  it("refuses sign-in while its items are being removed", async () => {
    const clientId = newId();
    await asOp.post(SAVE, form(clientId));
    // The state between the delete and the worker's end, held still: the record marked, its items there.
    await Tenant.patch({ clientId }).set({ idisplay: 0, deleting: 1 }).go();
    forgetTenant(clientId);
    expect((await signIn(clientId)).body).toMatchObject({ code: "403", desc: "该平台已停用" });
    expect((await asOp.get(LIST, { keyword: clientId })).body.dataList).toEqual([]);
    expect((await removeTenantItems(clientId)).removed).toBeGreaterThan(20);
  });

  it("is refused while enabled; once disabled it leaves at once and its items go in the background", async () => {
    const clientId = newId();
    const created = await asOp.post(SAVE, form(clientId));
    const id = created.body.data.id;
    expect(await itemsOf(clientId)).toBeGreaterThan(20);
    expect((await asOp.post(DELETE, { ids: String(id) })).body).toMatchObject({ code: "409", desc: "该租户仍在使用中，请先停用再删除" });

    expect((await asOp.post(PASSED, { ids: String(id), idisplay: 0 })).body.desc).toBe("停用成功");
    const r = await asOp.post(DELETE, { ids: String(id) });
    expect(r.body).toMatchObject({ code: "200", desc: "删除成功" });
    expect((await asOp.get(LIST, { keyword: clientId })).body.dataList).toEqual([]);
    expect((await asOp.get(VIEW, { clientId })).body.desc).toBe("租户不存在或已被删除");
    // Sign-in is refused at once: 该平台已停用 while the worker runs, an unknown client once it has
    // removed the record (on a fast machine it may already have).
    expect(["该平台已停用", "客户端认证失败"]).toContain((await signIn(clientId)).body.desc);

    await workersIdle();
    expect((await signIn(clientId)).body.desc).toBe("客户端认证失败");
    expect(await itemsOf(clientId)).toBe(0);
    expect((await Tenant.get({ clientId }).go()).data).toBeNull();
    // The other tenants keep theirs.
    expect(await itemsOf(other.clientId)).toBeGreaterThan(20);
    // A second run finds nothing to do.
    expect(await removeTenantItems(clientId)).toEqual({ removed: 0, done: true });
  });
});

describe("only the platform operator", () => {
  it("another tenant's administrator is refused every tenant route, and nothing changes", async () => {
    const mine = (await asOp.get(VIEW, { clientId: op.clientId })).body.data;
    const calls = [
      get(LIST, { token: other.adminToken, functionId: FN }),
      get(VIEW, { token: other.adminToken, functionId: FN, query: { clientId: op.clientId } }),
      post(SAVE, { token: other.adminToken, functionId: FN, form: form(newId()) }),
      post(SAVE, { token: other.adminToken, functionId: FN, form: editOf(TenantInput, {}, form(other.clientId, { id: 1, idisplay: 1, systemName: "自封平台" })) }),
      post(PASSED, { token: other.adminToken, functionId: FN, form: { ids: String(mine.id), idisplay: 0 } }),
      post(DELETE, { token: other.adminToken, functionId: FN, form: { ids: String(mine.id) } }),
    ];
    for (const r of await Promise.all(calls)) expect(r.body).toMatchObject({ code: "403", desc: "你无操作权限" });
    expect((await asOp.get(VIEW, { clientId: op.clientId })).body.data.idisplay).toBe(1);
  });

  it("the platform tenant's own staff below managelevel 1 are refused too", async () => {
    const staff = await op.userWith({ [FN]: "AEDPS" }, { managelevel: 3 });
    const r = await get(LIST, { token: staff.token, functionId: FN });
    expect(r.body).toMatchObject({ code: "403", desc: "你无操作权限" });
  });
});
