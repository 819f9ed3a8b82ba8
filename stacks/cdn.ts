import { Duration } from "aws-cdk-lib";
import {
  CacheCookieBehavior,
  CacheHeaderBehavior,
  CachePolicy,
  CacheQueryStringBehavior,
  HeadersFrameOption,
  HeadersReferrerPolicy,
  ResponseHeadersPolicy,
} from "aws-cdk-lib/aws-cloudfront";
import type { Construct } from "constructs";
import { HSTS_MAX_AGE_S } from "./securityHeaders.ts";

/**
 * The security headers of one kind of reply (console, website, API) as a CloudFront policy. Each
 * overrides whatever the origin sent, so the headers hold whatever the origin is.
 */
export function securityHeadersPolicy(scope: Construct, id: string, csp: string) {
  return new ResponseHeadersPolicy(scope, id, {
    securityHeadersBehavior: {
      contentSecurityPolicy: { contentSecurityPolicy: csp, override: true },
      contentTypeOptions: { override: true },
      referrerPolicy: { referrerPolicy: HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN, override: true },
      strictTransportSecurity: { accessControlMaxAge: Duration.seconds(HSTS_MAX_AGE_S), includeSubdomains: true, override: true },
      frameOptions: { frameOption: HeadersFrameOption.DENY, override: true },
    },
  });
}

/** The request headers an API reply depends on: a reply is only ever served to the same caller. */
const CALLER_HEADERS = ["Authorization", "functionId", "branchId", "appId"];

/**
 * The API's paths on the console's distribution: nothing is kept (default TTL 0, and at most one
 * second if a reply ever asked for more), but replies are compressed (gzip, Brotli) — which
 * CloudFront does only under a cache policy that allows those encodings, and CloudFront's managed
 * CachingDisabled policy (every TTL 0) does not. The cache key names the caller's headers and the
 * whole query, so even that one second could never hand one caller's reply to another.
 */
export function apiCachePolicy(scope: Construct, id: string) {
  return new CachePolicy(scope, id, {
    comment: "API: no caching, compressed replies, keyed on the caller",
    minTtl: Duration.seconds(0),
    defaultTtl: Duration.seconds(0),
    maxTtl: Duration.seconds(1),
    enableAcceptEncodingGzip: true,
    enableAcceptEncodingBrotli: true,
    headerBehavior: CacheHeaderBehavior.allowList(...CALLER_HEADERS),
    queryStringBehavior: CacheQueryStringBehavior.all(),
    cookieBehavior: CacheCookieBehavior.none(),
  });
}
