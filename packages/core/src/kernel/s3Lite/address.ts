import { uriEscape } from "../sigv4.ts";

/**
 * Where an object is, as the S3 SDK addresses it: with a configured endpoint (the local twin)
 * path-style, `endpoint/bucket/key`; on AWS virtual-hosted, `https://<bucket>.s3.<region>.amazonaws.com/key`.
 * The key's segments are encoded once each, `/` kept: the path sent is S3's canonical URI too.
 */
export type BucketPlace = { endpoint?: string; region: string; bucket: string };
type ObjectAddress = { origin: string; host: string; path: string };

const encodeKey = (key: string) => key.split("/").map(uriEscape).join("/");

export function objectAddress(place: BucketPlace, key: string): ObjectAddress {
  if (!place.endpoint) {
    const host = `${place.bucket}.s3.${place.region}.amazonaws.com`;
    return { origin: `https://${host}`, host, path: `/${encodeKey(key)}` };
  }
  const base = new URL(place.endpoint);
  const prefix = base.pathname.replace(/\/$/, "");
  return { origin: base.origin, host: base.host, path: `${prefix}/${uriEscape(place.bucket)}/${encodeKey(key)}` };
}

/** The address as a URL, with a query already encoded (or none). */
export const urlOf = (a: ObjectAddress, query = "") => new URL(`${a.origin}${a.path}${query ? `?${query}` : ""}`);
