import { bucket, browserBucket } from "../kernel/aws.ts";
import { nowSeconds } from "../kernel/clock.ts";
import { isMissing } from "../kernel/s3Lite/errors.ts";
import type { HashAlgorithm } from "./rules.ts";

/** The bucket side of uploads: objects, and URLs signed for the browser (public endpoint). */

export const PUT_EXPIRES_S = 15 * 60;
/** Read URLs are signed at the start of a window so the same file gets the same URL (browser cache) within it. */
const READ_WINDOW_S = 30 * 60;
const READ_EXPIRES_S = 2 * 60 * 60;

/** Size and write time of an object, or null when there is none. */
export async function objectHead(key: string): Promise<{ size: number; lastModified?: Date } | null> {
  const h = await bucket().headObject(key);
  return h && { size: h.size, lastModified: h.lastModified };
}

export async function putObject(key: string, body: Uint8Array, contentType: string, md5Base64: string): Promise<void> {
  // Content-MD5 makes S3 refuse bytes damaged on the way.
  await bucket().putObject(key, body, { contentType, contentMd5: md5Base64 });
}

/** The first `n` bytes of an object (a ranged read: a 50 MB sheet is not fetched to learn its format); null when there is none. */
export async function readHead(key: string, n: number): Promise<Uint8Array | null> {
  try {
    return (await bucket().getObject(key, { range: `bytes=0-${n - 1}` })).subarray(0, n);
  } catch (e) {
    if (isMissing(e)) return null;
    throw e;
  }
}

export async function deleteObject(key: string): Promise<void> {
  await bucket().deleteObject(key);
}

export async function readObject(key: string): Promise<Uint8Array> {
  return bucket().getObject(key);
}

/**
 * A PUT URL bound to the type, the exact size and the content digest: S3 refuses other bytes, so a
 * client cannot claim one hash and store another file under it (which would poison the dedupe).
 * The client must send back `headers` as given.
 */
export async function presignPut(
  key: string,
  o: { contentType: string; size: number; algorithm: HashAlgorithm; digestBase64: string },
): Promise<{ url: string; headers: Record<string, string> }> {
  const digest = o.algorithm === "md5" ? { contentMd5: o.digestBase64 } : { checksumSha256: o.digestBase64 };
  const url = browserBucket().presignPut(key, { contentType: o.contentType, size: o.size, digest, expiresIn: PUT_EXPIRES_S });
  const headers: Record<string, string> = { "Content-Type": o.contentType };
  if (o.algorithm === "md5") headers["Content-MD5"] = o.digestBase64;
  else headers["x-amz-checksum-sha256"] = o.digestBase64;
  return { url, headers };
}

/** A GET URL for the browser and how long a redirect to it may be cached. */
export async function presignGet(key: string, o: { contentType: string; disposition: string }): Promise<{ url: string; maxAge: number }> {
  const now = nowSeconds();
  const windowStart = now - (now % READ_WINDOW_S);
  const url = browserBucket().presignGet(key, { contentType: o.contentType, disposition: o.disposition, expiresIn: READ_EXPIRES_S, at: new Date(windowStart * 1000) });
  return { url, maxAge: Math.max(1, windowStart + READ_WINDOW_S - now) };
}
