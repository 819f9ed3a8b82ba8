import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, PutObjectCommand } from "@aws-sdk/client-s3";
import { getSignedUrl } from "@aws-sdk/s3-request-presigner";
import { s3Client, s3PublicClient } from "../kernel/aws.ts";
import { config } from "../kernel/config.ts";
import { nowSeconds } from "../kernel/clock.ts";
import { sdkFailure } from "../kernel/errors.ts";
import type { HashAlgorithm } from "./rules.ts";

/** The bucket side of uploads: objects, and URLs signed for the browser (public endpoint). */

export const PUT_EXPIRES_S = 15 * 60;
/** Read URLs are signed at the start of a window so the same file gets the same URL (browser cache) within it. */
const READ_WINDOW_S = 30 * 60;
const READ_EXPIRES_S = 2 * 60 * 60;

/** Size and write time of an object, or null when there is none. */
export async function objectHead(key: string): Promise<{ size: number; lastModified?: Date } | null> {
  try {
    const h = await s3Client().send(new HeadObjectCommand({ Bucket: config.bucket, Key: key }));
    return { size: h.ContentLength ?? 0, lastModified: h.LastModified };
  } catch (e) {
    const f = sdkFailure(e);
    if (f.name === "NotFound" || f.name === "NoSuchKey" || f.$metadata?.httpStatusCode === 404) return null;
    throw e;
  }
}

export async function putObject(key: string, body: Uint8Array, contentType: string, md5Base64: string): Promise<void> {
  // Content-MD5 makes S3 refuse bytes damaged on the way.
  await s3Client().send(new PutObjectCommand({ Bucket: config.bucket, Key: key, Body: body, ContentType: contentType, ContentMD5: md5Base64 }));
}

/** The first `n` bytes of an object (a ranged read: a 50 MB sheet is not fetched to learn its format); null when there is none. */
export async function readHead(key: string, n: number): Promise<Uint8Array | null> {
  try {
    const r = await s3Client().send(new GetObjectCommand({ Bucket: config.bucket, Key: key, Range: `bytes=0-${n - 1}` }));
    return (await r.Body!.transformToByteArray()).subarray(0, n);
  } catch (e) {
    const f = sdkFailure(e);
    if (f.name === "NoSuchKey" || f.name === "NotFound" || f.$metadata?.httpStatusCode === 404) return null;
    throw e;
  }
}

export async function deleteObject(key: string): Promise<void> {
  await s3Client().send(new DeleteObjectCommand({ Bucket: config.bucket, Key: key }));
}

export async function readObject(key: string): Promise<Uint8Array> {
  const r = await s3Client().send(new GetObjectCommand({ Bucket: config.bucket, Key: key }));
  return r.Body!.transformToByteArray();
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
  const digest = o.algorithm === "md5" ? { ContentMD5: o.digestBase64 } : { ChecksumSHA256: o.digestBase64 };
  const command = new PutObjectCommand({ Bucket: config.bucket, Key: key, ContentType: o.contentType, ContentLength: o.size, ...digest });
  const url = await getSignedUrl(s3PublicClient(), command, {
    expiresIn: PUT_EXPIRES_S,
    // The S3 presigner leaves content-type unsigned by default; the checksum header must stay a header, not a query parameter.
    signableHeaders: new Set(["content-type", "content-length"]),
    unhoistableHeaders: new Set(["x-amz-checksum-sha256"]),
  });
  const headers: Record<string, string> = { "Content-Type": o.contentType };
  if (o.algorithm === "md5") headers["Content-MD5"] = o.digestBase64;
  else headers["x-amz-checksum-sha256"] = o.digestBase64;
  return { url, headers };
}

/** A GET URL for the browser and how long a redirect to it may be cached. */
export async function presignGet(key: string, o: { contentType: string; disposition: string }): Promise<{ url: string; maxAge: number }> {
  const now = nowSeconds();
  const windowStart = now - (now % READ_WINDOW_S);
  const url = await getSignedUrl(
    s3PublicClient(),
    new GetObjectCommand({ Bucket: config.bucket, Key: key, ResponseContentType: o.contentType, ResponseContentDisposition: o.disposition }),
    { expiresIn: READ_EXPIRES_S, signingDate: new Date(windowStart * 1000) },
  );
  return { url, maxAge: Math.max(1, windowStart + READ_WINDOW_S - now) };
}
