import { randomBytes, scrypt as scryptCb, timingSafeEqual } from "node:crypto";

/**
 * Password hashes. scrypt at N=2^17, r=8, p=1 (OWASP's scrypt setting; ASVS 2.4.3), written with
 * its parameters so a later cost can be read beside an older one:
 *
 *   scrypt$N=131072,r=8,p=1$<salt base64>$<hash base64>
 *
 * Hashes written before (`scrypt$16384$<salt>$<hash>`, r=8, p=1) still verify, and the sign-in that
 * verifies one writes it again at today's cost (needsRehash).
 */
export type ScryptCost = { N: number; r: number; p: number };
/** What every deployed and local product uses. */
export const OWASP_COST: ScryptCost = { N: 2 ** 17, r: 8, p: 1 };
/**
 * Test runs (vitest.config.ts sets XY_PASSWORD_COST=test, and the product the browser tests start
 * inherits it) hash with the same scrypt at N=2^10: a sign-in then costs ~5 ms of CPU instead of
 * ~0.7 s, which was most of the suite's time on two cores. No stack sets it (infra-tests check).
 */
export const SCRYPT_COST: ScryptCost = process.env.XY_PASSWORD_COST === "test" ? { N: 2 ** 10, r: 8, p: 1 } : OWASP_COST;
const LEN = 32;
const SALT_BYTES = 16;

/** scrypt needs 128·N·r bytes; Node refuses above 32 MiB unless told, so allow twice what the cost needs. */
const maxmem = (c: ScryptCost) => 128 * c.N * c.r * 2;

const scrypt = (pw: string, salt: Buffer, len: number, c: ScryptCost) =>
  new Promise<Buffer>((resolve, reject) => scryptCb(pw, salt, len, { N: c.N, r: c.r, p: c.p, maxmem: maxmem(c) }, (e, key) => (e ? reject(e) : resolve(key))));

type Parsed = { cost: ScryptCost; salt: Buffer; hash: Buffer };

function parse(stored: string): Parsed | null {
  const parts = stored.split("$");
  if (parts[0] !== "scrypt" || parts.length !== 4) return null;
  const [, params, salt, hash] = parts as [string, string, string, string];
  let cost: ScryptCost;
  if (/^\d+$/.test(params))
    cost = { N: Number(params), r: 8, p: 1 }; // the first format: N only
  else {
    const m = /^N=(\d+),r=(\d+),p=(\d+)$/.exec(params);
    if (!m) return null;
    cost = { N: Number(m[1]), r: Number(m[2]), p: Number(m[3]) };
  }
  if (!salt || !hash) return null;
  return { cost, salt: Buffer.from(salt, "base64"), hash: Buffer.from(hash, "base64") };
}

export async function hashPassword(password: string, cost: ScryptCost = SCRYPT_COST): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const hash = await scrypt(password, salt, LEN, cost);
  return `scrypt$N=${cost.N},r=${cost.r},p=${cost.p}$${salt.toString("base64")}$${hash.toString("base64")}`;
}

/** How many hashes were computed, by kind: lets a test see that an unknown user cost a real verify. */
export const passwordChecks = { real: 0, dummy: 0 };

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const p = parse(stored);
  if (!p || p.hash.length === 0) return verifyDummy(password);
  passwordChecks.real++;
  const actual = await scrypt(password, p.salt, p.hash.length, p.cost);
  return timingSafeEqual(p.hash, actual);
}

/** A stored hash made at another cost than today's: rewrite it once the password is known. */
export function needsRehash(stored: string): boolean {
  const p = parse(stored);
  return !p || p.cost.N !== SCRYPT_COST.N || p.cost.r !== SCRYPT_COST.r || p.cost.p !== SCRYPT_COST.p;
}

let dummy: Promise<string> | undefined;

/**
 * The work of a real verify, for a login name that has no account: an unknown user then costs the
 * same time as a wrong password, so the answer's delay does not tell which names exist. The dummy
 * hash (of a random password nobody knows) is made once per container.
 */
export async function verifyDummy(password: string): Promise<false> {
  dummy ??= hashPassword(randomBytes(24).toString("base64"));
  const p = parse(await dummy)!;
  passwordChecks.dummy++;
  const actual = await scrypt(password, p.salt, p.hash.length, p.cost);
  timingSafeEqual(p.hash, actual);
  return false;
}
