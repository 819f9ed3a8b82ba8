import { open } from "../../clients/secretBox.ts";
import { config } from "../../kernel/config.ts";
import { PLATFORM_COUNTERS } from "../operator.ts";
import { WxConfig } from "../configEntities.ts";

/**
 * The WeChat port: everything the product asks of WeChat goes through it — the official account's
 * OAuth (the authorise address, a code → the openid), the follow QR code, and the mini-program's
 * code2session. Two adapters:
 *
 * - **live**: WeChat's own endpoints, with the account's AppSecret opened server-side from the
 *   platform's WeChat account record (wxconfig, sealed there);
 * - **sandbox** (`XY_SANDBOX=1`: `npm start`, the tests and the bench only): the authorise address is the
 *   local gateway's scan page (packages/local/src/twin/wechatSandbox.ts), which plays WeChat — it
 *   shows the scanning person's sandbox openid and sends the browser back with a code that names
 *   it; this adapter reads the openid out of that code. The mini-program's code2session takes that
 *   code too, or `sandbox:<openid>`. The cloud never sets the flag, so a forged sandbox code binds
 *   or signs in nothing there.
 */
export type OfficialAccount = { appId: string; followQrcode: string; secret: string };

export interface WechatPort {
  /** The tenant's official account (its main one, else any enabled one), or null when none is configured. */
  officialAccount(tenantId: string): Promise<OfficialAccount | null>;
  /** The address WeChat's OAuth (base scope, R509) starts at; it returns to `redirectUri` with `code` and `state`. */
  authorizeUrl(appId: string, redirectUri: string, state: string): string;
  /** The openid an OAuth code stands for, or null when WeChat refuses the code. */
  openIdOfCode(account: OfficialAccount, code: string): Promise<string | null>;
  /** The mini-program's sign-in: the openid a wx.login code stands for, or null. */
  code2session(appId: string, secret: string, jsCode: string): Promise<{ openId: string } | null>;
}

/** WeChat's official-account type in the platform's account records (style list wxAppType: 1 公众号). */
const OFFICIAL_ACCOUNT = 1;

// The accounts' partition read whole (as wxConfig.ts `allWxConfigs` does, configStore.ts's 2,000 at most) but directly, so the auth
// Lambda, which signs members in through this port, does not bundle the accounts' screens.
const allWxConfigs = async () => (await WxConfig.query.byId({}).go({ pages: "all", limit: 2000 })).data;

async function configuredAccount(tenantId: string): Promise<OfficialAccount | null> {
  const accounts = (await allWxConfigs()).filter((w) => w.clientId === tenantId && w.appType === OFFICIAL_ACCOUNT && (w.status ?? 1) === 1);
  const a = accounts.find((w) => w.masterAccount === 1) ?? accounts.sort((x, y) => x.id - y.id)[0];
  return a ? { appId: a.appid, followQrcode: a.qrcode ?? "", secret: a.secret ?? "" } : null;
}

const fetchJson = async (url: string): Promise<Record<string, unknown> | null> => {
  try {
    const r = await fetch(url, { signal: AbortSignal.timeout(5_000) });
    return r.ok ? ((await r.json()) as Record<string, unknown>) : null;
  } catch {
    return null;
  }
};

export const liveWechat: WechatPort = {
  officialAccount: configuredAccount,
  authorizeUrl: (appId, redirectUri, state) =>
    `https://open.weixin.qq.com/connect/oauth2/authorize?appid=${encodeURIComponent(appId)}&redirect_uri=${encodeURIComponent(redirectUri)}&response_type=code&scope=snsapi_base&state=${encodeURIComponent(state)}#wechat_redirect`,
  async openIdOfCode(account, code) {
    const q = new URLSearchParams({ appid: account.appId, secret: open(account.secret, PLATFORM_COUNTERS), code, grant_type: "authorization_code" });
    const r = await fetchJson(`https://api.weixin.qq.com/sns/oauth2/access_token?${q}`);
    return typeof r?.openid === "string" && r.openid ? r.openid : null;
  },
  async code2session(appId, secret, jsCode) {
    // Without the mini-program's AppSecret WeChat answers nothing: refused here, without asking.
    if (!secret) return null;
    const q = new URLSearchParams({ appid: appId, secret, js_code: jsCode, grant_type: "authorization_code" });
    const r = await fetchJson(`https://api.weixin.qq.com/sns/jscode2session?${q}`);
    return typeof r?.openid === "string" && r.openid ? { openId: r.openid } : null;
  },
};

/** The sandbox's scan page (served by the local gateway only) and its code format. */
export const SANDBOX_SCAN_PATH = "/sandbox/wechat/scan";
/** The official account a tenant without one gets in the sandbox, so the flow runs on a fresh machine. */
export const SANDBOX_APP_ID = "wxsandbox0000000001";
const CODE_PREFIX = "sbx.";
/** The mini-program's sandbox wx.login code: `sandbox:<openid>` names the openid itself, for any app (the tests, the bench, a fresh machine). */
const SANDBOX_JS_CODE = /^sandbox:([A-Za-z0-9_-]{1,64})$/;

/** The code the sandbox's scan page hands back: it names the app and the openid (nothing secret: the sandbox never runs in the cloud). */
export const sandboxCode = (appId: string, openId: string): string => CODE_PREFIX + Buffer.from(JSON.stringify({ appId, openId })).toString("base64url");

function readSandboxCode(code: string): { appId: string; openId: string } | null {
  if (!code.startsWith(CODE_PREFIX)) return null;
  try {
    const r = JSON.parse(Buffer.from(code.slice(CODE_PREFIX.length), "base64url").toString("utf8")) as { appId?: unknown; openId?: unknown };
    return typeof r.appId === "string" && typeof r.openId === "string" && /^[A-Za-z0-9_-]{6,64}$/.test(r.openId) ? { appId: r.appId, openId: r.openId } : null;
  } catch {
    return null;
  }
}

export const sandboxWechat: WechatPort = {
  officialAccount: async (tenantId) => (await configuredAccount(tenantId)) ?? { appId: SANDBOX_APP_ID, followQrcode: "", secret: "" },
  authorizeUrl: (appId, redirectUri, state) => `${SANDBOX_SCAN_PATH}?${new URLSearchParams({ appid: appId, redirect_uri: redirectUri, state })}`,
  openIdOfCode: async (account, code) => {
    const c = readSandboxCode(code);
    return c && c.appId === account.appId ? c.openId : null;
  },
  code2session: async (appId, _secret, jsCode) => {
    const named = SANDBOX_JS_CODE.exec(jsCode);
    if (named) return { openId: named[1]! };
    const c = readSandboxCode(jsCode);
    return c && c.appId === appId ? { openId: c.openId } : null;
  },
};

/** The adapter this stage uses. */
export const wechat = (): WechatPort => (config.sandbox ? sandboxWechat : liveWechat);

/** The follow QR's content: the account's own (wxconfig `qrcode`), or in the sandbox the scan page's follow view. */
export const followQrcode = (account: OfficialAccount): string =>
  account.followQrcode || (config.sandbox ? `${SANDBOX_SCAN_PATH}?${new URLSearchParams({ appid: account.appId, follow: "1" })}` : "");
