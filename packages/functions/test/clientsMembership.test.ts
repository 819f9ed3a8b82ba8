import { describe, it, expect, beforeAll } from "vitest";
import { testTenant } from "./harness.ts";
import { FN, asAdmin, as, code, newClient, newProduct } from "./clientsHelpers.ts";
import { addWeeksNow, deductWeeksNow } from "@xiangyu/core/clients/ledger/ledger";
import { MembershipAccount } from "@xiangyu/core/clients/ledger/entities";

let t: Awaited<ReturnType<typeof testTenant>>;
let client: any;
let type: any;
let lotId: number;

beforeAll(async () => {
  t = await testTenant();
  ({ type } = await newProduct(t));
  client = await newClient(t, { clientName: "周会员", status: 2 });
  const k = { tenantId: t.clientId, clientId: client.id, productTypeId: type.id };
  lotId = await addWeeksNow(k, {
    weeks: 10,
    shipDuration: "2035-06-30",
    productName: "十年会籍",
    shipUnit: "周",
    amount: 10000000,
    payAmount: 9000000,
    isInstallment: 1,
    firstPayAmount: 3000000,
  });
  await addWeeksNow(k, { weeks: 1, shipDuration: "2030-01-01", productName: "赠送周次", source: "gift" });
  await deductWeeksNow(k, { weeks: 1, weekdayNights: 1 });
});

describe("membership viewer", () => {
  it("sums the stored weeks per product type (R298)", async () => {
    const r = await asAdmin(t).get("/xiangyu/api/client/membershiptotallist", { id: client.id });
    expect(r.body.dataList).toEqual([
      expect.objectContaining({
        productTypeId: type.id,
        productTypeName: "会员周次",
        shipUnit: "周",
        storeCount: 11,
        usedCount: 1,
        usedFirstHaltCount: 1,
        usedSecondHaltCount: 0,
        remainingCount: 9,
        remainingFirstHaltCount: 4,
        remainingSecondHaltCount: 2,
        hasAccount: 1,
        hasRci: 1,
        rciStoreCount: 0,
        password: "",
        passwordSet: 0,
      }),
    ]);
    const info = await asAdmin(t, FN.giftWeeks).get("/xiangyu/api/client/membershipinfo", { clientId: client.id });
    expect(info.body.dataList).toEqual([expect.objectContaining({ productTypeId: type.id, remainingCount: 9, storeCount: 11, rciStoreCount: 0 })]);
    expect((await asAdmin(t).get("/xiangyu/api/client/membershiptotallist", {})).body.desc).toBe("无效的客户信息");
  });

  it("lists the purchases of a type with expiry and money in yuan (R299)", async () => {
    const r = await asAdmin(t).get("/xiangyu/api/client/membershiplist", { id: client.id, productTypeId: type.id });
    const rows = r.body.dataList;
    expect(rows).toHaveLength(2);
    const bought = rows.find((x: any) => x.id === lotId);
    expect(bought).toMatchObject({
      productName: "十年会籍",
      shipDuration: "2035-06-30 23:59:59",
      amount: 100000,
      payAmount: 90000,
      isInstallment: 1,
      firstPayAmount: 30000,
      storeCount: 10,
    });
    // The gift lot expires first, so it gave the week.
    expect(rows.find((x: any) => x.id !== lotId)).toMatchObject({ productName: "赠送周次", remainingCount: 0, usedCount: 1 });
    const none = await asAdmin(t).get("/xiangyu/api/client/membershiplist", { id: client.id, productTypeId: 424242 });
    expect(none.body.desc).toBe("客户产品存储信息不存在");
  });

  it("modifies validity only with P, and names a missing record (R301, R302)", async () => {
    const noP = await t.userWith({ [FN.clients]: "AE" });
    const r1 = await as(noP.token, FN.clients).post("/xiangyu/api/client/shipdurationsave", { id: lotId, productName: "十年会籍", shipDuration: "2036-06-30 23:59:59" });
    expect(r1.body).toEqual({ code: "403", desc: "你无操作权限" });
    const ok = await asAdmin(t).post("/xiangyu/api/client/shipdurationsave", { id: lotId, productName: "十年会籍", shipDuration: "2036-06-30 23:59:59" });
    expect(ok.body).toEqual({ code: "200", desc: "保存成功" });
    const rows = (await asAdmin(t).get("/xiangyu/api/client/membershiplist", { id: client.id, productTypeId: type.id })).body.dataList;
    expect(rows.find((x: any) => x.id === lotId).shipDuration).toBe("2036-06-30 23:59:59");
    expect((await asAdmin(t).post("/xiangyu/api/client/shipdurationsave", { id: 999999, shipDuration: "2036-06-30" })).body.desc).toBe("无效的产品记录，请重选");
    expect((await asAdmin(t).post("/xiangyu/api/client/shipdurationsave", { id: lotId, shipDuration: "2036-13-45" })).body.desc).toBe("有效期格式不正确");
  });
});

