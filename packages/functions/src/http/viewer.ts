import { timingSafeEqual } from "node:crypto";
import type { ApiEvent } from "./event.ts";

/** Added by CloudFront to every API request it forwards (stacks/Web.ts); its value is the stage's origin secret. */
export const ORIGIN_HEADER = "x-xy-origin";
/** CloudFront's own header naming the viewer: "ip:port" (IPv6 unbracketed, the port after the last colon). */
export const VIEWER_HEADER = "cloudfront-viewer-address";

const same = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/**
 * Whether the request came through the stage's CloudFront: it carries the origin secret the
 * distribution adds (constant-time compare). Always so when no secret is configured (one machine,
 * the tests), where the local gateway is the edge. The adapter refuses any other request.
 */
export function fromOrigin(event: ApiEvent, originSecret: string | undefined): boolean {
  if (!originSecret) return true;
  const sent = event.headers?.[ORIGIN_HEADER];
  return !!sent && same(sent, originSecret);
}

/**
 * The address of the person calling, for the per-address sign-in limit and the log. Behind
 * CloudFront, API Gateway's `sourceIp` is the edge, shared by many viewers, so the viewer's own
 * address comes from CloudFront's header — but only when the request also carries the origin
 * secret, so a caller going around CloudFront straight to API Gateway cannot choose its address.
 */
export function viewerAddress(event: ApiEvent, originSecret: string | undefined): string {
  const source = event.requestContext?.http?.sourceIp ?? "";
  const headers = event.headers ?? {};
  const sent = headers[ORIGIN_HEADER];
  const viewer = headers[VIEWER_HEADER];
  if (!originSecret || !sent || !viewer || !same(sent, originSecret)) return source;
  const colon = viewer.lastIndexOf(":");
  const address = colon > 0 ? viewer.slice(0, colon) : viewer;
  // Only an address's own characters: anything else is not CloudFront's header.
  return /^[0-9a-fA-F.:]{2,45}$/.test(address) ? address : source;
}
