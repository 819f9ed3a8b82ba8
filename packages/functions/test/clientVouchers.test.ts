import { describe, it, expect, beforeAll } from "vitest";
import { testTenant } from "./harness.ts";
import { FN, asAdmin, as, code, newClient } from "./clientsHelpers.ts";
import { issueVouchersNow, useVouchersNow, restoreVouchersNow, revokeBatchNow, type Stay } from "@xiangyu/core/vouchers/ledger/ledger";
import { formatDateTime } from "@xiangyu/core/kernel/clock";

/** The membership viewer's 房券 section: GET /xiangyu/api/client/vouchers over the voucher ledger. */
const VOUCHERS = "/xiangyu/api/client/vouchers";
let t: Awaited<ReturnType<typeof testTenant>>;
let client: any;
const stay = (): Stay => ({ hotelId: 7, firstNight: "2098-05-05", lastNight: "2098-05-05", nights: 1, rooms: 1, now: formatDateTime() });

beforeAll(async () => {
  t = await testTenant();
  client = await newClient(t, { clientName: "房券会员", status: 2 });
});

const kinds = (r: any) => r.body.data.totals.map((x: any) => [x.ticketType, x.priceType, x.useScope, x.issued, x.used, x.remaining, x.pending, x.expired]);

describe("a client's room vouchers in the membership viewer", () => {
  it("shows what is issued, used, pending and expired, per batch and per kind", async () => {
    const key = { tenantId: t.clientId, clientId: client.id };
    expect((await asAdmin(t).get(VOUCHERS, { clientId: client.id })).body).toMatchObject({ code: "200", dataList: [], data: { totals: [], capped: false } });

    // An exchange: 10 weekday + 4 weekend free vouchers; a pending gift; an expired purchase.
    const weekday = await issueVouchersNow(key, { ticketCount: 10, ticketDuration: "2099-12-31", useScope: 3, source: "exchange", sourceId: "41" });
    await issueVouchersNow(key, { ticketCount: 4, ticketDuration: "2099-12-31", useScope: 2, source: "exchange", sourceId: "41" });
    await issueVouchersNow(key, { ticketCount: 3, ticketDuration: "2099-06-30", useScope: 3, priceType: 2, source: "gift", sourceId: "7" });
    await issueVouchersNow(key, { ticketCount: 2, ticketDuration: "2020-01-01", useScope: 3, source: "purchase", sourceId: "TB202001010001" });

    const takes = await useVouchersNow(key, { classes: { allday: 1 } }, stay(), 9001);
    let r = await asAdmin(t).get(VOUCHERS, { clientId: client.id });
    expect(r.body.code).toBe("200");
    // Free weekdays: 10 + 2 issued, 1 used, 9 usable, the expired purchase's 2 apart; half-price weekdays pending.
    expect(kinds(r)).toEqual([
      [0, 1, 2, 4, 0, 4, 0, 0],
      [0, 1, 3, 12, 1, 9, 0, 2],
      [0, 2, 3, 0, 0, 0, 3, 0],
    ]);
    const rows = r.body.dataList;
    expect(rows.map((b: any) => [b.source, b.ticketCount, b.usedCount, b.remainingCount, b.status, b.expired])).toEqual([
      ["purchase", 2, 0, 2, 1, true],
      ["gift", 3, 0, 3, 0, false],
      ["exchange", 4, 0, 4, 1, false],
      ["exchange", 10, 1, 9, 1, false],
    ]);
    expect(rows[3]).toMatchObject({ batchNo: weekday.batchNo, sourceId: "41", ticketDuration: "2099-12-31 23:59:59", bindingHotelNames: [] });

    // Given back (the order cancelled), the weekday voucher counts as remaining again; a revoke removes the unused.
    await restoreVouchersNow(key, takes, 9001);
    await revokeBatchNow(key, weekday.batchId);
    r = await asAdmin(t).get(VOUCHERS, { clientId: client.id });
    expect(kinds(r)[1]).toEqual([0, 1, 3, 2, 0, 0, 0, 2]);
    expect(r.body.dataList[3]).toMatchObject({ ticketCount: 0, remainingCount: 0, revokedCount: 10 });
  });

  it("refuses another store's client, a bad id and a caller without the module", async () => {
    const elsewhere = await t.userWith({ [FN.clients]: "R" }, { deptCodes: [code(t as any, "上海浦东店")] });
    expect((await as(elsewhere.token, FN.clients).get(VOUCHERS, { clientId: client.id })).body).toEqual({ code: "403", desc: "无效的客户信息" });
    const own = await t.userWith({ [FN.clients]: "R" }, { deptCodes: [code(t as any, "广州天河店")] });
    expect((await as(own.token, FN.clients).get(VOUCHERS, { clientId: client.id })).body.code).toBe("200");
    expect((await asAdmin(t).get(VOUCHERS, {})).body).toMatchObject({ desc: "无效的客户信息" });
    expect((await asAdmin(t).get(VOUCHERS, { clientId: "abc" })).body).toMatchObject({ desc: "无效的客户信息" });
    expect((await asAdmin(t).get(VOUCHERS, { clientId: 99_999_999 })).body).toEqual({ code: "404", desc: "客户不存在或已被删除" });
    // Another tenant's client id is not this tenant's client.
    const other = await testTenant();
    expect((await asAdmin(other as any).get(VOUCHERS, { clientId: client.id })).body.code).not.toBe("200");
    // The route belongs to the clients module: the gift-weeks screen may not read it.
    expect((await asAdmin(t, FN.giftWeeks).get(VOUCHERS, { clientId: client.id })).status).toBe(403);
  });
});
