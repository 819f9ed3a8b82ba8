import { createHmac, timingSafeEqual } from "node:crypto";
import { secrets } from "../kernel/config.ts";
import { nowMs } from "../kernel/clock.ts";
import { DomainError } from "../kernel/errors.ts";

/**
 * "Preview on the website" (beyond the spec): a signed-in staff member holding the article's
 * function asks for a link; the link carries a token naming the tenant and the article, signed with
 * the stage's secret and valid for 10 minutes. The website shows a draft only with that token, so a
 * visitor (or a cached page) never sees one, and the website needs no access to the console's session.
 */
export const PREVIEW_MS = 10 * 60 * 1000;
export const PREVIEW_EXPIRED = "预览链接已失效，请在后台重新打开预览";

const sign = async (body: string) =>
  createHmac("sha256", `preview:${(await secrets()).jwtSecret}`)
    .update(body)
    .digest("base64url");

export async function previewToken(tenantId: string, id: number): Promise<string> {
  const body = Buffer.from(JSON.stringify({ t: tenantId, i: id, e: nowMs() + PREVIEW_MS })).toString("base64url");
  return `${body}.${await sign(body)}`;
}

/** The tenant and article a token names, if its signature holds and it has not expired. */
export async function readPreviewToken(token: string): Promise<{ tenantId: string; id: number }> {
  const [body, mac] = token.split(".");
  if (!body || !mac) throw new DomainError(PREVIEW_EXPIRED, "403");
  const want = Buffer.from(await sign(body));
  const got = Buffer.from(mac);
  if (want.length !== got.length || !timingSafeEqual(want, got)) throw new DomainError(PREVIEW_EXPIRED, "403");
  const p = JSON.parse(Buffer.from(body, "base64url").toString()) as { t: string; i: number; e: number };
  if (typeof p.e !== "number" || p.e < nowMs()) throw new DomainError(PREVIEW_EXPIRED, "403");
  return { tenantId: p.t, id: p.i };
}
