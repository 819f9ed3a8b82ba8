import { describe, it, expect, beforeAll } from "vitest";
import { get, testTenant } from "./harness.ts";
import { FN, asAdmin, as, code, loadedMembers, mobile, newClient } from "./clientsHelpers.ts";
import { editOf } from "./editForm.ts";
import { ClientInput } from "@xiangyu/core/clients/schemas";

let t: Awaited<ReturnType<typeof testTenant>>;
const SAVE = "/xiangyu/api/client/clientsave";
const LIST = "/xiangyu/api/client/clientlist";

beforeAll(async () => {
  t = await testTenant();
});

describe("client form", () => {
  it("validates with the spec's messages (R285–R289)", async () => {
    const admin = asAdmin(t);
    const base = { clientName: "张三", mobile: mobile(), status: 1, shop: code(t, "广州天河店") };
    expect((await admin.post(SAVE, { ...base, clientName: " " })).body.desc).toBe("客户姓名不能为空");
    expect((await admin.post(SAVE, { ...base, mobile: "" })).body.desc).toBe("手机号码不能为空");
    expect((await admin.post(SAVE, { ...base, mobile: "12345" })).body.desc).toBe("输入的手机号不正确");
    expect((await admin.post(SAVE, { ...base, status: "" })).body.desc).toBe("会员状态不能为空");
    expect((await admin.post(SAVE, { ...base, status: "会员" })).body.desc).toBe("会员状态不能为空");
    expect((await admin.post(SAVE, { ...base, shop: "" })).body.desc).toBe("必须选择门店");
    expect((await admin.post(SAVE, { ...base, shop: "999999" })).body.desc).toBe("必须选择门店");
    expect((await admin.post(SAVE, { ...base, memberCode: "x".repeat(21) })).body.desc).toBe("会员编号不能超过20个字");
    expect((await admin.post(SAVE, { ...base, remark: "备".repeat(501) })).body.desc).toBe("备注不能超过500个字");
  });

  it("creates, shows and edits a client; status 1 clears the member level (R290)", async () => {
    const admin = asAdmin(t);
    const m = mobile();
    const created = await newClient(t, {
      clientName: "李四",
      mobile: m,
      status: 1,
      memberLevel: 3,
      memberCode: "vip-001",
      sex: "男",
      age: 40,
      maritalStatus: "2",
      clientSource: "web",
    });
    expect(created).toMatchObject({
      clientName: "李四",
      mobile: m,
      status: 1,
      memberLevel: "",
      memberCode: "vip-001",
      shopName: "广州天河店",
      workOrderStatusName: "未电邀",
      clientId: t.clientId,
      age: 40,
    });
    expect(created.createTime).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);

    const view = await admin.get("/xiangyu/api/client/clientview", { id: created.id });
    expect(view.body.data).toMatchObject({ id: created.id, clientName: "李四" });

    const edited = await admin.post(
      SAVE,
      editOf(ClientInput, created, { id: created.id, clientName: "李四海", mobile: m, status: 2, memberLevel: 3, memberCode: "vip-001", shop: code(t, "广州天河店") }),
    );
    expect(edited.body).toMatchObject({ code: "200", desc: "保存成功", data: { id: created.id, clientName: "李四海", status: 2, memberLevel: "3" } });
    // The edit moved the name keys: the old name no longer finds it, the new one does.
    const old = await admin.get("/xiangyu/api/client/searchclient", { keyword: "李四" });
    expect(old.body.dataList.map((c: any) => c.clientName)).toContain("李四海");
    expect((await admin.get("/xiangyu/api/client/searchclient", { keyword: "李四海" })).body.dataList).toEqual([
      { id: created.id, clientName: "李四海", mobile: m, memberCode: "vip-001", shop: code(t, "广州天河店"), status: 2 },
    ]);

    expect((await admin.get("/xiangyu/api/client/clientview", {})).body.desc).toBe("无效的客户信息");
    expect((await admin.get("/xiangyu/api/client/clientview", { id: 987654 })).body.code).toBe("404");
  });

  it("keeps a mobile unique within a shop, not across shops", async () => {
    const m = mobile();
    const a = await newClient(t, { mobile: m, shop: code(t, "广州天河店") });
    const dup = await asAdmin(t).post(SAVE, { clientName: "重复", mobile: m, status: 1, shop: code(t, "广州天河店") });
    expect(dup.body).toEqual({ code: "409", desc: "该门店已存在此手机号码的客户" });
    const other = await newClient(t, { mobile: m, shop: code(t, "深圳南山店") });
    expect(other.id).not.toBe(a.id);
    // Moving the second client into the first one's shop is refused the same way.
    const move = await asAdmin(t).post(SAVE, editOf(ClientInput, other, { id: other.id, clientName: "重复", mobile: m, status: 1, shop: code(t, "广州天河店") }));
    expect(move.body.desc).toBe("该门店已存在此手机号码的客户");
    const hits = (await asAdmin(t).get("/xiangyu/api/client/searchclient", { keyword: m })).body.dataList;
    expect(hits.map((h: any) => h.id).sort()).toEqual([a.id, other.id].sort());
  });

  it("needs A to add, E to edit, D to delete", async () => {
    const reader = await t.userWith({ [FN.clients]: "" });
    const u = as(reader.token, FN.clients);
    const c = await newClient(t, {});
    expect((await u.post(SAVE, { clientName: "x", mobile: mobile(), status: 1, shop: code(t, "广州天河店") })).body).toEqual({ code: "403", desc: "你没有新增权限" });
    expect((await u.post(SAVE, editOf(ClientInput, c, { id: c.id, clientName: "x", mobile: c.mobile, status: 1, shop: c.shop }))).body).toEqual({
      code: "403",
      desc: "你没有修改权限",
    });
    expect((await u.post("/xiangyu/api/client/clientdelete", { ids: String(c.id) })).body).toEqual({ code: "403", desc: "你没有删除权限" });
    // A forged function id of another module opens nothing.
    expect((await get(LIST, { token: reader.token, functionId: FN.products })).status).toBe(403);
  });

  it("deletes the selected clients (ids comma-joined) with their search keys", async () => {
    const a = await newClient(t, { clientName: "待删甲" });
    const b = await newClient(t, { clientName: "待删乙" });
    const r = await asAdmin(t).post("/xiangyu/api/client/clientdelete", { ids: `${a.id},${b.id}` });
    expect(r.body).toEqual({ code: "200", desc: "删除成功" });
    expect((await asAdmin(t).get("/xiangyu/api/client/searchclient", { keyword: "待删" })).body.dataList).toEqual([]);
    expect((await asAdmin(t).post("/xiangyu/api/client/clientdelete", { ids: "" })).body.desc).toBe("并没有选择删除项");
    // The mobile is free again in that shop.
    await newClient(t, { mobile: a.mobile });
  });
});

