import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { open } from "../clients/secretBox.ts";
import { secrets } from "../kernel/config.ts";
import { nowMs } from "../kernel/clock.ts";
import { PayConfig, WxConfig, type PayConfigItem, type WxConfigItem } from "../platform/configEntities.ts";
import { PLATFORM_COUNTERS } from "../platform/operator.ts";
import { getTenant } from "../platform/tenants.ts";

/**
 * The payment provider's notices, money coming in (the port of orders/payments.ts): how a notice is
 * signed, which key signs a tenant's notices, and the sandbox provider that writes them.
 *
 * A notice is a flat set of text fields (`SignedNotice`); its signature is HMAC-SHA256 (hex) over
 * the fields in name order as `name=value&…`, the tenant of the notify address included so a notice
 * for one tenant does not complete an order number of another that shares the channel. The key is
 * the API key (apiV3Key, sealed) of the payment channel bound to the tenant's WeChat account — the
 * main account first, then the default one, then the oldest. A tenant with no bound channel (the
 * demo, the tests) has a sandbox key derived from the server's data key: only the server can sign
 * with it, so no outsider can forge a notice either way.
 */
export type NoticeFields = { outTradeNo: string; amount: string; tradeNo: string; tradeState: string; timestamp: string; nonce: string };
export type SignedNotice = NoticeFields & { sign: string };

/** The provider's state of a completed payment; any other state is acknowledged and changes nothing. */
export const PAID = "SUCCESS";

const SIGNED: ReadonlyArray<keyof NoticeFields | "tenant"> = ["amount", "nonce", "outTradeNo", "tenant", "timestamp", "tradeNo", "tradeState"];

export const noticeText = (tenant: string, n: NoticeFields): string => SIGNED.map((k) => `${k}=${k === "tenant" ? tenant : n[k]}`).join("&");

export const signNotice = (key: string, tenant: string, n: NoticeFields): string => createHmac("sha256", key).update(noticeText(tenant, n), "utf8").digest("hex");

/** Whether `n.sign` is the notice's signature under `key`, compared in constant time. */
export function signatureHolds(key: string, tenant: string, n: SignedNotice): boolean {
  const want = Buffer.from(signNotice(key, tenant, n), "hex");
  const got = Buffer.from(/^[0-9a-f]{64}$/.test(n.sign) ? n.sign : "", "hex");
  return got.length === want.length && timingSafeEqual(got, want);
}

/** The channel whose key signs the tenant's notices, if the tenant bound one (see above). */
export function boundChannel(tenantId: string, wx: WxConfigItem[], channels: PayConfigItem[]): PayConfigItem | undefined {
  const rank = (w: WxConfigItem) => (w.masterAccount === 1 ? 0 : w.dfAccount === 1 ? 1 : 2);
  const accounts = wx.filter((w) => w.clientId === tenantId && w.payMchId).sort((a, b) => rank(a) - rank(b) || a.id - b.id);
  for (const w of accounts) {
    const c = channels.find((x) => x.mchId === w.payMchId && x.apiV3Key && (x.isUsing ?? 1) === 1);
    if (c) return c;
  }
  return undefined;
}

/**
 * Every WeChat account and payment channel: the platform configuration's whole-partition reads
 * (platform/configStore.ts `allRecords`, tens of records), written here rather than imported so the
 * Lambdas that take payments (notices, the members' sandbox payments) do not carry the configuration
 * screens' code and schemas.
 */
const ALL = { pages: "all", limit: 2000 } as const;
const allAccounts = async (): Promise<WxConfigItem[]> => (await WxConfig.query.byId({}).go(ALL)).data;
const allChannels = async (): Promise<PayConfigItem[]> => (await PayConfig.query.byId({}).go(ALL)).data;

/** The key of a tenant's notices; null for a tenant that does not exist. */
export async function noticeKey(tenantId: string): Promise<string | null> {
  if (!(await getTenant(tenantId))) return null;
  const [wx, channels] = await Promise.all([allAccounts(), allChannels()]);
  const channel = boundChannel(tenantId, wx, channels);
  if (channel?.apiV3Key) return open(channel.apiV3Key, PLATFORM_COUNTERS);
  return createHmac("sha256", Buffer.from((await secrets()).dataKey, "hex"))
    .update(`sandbox-pay\u0000${tenantId}`)
    .digest("hex");
}

/** The sandbox provider's trade number for a payment it "received". */
export const sandboxTradeNo = (outTradeNo: string): string => `SB${outTradeNo}${String(nowMs()).slice(-6)}`;

/** The sandbox provider: the signed notice it sends when `outTradeNo` has been paid `amountFen`. */
export async function sandboxNotice(tenantId: string, p: { outTradeNo: string; amountFen: number; tradeNo: string }): Promise<SignedNotice> {
  const key = await noticeKey(tenantId);
  if (!key) throw new Error(`no tenant ${tenantId}`);
  const n: NoticeFields = {
    outTradeNo: p.outTradeNo,
    amount: String(p.amountFen),
    tradeNo: p.tradeNo,
    tradeState: PAID,
    timestamp: String(Math.floor(Date.now() / 1000)),
    nonce: randomBytes(12).toString("hex"),
  };
  return { ...n, sign: signNotice(key, tenantId, n) };
}
