import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import type { IncomingMessage } from "node:http";
import { namesEtag } from "@xiangyu/functions/http/etag";
import { acceptsCoding } from "@xiangyu/functions/http/encodings";

/**
 * What CloudFront does to a reply on the way out, done by the local gateway (docs/content.md
 * "Caching and transfer"): text is compressed when the client accepts it (brotli, else gzip;
 * `Vary: Accept-Encoding`), and a file gets an ETag and a 304 when the client names it.
 * CloudFront compresses objects of 1,000 bytes to 10 MB; so does this.
 */
const MIN_BYTES = 1000;
const MAX_BYTES = 10 * 1024 * 1024;
const TEXT = /^(text\/|application\/(json|javascript|xml|manifest\+json)|image\/svg\+xml)/;

export type Encoding = "br" | "gzip" | undefined;

/** The encoding to answer with, from the request's Accept-Encoding (q=0 refuses one). */
export function acceptedEncoding(req: IncomingMessage): Encoding {
  const header = String(req.headers["accept-encoding"] ?? "");
  return acceptsCoding(header, "br") ? "br" : acceptsCoding(header, "gzip") ? "gzip" : undefined;
}

export const compressible = (type: string | undefined, size: number) => !!type && TEXT.test(type) && size >= MIN_BYTES && size <= MAX_BYTES;

/** Compressed at a level fit for a reply made on demand (brotli 5 is close to 11's size at a fraction of its time). */
export function compress(body: Buffer, encoding: "br" | "gzip"): Buffer {
  return encoding === "br"
    ? brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } })
    : gzipSync(body, { level: 6 });
}

/** Whether the request's If-None-Match names this ETag. */
export const matches = (req: IncomingMessage, etag: string): boolean => namesEtag(String(req.headers["if-none-match"] ?? ""), etag);

/**
 * The body and headers to send for this request: compressed when that pays, with Vary so a
 * cache keeps the two apart. A Content-Encoding the handler already set is left alone.
 */
export function encoded(req: IncomingMessage, headers: Record<string, string | string[]>, body: Buffer | undefined): Buffer | undefined {
  const type = String(headers["content-type"] ?? "");
  if (!body || headers["content-encoding"] || !compressible(type, body.length)) return body;
  const vary = String(headers["vary"] ?? "");
  if (!/accept-encoding/i.test(vary)) headers["vary"] = vary ? `${vary}, Accept-Encoding` : "Accept-Encoding";
  const encoding = acceptedEncoding(req);
  if (!encoding) return body;
  const out = compress(body, encoding);
  headers["content-encoding"] = encoding;
  // A strong ETag names these bytes; the compressed reply is another representation (as CloudFront marks it).
  if (typeof headers["etag"] === "string" && !headers["etag"].startsWith("W/")) headers["etag"] = `W/${headers["etag"]}`;
  return out;
}
