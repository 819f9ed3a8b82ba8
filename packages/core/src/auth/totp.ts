import { createHmac, randomBytes } from "node:crypto";

/**
 * TOTP (RFC 6238 over RFC 4226's HOTP): HMAC-SHA1, 6 digits, 30-second steps — what every
 * authenticator app reads from an otpauth:// URI. Written here with node:crypto (a few lines) rather
 * than taking a library; pure, so the rules are tested without a table.
 */
export const STEP_SECONDS = 30;
export const DIGITS = 6;
/** Steps accepted either side of now: a phone's clock a little off, a code typed as it turned. */
export const DRIFT_STEPS = 1;

const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

export function base32Encode(bytes: Uint8Array): string {
  let bits = 0;
  let value = 0;
  let out = "";
  for (const b of bytes) {
    value = (value << 8) | b;
    bits += 8;
    while (bits >= 5) {
      out += ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += ALPHABET[(value << (5 - bits)) & 31];
  return out;
}

export function base32Decode(s: string): Buffer {
  const clean = s.toUpperCase().replace(/[\s=-]/g, "");
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const c of clean) {
    const i = ALPHABET.indexOf(c);
    if (i < 0) throw new Error("not base32");
    value = (value << 5) | i;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

/** A new shared secret: 20 random bytes (RFC 4226's recommended length), base32. */
export const newSecret = (): string => base32Encode(randomBytes(20));

/** RFC 4226 HOTP value of `counter`. */
export function hotp(secret: string, counter: number): string {
  const msg = Buffer.alloc(8);
  msg.writeBigUInt64BE(BigInt(counter));
  const h = createHmac("sha1", base32Decode(secret)).update(msg).digest();
  const off = h[h.length - 1]! & 15;
  const n = ((h[off]! & 127) << 24) | (h[off + 1]! << 16) | (h[off + 2]! << 8) | h[off + 3]!;
  return String(n % 10 ** DIGITS).padStart(DIGITS, "0");
}

export const stepAt = (ms: number): number => Math.floor(ms / 1000 / STEP_SECONDS);

/** The code for a time (ms). */
export const totpAt = (secret: string, ms: number): string => hotp(secret, stepAt(ms));

/**
 * The step a typed code matches within the drift window, or null. The caller accepts it only when
 * it is later than the last step used (a code is good once), so the step is what it stores.
 */
export function matchStep(secret: string, code: string, ms: number): number | null {
  const typed = code.replace(/\s/g, "");
  if (!/^\d{6}$/.test(typed)) return null;
  const now = stepAt(ms);
  for (let d = -DRIFT_STEPS; d <= DRIFT_STEPS; d++) if (hotp(secret, now + d) === typed) return now + d;
  return null;
}

/** The URI an authenticator app reads (Key URI Format): issuer and account shown in the app. */
export const otpauthUri = (secret: string, issuer: string, account: string): string =>
  `otpauth://totp/${encodeURIComponent(`${issuer}:${account}`)}?secret=${secret}&issuer=${encodeURIComponent(issuer)}&algorithm=SHA1&digits=${DIGITS}&period=${STEP_SECONDS}`;

/** Ten one-time recovery codes, `xxxxx-xxxxx` (50 random bits each), shown once and stored hashed. */
export const RECOVERY_CODES = 10;
export const newRecoveryCodes = (): string[] =>
  Array.from({ length: RECOVERY_CODES }, () => {
    const s = base32Encode(randomBytes(7)).slice(0, 10).toLowerCase();
    return `${s.slice(0, 5)}-${s.slice(5)}`;
  });
/** How a recovery code is recognised whatever the case and dashes typed. */
export const normalRecovery = (s: string): string => s.toLowerCase().replace(/[\s-]/g, "");
export const isRecoveryShape = (s: string): boolean => /^[a-z2-7]{10}$/.test(normalRecovery(s));
