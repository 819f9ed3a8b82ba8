import { brotliDecompressSync } from "node:zlib";
import { OPENAPI_BROTLI, OPENAPI_ETAG } from "./served.ts";

/**
 * GET /gateway/openapi.json (the website area: a public read the CDN keeps). The document is
 * written at build time (scripts/openapi.ts) and carried compressed, so the Lambda holds neither
 * every area's schemas nor the whole text; it is inflated once per container. Its ETag is a hash
 * of the text: a revalidation naming it gets 304 and no body, as the adapter does for cached
 * envelopes (http/app.ts `cached`).
 */
let text: string | undefined;
export const openApiText = (): string => (text ??= brotliDecompressSync(Buffer.from(OPENAPI_BROTLI, "base64")).toString("utf8"));

export function openApiResponse(ifNoneMatch: string | undefined, cache: { maxAge: number; swr: number } | undefined): Response {
  const headers = {
    "content-type": "application/json; charset=utf-8",
    "cache-control": cache ? `public, max-age=${cache.maxAge}, stale-while-revalidate=${cache.swr}` : "no-cache",
    etag: OPENAPI_ETAG,
    "x-content-type-options": "nosniff",
    // Read by the console's API reference on its own origin, and by developers' tools elsewhere.
    "access-control-allow-origin": "*",
  };
  const named = (ifNoneMatch ?? "").split(",").map((t) => t.trim().replace(/^W\//, ""));
  if (named.includes(OPENAPI_ETAG) || named.includes("*")) return new Response(null, { status: 304, headers });
  return new Response(openApiText(), { status: 200, headers });
}
