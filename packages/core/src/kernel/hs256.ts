import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * JSON Web Tokens signed with HMAC-SHA256 (RFC 7519 / 7515), the one kind we issue: staff tokens
 * (auth/tokens.ts) and member tokens (auth/member.ts). Written on node:crypto rather than jose
 * because jose (≈ 16 kB, WebCrypto underneath) was in every Lambda bundle for these two calls
 * (docs/decisions.md, "Lambda bundles as deployed"). Verification is strict: header alg HS256 only
 * (never "none", never another alg), signature compared in constant time, `exp` required and in the
 * future, `nbf` respected, `aud` checked when one is expected. `packages/core/test/hs256.test.ts`
 * checks both directions against jose.
 */
export type JwtPayload = Record<string, unknown> & { exp?: number; iat?: number; nbf?: number; aud?: string | string[] };

const HEADER = Buffer.from(JSON.stringify({ alg: "HS256" })).toString("base64url");

const mac = (key: Uint8Array, data: string): Buffer => createHmac("sha256", key).update(data).digest();

export function signHs256(payload: JwtPayload, key: Uint8Array): string {
  const body = `${HEADER}.${Buffer.from(JSON.stringify(payload)).toString("base64url")}`;
  return `${body}.${mac(key, body).toString("base64url")}`;
}

const B64URL = /^[A-Za-z0-9_-]*$/;

function partJson(part: string): Record<string, unknown> | null {
  try {
    const v: unknown = JSON.parse(Buffer.from(part, "base64url").toString("utf8"));
    return v && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

const isNumber = (v: unknown): v is number => typeof v === "number" && Number.isFinite(v);

/** The payload of a token this key signed, still valid at `nowSec` (and for `audience` when given); else null. */
export function verifyHs256(token: string, key: Uint8Array, opts: { nowSec: number; audience?: string }): JwtPayload | null {
  const parts = token.split(".");
  if (parts.length !== 3 || !parts.every((p) => B64URL.test(p))) return null;
  const [head, body, signature] = parts as [string, string, string];
  const expected = mac(key, `${head}.${body}`);
  const given = Buffer.from(signature, "base64url");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const header = partJson(head);
  if (header?.alg !== "HS256" || header.crit !== undefined) return null;
  const payload = partJson(body) as JwtPayload | null;
  if (!payload || !isNumber(payload.exp) || payload.exp <= opts.nowSec) return null;
  if (payload.nbf !== undefined && (!isNumber(payload.nbf) || payload.nbf > opts.nowSec)) return null;
  if (payload.iat !== undefined && !isNumber(payload.iat)) return null;
  if (opts.audience !== undefined) {
    const aud = payload.aud;
    if (!(aud === opts.audience || (Array.isArray(aud) && aud.includes(opts.audience)))) return null;
  }
  return payload;
}