describe("client and member lists", () => {
  let t2: Awaited<ReturnType<typeof testTenant>>;
  const made: any[] = [];
  beforeAll(async () => {
    t2 = await testTenant();
    const staff = await t2.userWith({ [FN.clients]: "" });
    // A staff user whose mobile is also a client's (the 'exclude staff members' checkbox).
    const plan: [string, string, number, string?][] = [
      ["王一", "广州天河店", 1],
      ["王二", "广州天河店", 2],
      ["王小三", "深圳南山店", 2],
      ["赵四", "深圳南山店", 3],
      ["钱五", "上海浦东店", 2],
      ["孙六", "上海浦东店", 1],
      ["李七", "广州天河店", 2, "staff"],
    ];
    for (const [name, shop, status, kind] of plan) {
      const m = kind === "staff" ? await staffMobile(t2, staff.user.id) : mobile();
      made.push(await newClient(t2 as any, { clientName: name, shop: code(t2 as any, shop), status, mobile: m, memberCode: `M${made.length + 1}` }));
    }
  });
  const names = (r: any) => r.body.dataList.map((c: any) => c.clientName);
  const list = (q: Record<string, string | number> = {}, path = LIST, fn: number = FN.clients) => asAdmin(t2 as any, fn).get(path, q);

  it("lists newest first with totals from the tallies", async () => {
    const r = await list();
    expect(names(r)).toEqual(["李七", "孙六", "钱五", "赵四", "王小三", "王二", "王一"]);
    expect(r.body.pageParams).toMatchObject({ maxCount: 7, currentPage: 1, pageSize: 20, maxPage: 1 });
    const p2 = await list({ pageSize: 20, currentPage: 2 });
    expect(p2.body.dataList).toEqual([]);
    const asc = await list({ order: "asc" });
    expect(names(asc)[0]).toBe("王一");
  });

  it("filters by shop (a branch covers its stores), status, staff and keyword", async () => {
    expect(names(await list({ shop: code(t2 as any, "广州天河店") }))).toEqual(["李七", "王二", "王一"]);
    const south = await list({ shop: code(t2 as any, "华南分公司") });
    expect(names(south)).toEqual(["李七", "赵四", "王小三", "王二", "王一"]);
    expect(south.body.pageParams.maxCount).toBe(5);
    const members = await list({ shop: code(t2 as any, "华南分公司"), status: 2 });
    expect(names(members)).toEqual(["李七", "王小三", "王二"]);
    const noStaff = await list({ shop: code(t2 as any, "华南分公司"), status: 2, excludeMgr: 1 });
    expect(names(noStaff)).toEqual(["王小三", "王二"]);
    expect(noStaff.body.pageParams.maxCount).toBe(2);
    expect(names(await list({ keyword: "王" }))).toEqual(["王小三", "王二", "王一"]);
    expect(names(await list({ keyword: "王小" }))).toEqual(["王小三"]);
    expect(names(await list({ keyword: "王小三" }))).toEqual(["王小三"]);
    expect(names(await list({ keyword: "m5" }))).toEqual(["钱五"]);
    const byMobile = await list({ keyword: made[3].mobile });
    expect(names(byMobile)).toEqual(["赵四"]);
    const kwShop = await list({ keyword: "王", shop: code(t2 as any, "广州天河店"), status: 2 });
    expect(names(kwShop)).toEqual(["王二"]);
    expect(kwShop.body.pageParams.maxCount).toBe(1);
  });

  it("counts a client found by both name and member code once, in either order", async () => {
    const a = await newClient(t2 as any, { clientName: "VIP客户", memberCode: "vip", shop: code(t2 as any, "珠海香洲店") });
    const b = await newClient(t2 as any, { clientName: "VIP贵宾", shop: code(t2 as any, "珠海香洲店") });
    const c = await newClient(t2 as any, { clientName: "普通", memberCode: "VIP", shop: code(t2 as any, "南京鼓楼店") });
    const desc = await list({ keyword: "vip" });
    expect(desc.body.dataList.map((x: any) => x.id)).toEqual([c.id, b.id, a.id]);
    expect(desc.body.pageParams.maxCount).toBe(3);
    const asc = await list({ keyword: "VIP", order: "asc", pageSize: 20 });
    expect(asc.body.dataList.map((x: any) => x.id)).toEqual([a.id, b.id, c.id]);
    const p2 = await list({ keyword: "VIP", pageSize: 20, currentPage: 2 } as any);
    expect(p2.body.dataList).toEqual([]);
    await asAdmin(t2 as any).post("/xiangyu/api/client/clientdelete", { ids: `${a.id},${b.id},${c.id}` });
  });

  it("pages through merged shops without losing or repeating rows", async () => {
    const seen: string[] = [];
    for (let page = 1; page <= 3; page++) {
      const r = await list({ shop: code(t2 as any, "华南分公司"), pageSize: 2, currentPage: page } as any);
      expect(r.body.pageParams).toMatchObject({ maxCount: 5, maxPage: 3 });
      seen.push(...names(r));
    }
    expect(seen).toEqual(["李七", "赵四", "王小三", "王二", "王一"]);
  });

  it("lists members (every status but 1) on memberlist", async () => {
    const r = await list({}, "/xiangyu/api/client/memberlist", FN.members);
    expect(names(r)).toEqual(["李七", "钱五", "赵四", "王小三", "王二"]);
    expect(r.body.pageParams.maxCount).toBe(5);
    expect(names(await list({ status: 3 }, "/xiangyu/api/client/memberlist", FN.members))).toEqual(["赵四"]);
    expect(names(await list({ excludeMgr: 1, shop: code(t2 as any, "广州天河店") }, "/xiangyu/api/client/memberlist", FN.members))).toEqual(["王二"]);
  });

  it("shows a store's staff only their departments' clients (R277)", async () => {
    const store = await t2.userWith({ [FN.clients]: "AEDS" }, { deptCodes: [code(t2 as any, "深圳南山店")] });
    const u = as(store.token, FN.clients);
    const mine = await u.get(LIST);
    expect(names(mine)).toEqual(["赵四", "王小三"]);
    expect(mine.body.pageParams.maxCount).toBe(2);
    // The branch above them means their store; another branch or store is refused.
    expect(names(await u.get(LIST, { shop: code(t2 as any, "华南分公司") }))).toEqual(["赵四", "王小三"]);
    expect((await u.get(LIST, { shop: code(t2 as any, "广州天河店") })).body.desc).toBe("你没有该部门的操作权限");
    expect(names(await u.get(LIST, { keyword: "王" }))).toEqual(["王小三"]);
    expect((await u.get("/xiangyu/api/client/searchclient", { keyword: "王" })).body.dataList.map((c: any) => c.clientName)).toEqual(["王小三"]);
    // Another store's client: not viewable, not editable, not deletable.
    const other = made[0];
    expect((await u.get("/xiangyu/api/client/clientview", { id: other.id })).body).toEqual({ code: "403", desc: "无效的客户信息" });
    expect(
      (await u.post(SAVE, editOf(ClientInput, other, { id: other.id, clientName: "改", mobile: other.mobile, status: 1, shop: code(t2 as any, "深圳南山店") }))).body.code,
    ).toBe("403");
    expect((await u.post(SAVE, { clientName: "新", mobile: mobile(), status: 1, shop: code(t2 as any, "广州天河店") })).body.desc).toBe("你没有该部门的操作权限");
    expect((await u.post("/xiangyu/api/client/clientdelete", { ids: String(other.id) })).body.desc).toBe("你没有该部门的操作权限");
  });

  it("never shows another tenant's clients", async () => {
    // Ids are per tenant: the same number in another tenant is another client (or none).
    const same = await asAdmin(t).get("/xiangyu/api/client/clientview", { id: made[0].id });
    expect(same.body.data?.clientName).not.toBe("王一");
    const theirs = await asAdmin(t).get("/xiangyu/api/client/searchclient", { keyword: "钱五" });
    expect(theirs.body.dataList).toEqual([]);
  });
});

