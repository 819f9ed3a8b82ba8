import { randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { SANDBOX_SCAN_PATH, sandboxCode } from "@xiangyu/core/platform/oa/wechatPort";

/**
 * The sandbox WeChat's scan page (one machine only; the cloud has no such path): what a phone's
 * WeChat shows when the staff member scans the binding QR codes. The follow view says the account
 * is followed; the authorise view (WeChat's OAuth, base scope) shows who is scanning — a sandbox
 * openid, editable so a test or a person can be someone in particular — and on 确认授权 sends the
 * browser back to the landing page with `code` and `state`, as WeChat does (in the query, before the
 * console's hash). The core sandbox adapter reads the openid out of that code (oa/wechatPort.ts).
 * Only addresses of this same host are returned to, so the page is no open redirect.
 */
const HEADERS = {
  "content-type": "text/html; charset=utf-8",
  "cache-control": "no-store",
  "content-security-policy": "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'",
  "x-content-type-options": "nosniff",
  "referrer-policy": "no-referrer",
};

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

const page = (title: string, body: string) => `<!doctype html>
<html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${esc(title)}</title>
<style>body{font-family:system-ui,"Noto Sans CJK SC",sans-serif;background:#ededed;margin:0;color:#111}header{background:#07c160;color:#fff;padding:12px 16px;font-size:16px}
main{background:#fff;margin:16px;padding:20px;border-radius:8px}label{display:block;font-size:13px;color:#666;margin:12px 0 4px}input{width:100%;box-sizing:border-box;padding:8px;font:inherit;border:1px solid #ccc;border-radius:4px}
button{margin-top:20px;width:100%;padding:10px;border:0;border-radius:4px;background:#07c160;color:#fff;font-size:16px}.app{font-family:monospace;color:#333}.note{font-size:12px;color:#999;margin-top:16px}</style></head>
<body><header>微信（沙箱）</header><main>${body}<p class="note">本页只在本机（npm start）出现，代替真实的微信完成扫码与授权。</p></main></body></html>`;

function send(res: ServerResponse, status: number, html: string) {
  res.writeHead(status, HEADERS);
  res.end(html);
}

/** The landing address to return to, when it is of this host; else null. */
function sameHost(req: IncomingMessage, target: string): URL | null {
  try {
    const here = `http://${req.headers.host ?? "localhost"}/`;
    const u = new URL(target, here);
    return u.host === new URL(here).host && /^https?:$/.test(u.protocol) ? u : null;
  } catch {
    return null;
  }
}

/** Serves the scan page when `path` is its path; false for any other path. */
export function serveWechatSandbox(req: IncomingMessage, res: ServerResponse, path: string): boolean {
  if (path !== SANDBOX_SCAN_PATH || (req.method !== "GET" && req.method !== "HEAD")) return false;
  const q = new URL(req.url ?? "/", "http://localhost").searchParams;
  const appId = q.get("appid") ?? "";
  if (q.get("follow") === "1") {
    send(res, 200, page("关注公众号", `<h3>已关注公众号</h3><p>公众号 <span class="app">${esc(appId)}</span></p><p>回到电脑上的绑定页面，点击「已关注，下一步」。</p>`));
    return true;
  }
  const redirect = q.get("redirect_uri") ?? "";
  const state = q.get("state") ?? "";
  const target = sameHost(req, redirect);
  if (!appId || !target) {
    send(res, 400, page("授权失败", "<h3>授权参数不正确</h3>"));
    return true;
  }
  const openId = q.get("openid") ?? "";
  if (q.get("confirm") === "1" && /^[A-Za-z0-9_-]{6,64}$/.test(openId)) {
    // WeChat puts code and state in the query of the return address, before any #fragment.
    target.searchParams.set("code", sandboxCode(appId, openId));
    target.searchParams.set("state", state);
    res.writeHead(302, { ...HEADERS, location: target.href });
    res.end();
    return true;
  }
  const suggested = openId || `oSbx${randomBytes(12).toString("hex")}`;
  const hidden = (name: string, value: string) => `<input type="hidden" name="${name}" value="${esc(value)}">`;
  send(
    res,
    200,
    page(
      "授权登录",
      `<h3>公众号请求获取你的身份</h3><p>公众号 <span class="app">${esc(appId)}</span> 将获得你的 openid（静默授权，snsapi_base）。</p>
<form method="get" action="${SANDBOX_SCAN_PATH}">${hidden("appid", appId)}${hidden("redirect_uri", redirect)}${hidden("state", state)}${hidden("confirm", "1")}
<label for="openid">扫码人（沙箱 openid）</label><input id="openid" name="openid" value="${esc(suggested)}" pattern="[A-Za-z0-9_-]{6,64}" required>
<button type="submit">确认授权</button></form>`,
    ),
  );
  return true;
}
