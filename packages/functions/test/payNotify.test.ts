import { beforeAll, describe, expect, it } from "vitest";
import { orderWorld, type World } from "./ordersHelpers.ts";
import { as } from "./clientsHelpers.ts";
import { call } from "./harness.ts";
import { addDays } from "@xiangyu/core/hotels/nights";
import { today } from "@xiangyu/core/kernel/clock";
import { VoucherBatch } from "@xiangyu/core/vouchers/ledger/entities";
import { VoucherPurchase } from "@xiangyu/core/vouchers/entities";
import { boundChannel, noticeKey, signNotice, type NoticeFields } from "@xiangyu/core/orders/payNotice";
import type { PayConfigItem, WxConfigItem } from "@xiangyu/core/platform/configEntities";

/**
 * The payment provider's signed notice (POST /xiangyu/api/pay/notify/{tenant}, no session): a
 * notice signed with the tenant's key completes its order once, however often and however late it
 * comes; a bad signature, a wrong amount or an unknown order is refused with the provider's FAIL
 * and the HTTP status it reads, and nothing is stored.
 */
const FN = { purchases: 1801 } as const;
const API = "/xiangyu/api";
const future = addDays(today(), 200);
let w: World;
let key: string;

beforeAll(async () => {
  w = await orderWorld(2);
  key = (await noticeKey(w.t.clientId))!;
});

const notifyPath = (tenant = w.t.clientId) => `${API}/pay/notify/${tenant}`;
const fields = (outTradeNo: string, amount: number, more: Partial<NoticeFields> = {}): NoticeFields => ({
  outTradeNo,
  amount: String(amount),
  tradeNo: `WX${outTradeNo}`,
  tradeState: "SUCCESS",
  timestamp: String(Math.floor(Date.now() / 1000)),
  nonce: Math.random().toString(36).slice(2, 14).padEnd(12, "x"),
  ...more,
});
const signed = (n: NoticeFields, k = key, tenant = w.t.clientId) => ({ ...n, sign: signNotice(k, tenant, n) });
const notify = (body: Record<string, string>, tenant?: string) => call("POST", notifyPath(tenant), { form: body });

async function purchase(payAmount: string) {
  const c = await w.member();
  const r = await as(w.t.adminToken, FN.purchases).post(`${API}/hotel/product/ticketbuysave`, { clientId: c.id, ticketCount: 3, ticketDuration: future, payAmount });
  if (r.body.code !== "200") throw new Error(JSON.stringify(r.body));
  return { client: c, order: r.body.data as { id: number; orderId: string } };
}
const state = async (p: Awaited<ReturnType<typeof purchase>>) => ({
  status: (await VoucherPurchase.get({ tenantId: w.t.clientId, id: p.order.id }).go()).data?.status,
  batches: (await VoucherBatch.query.byClient({ tenantId: w.t.clientId, clientId: p.client.id }).go()).data.length,
});

