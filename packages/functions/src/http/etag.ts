import { createHash } from "node:crypto";

/**
 * Validators, one way for every reply that has one: the API's cacheable JSON (app.ts), the website's
 * pages (content/sitePage.ts) and the local gateway's files (packages/local twin/transfer.ts).
 */

/** A strong validator of a reply's bytes: their hash. */
export const etagOf = (body: string | Buffer): string => `"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`;

/** Whether an If-None-Match header names this ETag (weak or strong, or `*`). */
export const namesEtag = (ifNoneMatch: string | undefined, etag: string): boolean =>
  (ifNoneMatch ?? "").split(",").some((t) => {
    const tag = t.trim();
    return tag === "*" || tag.replace(/^W\//, "") === etag;
  });
