import { brotliDecompressSync } from "node:zlib";
import { ReadyReply } from "../http/app.ts";
import { acceptsCoding } from "../http/encodings.ts";
import { namesEtag } from "../http/etag.ts";
import { OPENAPI_BROTLI, OPENAPI_ETAG } from "./served.ts";

/**
 * GET /gateway/openapi.json (the website area: a public read the CDN keeps). The document is
 * written at build time (scripts/openapi.ts) and carried compressed, so the Lambda holds neither
 * every area's schemas nor the whole text. Its ETag is a hash of the text: a revalidation naming it
 * gets 304 and no body, as the adapter does for cached envelopes (http/app.ts `cached`).
 *
 * Cold-start cost (issue 39): a client that takes Brotli — CloudFront does, its cache policies
 * allow it (stacks/cdn.ts, stacks/Site.ts) — gets the carried bytes as they are; any other gets
 * them inflated once per container and sent as bytes (base64), never decoded into a string (the
 * 740 kB of UTF-8 cost more to decode than to inflate). No Response is built (`ReadyReply`).
 */
let inflated: string | undefined;
const plainBase64 = (): string => (inflated ??= brotliDecompressSync(Buffer.from(OPENAPI_BROTLI, "base64")).toString("base64"));

/** The document's text (the tests compare it with the document the tables give). */
export const openApiText = (): string => Buffer.from(plainBase64(), "base64").toString("utf8");

export function openApiResponse(header: (name: string) => string | undefined, cache: { maxAge: number; swr: number } | undefined): ReadyReply {
  const brotli = acceptsCoding(header("accept-encoding"), "br");
  const headers: Record<string, string> = {
    "content-type": "application/json; charset=utf-8",
    "cache-control": cache ? `public, max-age=${cache.maxAge}, stale-while-revalidate=${cache.swr}` : "no-cache",
    // The compressed bytes are another representation of the same text: a weak validator, as CloudFront marks it.
    etag: brotli ? `W/${OPENAPI_ETAG}` : OPENAPI_ETAG,
    vary: "Accept-Encoding",
    "x-content-type-options": "nosniff",
    // Read by the console's API reference on its own origin, and by developers' tools elsewhere.
    "access-control-allow-origin": "*",
    ...(brotli ? { "content-encoding": "br" } : {}),
  };
  if (namesEtag(header("if-none-match"), OPENAPI_ETAG)) return new ReadyReply({ statusCode: 304, headers, body: "" });
  return new ReadyReply({ statusCode: 200, headers, body: brotli ? OPENAPI_BROTLI : plainBase64(), isBase64Encoded: true });
}
