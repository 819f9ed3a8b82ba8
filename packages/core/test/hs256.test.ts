import { describe, expect, it } from "vitest";
import { SignJWT, jwtVerify } from "jose";
import { signHs256, verifyHs256 } from "../src/kernel/hs256.ts";

const key = new TextEncoder().encode("a secret of the tests, long enough for HS256");
const other = new TextEncoder().encode("another secret, never the one that signed");
const now = 1_800_000_000;

const joseToken = (claims: Record<string, unknown>, opts: { exp?: number; aud?: string; alg?: string } = {}) => {
  let t = new SignJWT(claims).setProtectedHeader({ alg: opts.alg ?? "HS256" }).setIssuedAt(now);
  if (opts.exp !== undefined) t = t.setExpirationTime(opts.exp);
  if (opts.aud) t = t.setAudience(opts.aud);
  return t.sign(key);
};
const tamper = (token: string, part: number, payload: unknown) => {
  const parts = token.split(".");
  parts[part] = Buffer.from(JSON.stringify(payload)).toString("base64url");
  return parts.join(".");
};

describe("HS256 tokens (kernel/hs256.ts) against jose", () => {
  it("signs what jose verifies, with the same claims", async () => {
    const token = signHs256({ tid: "t1", uid: 7, dc: ["001"], iat: now, exp: now + 60 }, key);
    const { payload, protectedHeader } = await jwtVerify(token, key, { algorithms: ["HS256"], currentDate: new Date(now * 1000) });
    expect(protectedHeader).toEqual({ alg: "HS256" });
    expect(payload).toEqual({ tid: "t1", uid: 7, dc: ["001"], iat: now, exp: now + 60 });
  });

  it("verifies what jose signs, until it expires", async () => {
    const token = await joseToken({ tid: "t1", uid: 7 }, { exp: now + 60 });
    expect(verifyHs256(token, key, { nowSec: now })).toMatchObject({ tid: "t1", uid: 7, exp: now + 60 });
    expect(verifyHs256(token, key, { nowSec: now + 59 })).not.toBeNull();
    expect(verifyHs256(token, key, { nowSec: now + 60 })).toBeNull();
    await expect(jwtVerify(token, key, { currentDate: new Date((now + 60) * 1000) })).rejects.toThrow();
  });

  it("refuses another key, a changed payload, another alg, alg none, no expiry and malformed tokens", async () => {
    const good = signHs256({ uid: 1, exp: now + 60 }, key);
    expect(verifyHs256(good, other, { nowSec: now })).toBeNull();
    expect(verifyHs256(tamper(good, 1, { uid: 2, exp: now + 60 }), key, { nowSec: now })).toBeNull();
    // A header naming another alg (signed with the right key over that header) and an unsigned token.
    const hs384 = await joseToken({ uid: 1 }, { exp: now + 60, alg: "HS384" });
    expect(verifyHs256(hs384, key, { nowSec: now })).toBeNull();
    const none = `${Buffer.from('{"alg":"none"}').toString("base64url")}.${good.split(".")[1]}.`;
    expect(verifyHs256(none, key, { nowSec: now })).toBeNull();
    expect(verifyHs256(signHs256({ uid: 1 }, key), key, { nowSec: now })).toBeNull();
    for (const bad of ["", "a.b", "a.b.c.d", `${good}x`, good.replace(/\.[^.]+$/, ".+/="), "e30.e30.e30"]) expect(verifyHs256(bad, key, { nowSec: now })).toBeNull();
  });

  it("respects nbf and checks the audience only when one is expected", async () => {
    expect(verifyHs256(signHs256({ nbf: now + 10, exp: now + 60 }, key), key, { nowSec: now })).toBeNull();
    expect(verifyHs256(signHs256({ nbf: now, exp: now + 60 }, key), key, { nowSec: now })).not.toBeNull();
    const member = await joseToken({ mu: 3 }, { exp: now + 60, aud: "member" });
    expect(verifyHs256(member, key, { nowSec: now, audience: "member" })).toMatchObject({ mu: 3, aud: "member" });
    expect(verifyHs256(member, key, { nowSec: now, audience: "staff" })).toBeNull();
    expect(verifyHs256(signHs256({ mu: 3, exp: now + 60 }, key), key, { nowSec: now, audience: "member" })).toBeNull();
    expect(verifyHs256(signHs256({ mu: 3, aud: ["x", "member"], exp: now + 60 }, key), key, { nowSec: now, audience: "member" })).not.toBeNull();
  });
});
