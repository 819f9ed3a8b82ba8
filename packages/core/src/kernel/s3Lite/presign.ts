import { presignedQuery, queryString, type Credentials } from "../sigv4.ts";
import { objectAddress, urlOf, type BucketPlace } from "./address.ts";

/**
 * URLs signed in their query for the browser, exactly as the SDK's `getSignedUrl` writes them with
 * the options files/storage.ts gave it (s3LiteSigning.test.ts compares them): the payload left
 * unsigned (X-Amz-Content-Sha256=UNSIGNED-PAYLOAD), `x-id` naming the operation.
 */
type Signer = BucketPlace & { credentials: Credentials };

function presign(s: Signer, key: string, o: { method: string; headers: Record<string, string>; query: Record<string, string>; expiresIn: number; at: Date }): string {
  const address = objectAddress(s, key);
  const query = presignedQuery({
    method: o.method,
    host: address.host,
    path: address.path,
    query: { "X-Amz-Content-Sha256": "UNSIGNED-PAYLOAD", ...o.query },
    headers: o.headers,
    payloadHash: "UNSIGNED-PAYLOAD",
    region: s.region,
    service: "s3",
    credentials: s.credentials,
    at: o.at,
    expiresIn: o.expiresIn,
  });
  return urlOf(address, queryString(query)).href;
}

/** The digest S3 checks the bytes against: Content-MD5, or the SHA-256 checksum header. */
export type PutDigest = { contentMd5: string } | { checksumSha256: string };

/**
 * A PUT bound to its type, exact length and digest: these are signed headers (the checksum stays a
 * header, not a query parameter anyone could drop), so S3 refuses a request that differs in any.
 */
export function presignPut(s: Signer, key: string, o: { contentType: string; size: number; digest: PutDigest; expiresIn: number; at?: Date }): string {
  const headers: Record<string, string> = { "content-type": o.contentType, "content-length": String(o.size) };
  if ("contentMd5" in o.digest) headers["content-md5"] = o.digest.contentMd5;
  else headers["x-amz-checksum-sha256"] = o.digest.checksumSha256;
  return presign(s, key, { method: "PUT", headers, query: { "x-id": "PutObject" }, expiresIn: o.expiresIn, at: o.at ?? new Date() });
}

/** A GET whose answer carries the type and disposition asked (S3's response-* parameters). */
export function presignGet(s: Signer, key: string, o: { contentType?: string; disposition?: string; expiresIn: number; at?: Date }): string {
  const query: Record<string, string> = { "x-id": "GetObject" };
  if (o.contentType !== undefined) query["response-content-type"] = o.contentType;
  if (o.disposition !== undefined) query["response-content-disposition"] = o.disposition;
  return presign(s, key, { method: "GET", headers: {}, query, expiresIn: o.expiresIn, at: o.at ?? new Date() });
}
