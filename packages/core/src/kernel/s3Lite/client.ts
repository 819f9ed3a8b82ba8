import type { IncomingMessage } from "node:http";
import { sha256Hex, signedHeaders, type Credentials } from "../sigv4.ts";
import { bodyOf, headersOf, httpRequest } from "../dynamoLite/transport.ts";
import { objectAddress, urlOf, type BucketPlace } from "./address.ts";
import { errorOf, isMissing, isRetryable, isThrottling, S3LiteError } from "./errors.ts";
import { presignGet, presignPut, type PutDigest } from "./presign.ts";
import { withRetries, type RetryVerdict } from "../retries.ts";

/**
 * A small S3 client over Node's http(s), for the object calls the code makes
 * (files/storage.ts, clients/import): a Lambda that uses it loads no AWS SDK at cold start
 * (docs/decisions.md, "A small S3 client"). One client is one bucket. Calls are signed with
 * SigV4 headers (the payload's SHA-256 in x-amz-content-sha256); a failed call is tried again as
 * the small DynamoDB client does (3 attempts, jittered pauses, longer after SlowDown).
 */
type S3LiteOptions = BucketPlace & {
  /** Read at each call: Lambda's environment variables, or the local twin's fixed pair. */
  credentials: () => Credentials;
  maxAttempts?: number;
};

type Request = { method: string; key: string; headers?: Record<string, string>; body?: Uint8Array | string };

export class S3Lite {
  constructor(private readonly options: S3LiteOptions) {}

  /** Size and write time of an object, or null when there is none. */
  async headObject(key: string): Promise<{ size: number; lastModified?: Date; contentType?: string } | null> {
    try {
      const res = await this.send({ method: "HEAD", key });
      res.resume();
      const h = headersOf(res);
      return { size: Number(h["content-length"] ?? 0), lastModified: h["last-modified"] ? new Date(h["last-modified"]) : undefined, contentType: h["content-type"] };
    } catch (e) {
      if (isMissing(e)) return null;
      throw e;
    }
  }

  /** Stores `body`; with `contentMd5`, S3 refuses bytes damaged on the way. */
  async putObject(key: string, body: Uint8Array | string, o: { contentType: string; contentMd5?: string }): Promise<void> {
    const headers: Record<string, string> = { "content-type": o.contentType };
    if (o.contentMd5) headers["content-md5"] = o.contentMd5;
    (await this.send({ method: "PUT", key, headers, body })).resume();
  }

  /** The object's bytes, or those of `range` ("bytes=0-99"); throws S3LiteError NoSuchKey (404) when there is none. */
  async getObject(key: string, o: { range?: string } = {}): Promise<Buffer> {
    return bodyOf(await this.getObjectStream(key, o));
  }

  /** The object's bytes as they arrive (a large sheet is parsed while it downloads). */
  getObjectStream(key: string, o: { range?: string } = {}): Promise<IncomingMessage> {
    return this.send({ method: "GET", key, headers: o.range ? { range: o.range } : {} });
  }

  async deleteObject(key: string): Promise<void> {
    (await this.send({ method: "DELETE", key })).resume();
  }

  presignPut(key: string, o: { contentType: string; size: number; digest: PutDigest; expiresIn: number; at?: Date }): string {
    return presignPut({ ...this.options, credentials: this.options.credentials() }, key, o);
  }

  presignGet(key: string, o: { contentType?: string; disposition?: string; expiresIn: number; at?: Date }): string {
    return presignGet({ ...this.options, credentials: this.options.credentials() }, key, o);
  }

  /** One call, tried up to maxAttempts times; answers the response as it starts (2xx only). */
  private send(r: Request): Promise<IncomingMessage> {
    // A network failure (a reset connection, a refused one, a kept-alive socket S3 closed) is tried again like a 5xx.
    const verdict = (e: unknown): RetryVerdict => (!(e instanceof S3LiteError) ? "again" : !isRetryable(e) ? "stop" : isThrottling(e) ? "throttled" : "again");
    return withRetries(this.options.maxAttempts ?? 3, verdict, () => this.once(r));
  }

  private async once(r: Request): Promise<IncomingMessage> {
    const address = objectAddress(this.options, r.key);
    const payloadHash = sha256Hex(r.body ?? "");
    const headers = signedHeaders({
      method: r.method,
      host: address.host,
      path: address.path,
      headers: { ...r.headers, "x-amz-content-sha256": payloadHash },
      payloadHash,
      region: this.options.region,
      service: "s3",
      credentials: this.options.credentials(),
      at: new Date(),
    });
    const res = await httpRequest(urlOf(address), { method: r.method, headers, body: r.body });
    const status = res.statusCode ?? 0;
    if (status >= 200 && status < 300) return res;
    throw errorOf(status, (await bodyOf(res)).toString("utf8"), headersOf(res)["x-amz-request-id"]);
  }
}