describe("the provider's payment notice", () => {
  it("completes the order once when the same signed notice comes 20 times at once, and a later replay changes nothing", async () => {
    const p = await purchase("88.5");
    const n = signed(fields(p.order.orderId, 8850));
    const replies = await Promise.all(Array.from({ length: 20 }, () => notify(n)));
    for (const r of replies) expect([r.status, r.body.code]).toEqual([200, "SUCCESS"]);
    expect(replies.filter((r) => r.body.message === "成功")).toHaveLength(1);
    expect(await state(p)).toEqual({ status: 1, batches: 1 });
    const batch = (await VoucherBatch.query.byClient({ tenantId: w.t.clientId, clientId: p.client.id }).go()).data[0]!;
    expect(batch).toMatchObject({ ticketCount: 3, remainingCount: 3, source: "purchase" });
    expect((await VoucherPurchase.get({ tenantId: w.t.clientId, id: p.order.id }).go()).data?.tradeNo).toBe(`WX${p.order.orderId}`);

    // An old notice replayed a day later (its own valid signature): acknowledged, nothing issued again.
    const old = signed(fields(p.order.orderId, 8850, { timestamp: String(Math.floor(Date.now() / 1000) - 86_400), tradeNo: "WXREPLAY" }));
    const again = await notify(old);
    expect([again.status, again.body]).toEqual([200, { code: "SUCCESS", message: "已处理" }]);
    expect(await state(p)).toEqual({ status: 1, batches: 1 });
  });

  it("refuses a bad signature with 401 and stores nothing", async () => {
    const p = await purchase("20");
    const good = signed(fields(p.order.orderId, 2000));
    const flip = (s: string) => (s[0] === "0" ? "1" : "0") + s.slice(1);
    const bad: Array<Record<string, string>> = [
      { ...good, sign: flip(good.sign) },
      { ...good, sign: "" },
      { ...good, sign: good.sign.toUpperCase() + "00" },
      // A field changed after signing: the amount, the order.
      { ...good, amount: "1" },
      // Signed with another key, or for another tenant that would share the channel.
      signed(fields(p.order.orderId, 2000), "0".repeat(64)),
      signed(fields(p.order.orderId, 2000), key, "another"),
    ];
    for (const body of bad) {
      const r = await notify(body);
      expect([r.status, r.body]).toEqual([401, { code: "FAIL", message: "支付通知签名错误" }]);
    }
    // A tenant that does not exist has no key.
    expect((await notify(good, "nosuchtenant")).status).toBe(401);
    expect(await state(p)).toEqual({ status: 0, batches: 0 });
    // The same notice, untouched, still completes.
    expect((await notify(good)).body).toEqual({ code: "SUCCESS", message: "成功" });
  });

  it("refuses a signed notice of the wrong amount or an unknown order, and acknowledges a failed payment without acting", async () => {
    const p = await purchase("30");
    const wrong = await notify(signed(fields(p.order.orderId, 2999)));
    expect([wrong.status, wrong.body]).toEqual([400, { code: "FAIL", message: "支付金额与订单金额不符" }]);
    const unknown = await notify(signed(fields(`TB${p.order.orderId.slice(2, 10)}999999`, 3000)));
    expect([unknown.status, unknown.body]).toEqual([404, { code: "FAIL", message: "支付订单不存在" }]);
    const other = await notify(signed(fields(`XX${p.order.orderId.slice(2)}`, 3000)));
    expect([other.status, other.body.code]).toEqual([404, "FAIL"]);
    const closed = await notify(signed(fields(p.order.orderId, 3000, { tradeState: "PAYERROR" })));
    expect([closed.status, closed.body]).toEqual([200, { code: "SUCCESS", message: "已处理" }]);
    expect(await state(p)).toEqual({ status: 0, batches: 0 });
  });

  it("refuses malformed notices before reading them, storing nothing", async () => {
    const p = await purchase("10");
    const good = signed(fields(p.order.orderId, 1000));
    for (const [k, v] of [
      ["amount", "10.00"],
      ["amount", "-1"],
      ["outTradeNo", "x".repeat(41)],
      ["nonce", "短"],
      ["timestamp", "yesterday"],
      ["sign", "f".repeat(129)],
    ] as const) {
      const r = await notify({ ...good, [k]: v });
      expect([r.body.code, r.body.desc]).toEqual(["400", "支付通知格式不正确"]);
    }
    expect(await state(p)).toEqual({ status: 0, batches: 0 });
  });

  it("the sandbox pay action goes through the same signed notice", async () => {
    const p = await purchase("12");
    const r = await as(w.t.adminToken, FN.purchases).post(`${API}/pay/sandbox/pay`, { outTradeNo: p.order.orderId, totalFee: "12" });
    expect(r.body).toMatchObject({ code: "200", data: { completed: true } });
    expect(await state(p)).toEqual({ status: 1, batches: 1 });
  });
});

describe("which key signs a tenant's notices", () => {
  const wx = (o: Partial<WxConfigItem>) => ({ id: 1, clientId: "a", appType: 1, payMchId: "", appid: "wx", masterAccount: 0, dfAccount: 0, ...o }) as WxConfigItem;
  const pay = (o: Partial<PayConfigItem>) => ({ id: 1, appType: 1, mchId: "m1", mchName: "商户", apiV3Key: "v1.sealed", isUsing: 1, ...o }) as PayConfigItem;
  const channels = [pay({ id: 1, mchId: "m1" }), pay({ id: 2, mchId: "m2" }), pay({ id: 3, mchId: "m3", isUsing: 0 }), pay({ id: 4, mchId: "m4", apiV3Key: "" })];

  it("is the channel of the tenant's main account, then its default one, then its oldest; never another tenant's", () => {
    const accounts = [wx({ id: 1, payMchId: "m1" }), wx({ id: 2, payMchId: "m2", dfAccount: 1 }), wx({ id: 9, clientId: "b", payMchId: "m4", masterAccount: 1 })];
    expect(boundChannel("a", accounts, channels)?.id).toBe(2);
    expect(boundChannel("a", [...accounts, wx({ id: 5, payMchId: "m1", masterAccount: 1 })], channels)?.id).toBe(1);
    expect(boundChannel("a", [wx({ id: 7, payMchId: "m2" }), wx({ id: 3, payMchId: "m1" })], channels)?.id).toBe(1);
    expect(boundChannel("b", accounts, channels)).toBeUndefined();
  });

  it("skips a disabled channel or one without a key, leaving the sandbox key", () => {
    expect(boundChannel("a", [wx({ payMchId: "m3", masterAccount: 1 }), wx({ id: 2, payMchId: "m4" })], channels)).toBeUndefined();
    expect(boundChannel("a", [wx({ payMchId: "m3", masterAccount: 1 }), wx({ id: 2, payMchId: "m2" })], channels)?.id).toBe(2);
  });
});