describe("membership accounts and passwords (R297, R300)", () => {
  it("needs the edit flag to set accounts, else 你无操作权限", async () => {
    const viewer = await t.userWith({ [FN.clients]: "R" });
    const r = await as(viewer.token, FN.clients).post("/xiangyu/api/client/membershipsave", { id: client.id, productTypeId: type.id, type: 1, account: "a", password: "p" });
    expect(r.body).toEqual({ code: "403", desc: "你无操作权限" });
    const none = await asAdmin(t).post("/xiangyu/api/client/membershipsave", { id: client.id, productTypeId: 31337, type: 1, account: "a" });
    expect(none.body.desc).toBe("客户产品存储信息不存在");
  });

  it("stores passwords encrypted and reveals them only through the logged route", async () => {
    const admin = asAdmin(t);
    expect((await admin.post("/xiangyu/api/client/membershipsave", { id: client.id, productTypeId: type.id, type: 1, account: "zhou001", password: "Pa55-word" })).body.code).toBe(
      "200",
    );
    expect(
      (await admin.post("/xiangyu/api/client/membershipsave", { id: client.id, productTypeId: type.id, type: 2, rciId: "RCI-88", rciAccount: "zhou.rci", rciPassword: "R!c1" }))
        .body.code,
    ).toBe("200");

    const { data: stored } = await MembershipAccount.get({ tenantId: t.clientId, clientId: client.id, productTypeId: type.id }).go();
    expect(stored!.password).toMatch(/^v1\./);
    expect(JSON.stringify(stored)).not.toContain("Pa55-word");
    expect(JSON.stringify(stored)).not.toContain("R!c1");

    const totals = (await admin.get("/xiangyu/api/client/membershiptotallist", { id: client.id })).body;
    expect(JSON.stringify(totals)).not.toContain("Pa55-word");
    expect(totals.dataList[0]).toMatchObject({ account: "zhou001", password: "", passwordSet: 1, rciId: "RCI-88", rciAccount: "zhou.rci", rciPassword: "", rciPasswordSet: 1 });

    const shown = await admin.post("/xiangyu/api/client/membershippassword", { id: client.id, productTypeId: type.id, type: 1 });
    expect(shown.body).toEqual({ code: "200", desc: "", data: { password: "Pa55-word" } });
    const rci = await admin.post("/xiangyu/api/client/membershippassword", { id: client.id, productTypeId: type.id, type: 2 });
    expect(rci.body.data.password).toBe("R!c1");

    // A blank password keeps the stored one.
    await admin.post("/xiangyu/api/client/membershipsave", { id: client.id, productTypeId: type.id, type: 1, account: "zhou002", password: "" });
    expect((await admin.post("/xiangyu/api/client/membershippassword", { id: client.id, productTypeId: type.id, type: 1 })).body.data.password).toBe("Pa55-word");

    // Every reveal is in the operation log, with the client it concerned.
    const log = await asAdmin(t, 2501).get("/gateway/api/manage/oplog/list", { pageSize: 50 });
    const reveals = log.body.dataList.filter((e: any) => e.route === "/xiangyu/api/client/membershippassword");
    expect(reveals).toHaveLength(3);
    expect(reveals[0]).toMatchObject({ username: "admin", functionId: FN.clients, ids: String(client.id) });
  });

  it("refuses a reveal without the right, outside the caller's departments and in another tenant", async () => {
    const viewer = await t.userWith({ [FN.clients]: "R" });
    expect((await as(viewer.token, FN.clients).post("/xiangyu/api/client/membershippassword", { id: client.id, productTypeId: type.id, type: 1 })).body).toEqual({
      code: "403",
      desc: "你无操作权限",
    });
    const elsewhere = await t.userWith({ [FN.clients]: "AEDRPS" }, { deptCodes: [code(t, "上海浦东店")] });
    const r = await as(elsewhere.token, FN.clients).post("/xiangyu/api/client/membershippassword", { id: client.id, productTypeId: type.id, type: 1 });
    expect(r.body).toEqual({ code: "403", desc: "无效的客户信息" });
    const other = await testTenant();
    const x = await asAdmin(other).post("/xiangyu/api/client/membershippassword", { id: client.id, productTypeId: type.id, type: 1 });
    expect(x.body.code).not.toBe("200");
    expect(JSON.stringify(x.body)).not.toContain("Pa55-word");
  });
});