/** Gives a staff user a mobile login and returns it. */
async function staffMobile(tt: { clientId: string }, userId: number): Promise<string> {
  const { UserLogin } = await import("@xiangyu/core/users/entities");
  const m = mobile();
  await UserLogin.create({ tenantId: tt.clientId, login: m, userId }).go();
  return m;
}

describe("deep list pages", () => {
  // Past the first 100 rows of its partitions a page reads ids only, then its 20 clients.
  it("pages past 100 rows over merged shops, with and without staff", async () => {
    const t3 = await testTenant();
    const shops = [code(t3 as any, "广州天河店"), code(t3 as any, "深圳南山店")];
    const items = await loadedMembers(t3.clientId, shops, 130, "深页", 15900000000);
    const ids = (r: any) => r.body.dataList.map((c: any) => c.id);
    const newest = items.map((c) => c.id).reverse();
    const branch = code(t3 as any, "华南分公司");
    const all = await asAdmin(t3 as any).get(LIST, { shop: branch, pageSize: 20, currentPage: 6 });
    expect(ids(all)).toEqual(newest.slice(100, 120));
    expect(all.body.pageParams.maxCount).toBe(130);
    const noStaff = await asAdmin(t3 as any).get(LIST, { shop: branch, excludeMgr: 1, pageSize: 20, currentPage: 6 });
    expect(ids(noStaff)).toEqual(
      items
        .filter((c) => !c.isMgr)
        .map((c) => c.id)
        .reverse()
        .slice(100, 120),
    );
    expect(noStaff.body.pageParams.maxCount).toBe(117);
  });
});
