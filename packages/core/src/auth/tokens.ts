import { SignJWT, jwtVerify } from "jose";
import { config } from "../kernel/config.ts";

/** Tokens are short-lived and name a session that the server can end (ARCHITECTURE.md). */
export const TOKEN_TTL_SECONDS = 12 * 60 * 60;

export type TokenClaims = { tid: string; uid: number; sid: string };

let key: Uint8Array | undefined;
let keySource = "";
const secret = () => {
  const s = config.jwtSecret;
  if (!key || keySource !== s) {
    key = new TextEncoder().encode(s);
    keySource = s;
  }
  return key;
};

export async function signToken(c: TokenClaims, ttl = TOKEN_TTL_SECONDS): Promise<string> {
  return new SignJWT({ tid: c.tid, uid: c.uid, sid: c.sid })
    .setProtectedHeader({ alg: "HS256" })
    .setIssuedAt()
    .setExpirationTime(Math.floor(Date.now() / 1000) + ttl)
    .sign(secret());
}

/** The claims of a valid token, or null (bad signature, expired, malformed). */
export async function readToken(token: string): Promise<TokenClaims | null> {
  try {
    const { payload } = await jwtVerify(token, secret(), { algorithms: ["HS256"] });
    if (typeof payload.tid !== "string" || typeof payload.uid !== "number" || typeof payload.sid !== "string") return null;
    return { tid: payload.tid, uid: payload.uid, sid: payload.sid };
  } catch {
    return null;
  }
}
