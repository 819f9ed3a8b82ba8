import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import { secrets } from "../kernel/config.ts";

/**
 * Secrets that must be shown again (membership account passwords): AES-256-GCM with the key from
 * configuration (XY_DATA_KEY, 32 bytes hex). Only the server holds the key; the console asks the
 * reveal route, which checks the right and is logged (docs/architecture.md).
 * Sealed text: "v1." + base64url(iv ‖ tag ‖ ciphertext). The tenant is bound as associated data,
 * so a sealed value copied into another tenant does not open.
 */
const VERSION = "v1.";

/** Read when the module loads (cold start: SSM in the cloud, the environment on one machine), so seal and open stay synchronous. */
const configured = await secrets();

function key(): Buffer {
  const k = Buffer.from(configured.dataKey, "hex");
  if (k.length !== 32) throw new Error("XY_DATA_KEY must be 32 bytes of hex");
  return k;
}

export function seal(plain: string, tenantId: string): string {
  if (!plain) return "";
  const iv = randomBytes(12);
  const c = createCipheriv("aes-256-gcm", key(), iv);
  c.setAAD(Buffer.from(tenantId));
  const body = Buffer.concat([c.update(plain, "utf8"), c.final()]);
  return VERSION + Buffer.concat([iv, c.getAuthTag(), body]).toString("base64url");
}

export function open(sealed: string, tenantId: string): string {
  if (!sealed) return "";
  if (!sealed.startsWith(VERSION)) throw new Error("unknown sealed format");
  const raw = Buffer.from(sealed.slice(VERSION.length), "base64url");
  const d = createDecipheriv("aes-256-gcm", key(), raw.subarray(0, 12));
  d.setAAD(Buffer.from(tenantId));
  d.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([d.update(raw.subarray(28)), d.final()]).toString("utf8");
}
