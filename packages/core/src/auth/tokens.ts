import { signHs256, verifyHs256 } from "../kernel/hs256.ts";
import { secrets } from "../kernel/config.ts";
import { nowMs, nowSeconds } from "../kernel/clock.ts";

/**
 * Tokens are short-lived and name a session that the server can end (docs/architecture.md). Times come
 * from kernel/clock like every other expiry, so tests can move past them.
 */
export const TOKEN_TTL_SECONDS = 12 * 60 * 60;

/** Who the session is, signed into the token so a read can start before the session item is back. */
export type TokenUser = { un: string; rn: string; dc: string[]; ri: number[]; bi: number; ml: number };
/**
 * `mc: 1`: the password was set by someone else and not yet changed (users' mustChangePassword at
 * sign-in). Signed, so the adapter refuses every route but the few a forced change needs without a
 * read; a password change ends every session, so the next token is signed without it.
 */
export type TokenClaims = { tid: string; uid: number; sid: string; mc?: 1 } & Partial<TokenUser>;

/**
 * Tokens already verified by this container, until they expire: a signature check gives the same
 * answer every time, and a console sends the same token with every request. Revocation is not
 * decided here (the session item is read on every request), only the signature.
 */
const verified = new Map<string, { claims: TokenClaims; expMs: number }>();
const VERIFIED_MAX = 2000;

let key: Uint8Array | undefined;
let keySource = "";
const secret = async () => {
  const s = (await secrets()).jwtSecret;
  if (!key || keySource !== s) {
    key = new TextEncoder().encode(s);
    keySource = s;
    verified.clear(); // a new secret: what the old one verified no longer counts
  }
  return key;
};

export async function signToken(c: TokenClaims, ttl = TOKEN_TTL_SECONDS): Promise<string> {
  const now = nowSeconds();
  return signHs256({ ...c, iat: now, exp: now + ttl }, await secret());
}

/** The claims of a valid token, or null (bad signature, expired, malformed). */
export async function readToken(token: string): Promise<TokenClaims | null> {
  const hit = verified.get(token);
  if (hit) {
    if (hit.expMs > nowMs()) return hit.claims;
    verified.delete(token);
  }
  const claims = await verify(token);
  if (claims && claims.expMs) {
    if (verified.size >= VERIFIED_MAX) verified.delete(verified.keys().next().value!);
    verified.set(token, { claims: claims.claims, expMs: claims.expMs });
  }
  return claims?.claims ?? null;
}

async function verify(token: string): Promise<{ claims: TokenClaims; expMs: number } | null> {
  const key = await secret(); // outside the try: a secret that cannot be read is a server error, not a bad token
  const payload = verifyHs256(token, key, { nowSec: nowSeconds() });
  // A token for another audience (a mini-program member's, auth/member.ts) is never a staff token.
  if (!payload || payload.aud !== undefined) return null;
  if (typeof payload.tid !== "string" || typeof payload.uid !== "number" || typeof payload.sid !== "string") return null;
  const { tid, uid, sid, un, rn, dc, ri, bi, ml, mc } = payload as TokenClaims;
  return { claims: { tid, uid, sid, un, rn, dc, ri, bi, ml, ...(mc === 1 ? { mc } : {}) }, expMs: (payload.exp ?? 0) * 1000 };
}
