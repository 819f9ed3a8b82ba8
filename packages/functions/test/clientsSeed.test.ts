import { describe, it, expect, beforeAll } from "vitest";
import { testTenant } from "./harness.ts";
import { FN, asAdmin } from "./clientsHelpers.ts";
import { seedClients } from "../../local/src/seed/clients.ts";
import { seedVouchers, SEED_VOUCHER_CLIENTS } from "../../local/src/seed/vouchers.ts";
import { VoucherBatch } from "@xiangyu/core/vouchers/ledger/entities";
import { Client } from "@xiangyu/core/clients/entities";
import { shanghai } from "@xiangyu/core/kernel/clock";
import { MembershipAccount, MembershipLot } from "@xiangyu/core/clients/ledger/entities";

let t: Awaited<ReturnType<typeof testTenant>>;

beforeAll(async () => {
  t = await testTenant();
  await seedClients(t.clientId);
  await seedVouchers(t.clientId);
}, 600_000);

describe("demo clients seed", () => {
  it("seeds types, products, channels and a few hundred clients with memberships", async () => {
    const types = (await asAdmin(t, FN.products).get("/xiangyu/api/hotel/product/typelist")).body.dataList.map((x: any) => x.typeName);
    expect(types).toEqual(expect.arrayContaining(["会员周次", "体验产品"]));
    expect((await asAdmin(t, FN.products).get("/xiangyu/api/hotel/product/list")).body.pageParams.maxCount).toBe(4);
    expect((await asAdmin(t, FN.channels).get("/xiangyu/api/channel/list")).body.dataList.map((c: any) => c.name)).toEqual(["线上推广", "到店咨询", "老客推荐", "展会"]);

    const all = await asAdmin(t).get("/xiangyu/api/client/clientlist");
    expect(all.body.pageParams.maxCount).toBe(360);
    const members = await asAdmin(t, FN.members).get("/xiangyu/api/client/memberlist", { pageSize: 100 });
    expect(members.body.pageParams.maxCount).toBeGreaterThan(100);
    const bound = members.body.dataList.filter((c: any) => c.boundMiniProgram === 1);
    expect(bound.length).toBeGreaterThan(10);

    const m = members.body.dataList[0];
    const totals = (await asAdmin(t).get("/xiangyu/api/client/membershiptotallist", { id: m.id })).body.dataList;
    expect(totals[0]).toMatchObject({ productTypeName: "会员周次", shipUnit: "周" });
    expect(totals[0].storeCount).toBeGreaterThan(0);
    expect((await asAdmin(t, FN.priceModification).get("/xiangyu/api/order/productprice/list")).body.pageParams.maxCount).toBe(5);

    // Batch-written with their search keys: a client is found by its mobile and its member code.
    const first = all.body.dataList.find((c: any) => c.memberCode);
    for (const keyword of [first.mobile, first.memberCode]) {
      const found = await asAdmin(t).get("/xiangyu/api/client/clientlist", { keyword });
      expect(
        found.body.dataList.map((c: any) => c.id),
        keyword,
      ).toContain(first.id);
    }

    // Running it again changes nothing.
    await seedClients(t.clientId);
    expect((await asAdmin(t).get("/xiangyu/api/client/clientlist")).body.pageParams.maxCount).toBe(360);
  }, 120_000);

  it("gives room vouchers to the first members bound to the mini-program", async () => {
    const batches = (await VoucherBatch.query.byId({ tenantId: t.clientId }).go({ pages: "all" })).data;
    const holders = [...new Set(batches.map((b) => b.clientId))];
    expect(holders).toHaveLength(SEED_VOUCHER_CLIENTS);
    for (const id of holders) expect((await Client.get({ tenantId: t.clientId, id }).go()).data?.globalId).not.toBe("");
    expect(batches.every((b) => b.status === 1 && b.remainingCount === b.ticketCount && b.ticketDuration > `${shanghai().year()}-12-31`)).toBe(true);
    expect(batches.filter((b) => b.ticketType === 1).map((b) => b.ticketCount)).toEqual(expect.arrayContaining([2, 3]));
    expect(new Set(batches.filter((b) => b.ticketType === 0).map((b) => `${b.priceType}/${b.useScope}`)).size).toBe(6);
    // Running it again changes nothing.
    expect(await seedVouchers(t.clientId)).toBe(false);
  });

  it("stores the members' weeks as the ledger keeps them: each summary the sum of its lots", async () => {
    // The seed writes lots and summaries whole (seed/members.ts) instead of through addWeeksNow and
    // deductWeeksNow; the numbers must obey the ledger's rules (clients/ledger/entities.ts).
    const lots = (await MembershipLot.query.byId({ tenantId: t.clientId }).go({ pages: "all" })).data;
    const clientIds = [...new Set(lots.map((l) => l.clientId))];
    expect(clientIds.length).toBeGreaterThan(100);
    const fields = ["storeCount", "usedCount", "remainingCount", "usedFirstHaltCount", "remainingFirstHaltCount", "usedSecondHaltCount", "remainingSecondHaltCount"] as const;
    let used = 0;
    let broken = 0;
    for (const clientId of clientIds) {
      const mine = lots.filter((l) => l.clientId === clientId);
      const { data: account } = await MembershipAccount.get({ tenantId: t.clientId, clientId, productTypeId: mine[0]!.productTypeId }).go();
      for (const f of fields) expect(account?.[f] ?? 0, `${clientId} ${f}`).toBe(mine.reduce((n, l) => n + (l[f] ?? 0), 0));
      for (const l of mine) {
        const b = (l.storeCount ?? 0) - (l.remainingCount ?? 0) - (l.usedCount ?? 0);
        expect(5 * b).toBe((l.usedFirstHaltCount ?? 0) + (l.remainingFirstHaltCount ?? 0));
        expect(2 * b).toBe((l.usedSecondHaltCount ?? 0) + (l.remainingSecondHaltCount ?? 0));
        used += l.usedCount ?? 0;
        broken += b;
      }
    }
    // Some whole weeks were used and some broken for a night, as the seed's deductions do.
    expect(used).toBeGreaterThan(0);
    expect(broken).toBeGreaterThan(0);
  });
});
