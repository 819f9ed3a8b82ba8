import { Duration } from "aws-cdk-lib";
import {
  AllowedMethods,
  CachePolicy,
  CacheHeaderBehavior,
  CacheQueryStringBehavior,
  CacheCookieBehavior,
  Function as CloudFrontFunction,
  FunctionCode,
  FunctionEventType,
  FunctionRuntime,
  OriginProtocolPolicy,
  OriginRequestCookieBehavior,
  OriginRequestHeaderBehavior,
  OriginRequestPolicy,
  OriginRequestQueryStringBehavior,
  ViewerProtocolPolicy,
  type BehaviorOptions,
} from "aws-cdk-lib/aws-cloudfront";
import { HttpOrigin } from "aws-cdk-lib/aws-cloudfront-origins";
import { StaticSite, use, type StackContext } from "sst/constructs";
import { ORIGIN_HEADER } from "@xiangyu/functions/http/viewer";
import { Api } from "./Api.ts";
import { securityHeadersPolicy } from "./cdn.ts";
import { originSecretReference } from "./secrets.ts";
import { API_CSP, WEBSITE_CSP } from "./securityHeaders.ts";

/**
 * The public website (site/) on its own CloudFront domain. Locally it is served under /site/,
 * which is what its vite config bakes in; here it sits at the root of its domain, hence --base=/.
 */
/** Run in site/ by StaticSite: a production build (scripts/build.mjs forces NODE_ENV) at the domain's root. */
export const SITE_BUILD = "node ../scripts/build.mjs --force site --base=/";

/**
 * The website's own paths to the API (docs/content.md): its public reads under /gateway/ and the
 * detail page rendered by the content Lambda for visitors without JavaScript.
 */
export const SITE_API_PATHS = ["/gateway/*", "/information/view*"] as const;

/**
 * The website's host travels to the API as X-Forwarded-Host (API Gateway needs its own Host): the
 * content Lambda finds the tenant by it when a call names no `domain`, and the cache key holds it,
 * so one tenant's reply is never served on another tenant's website.
 */
const FORWARD_HOST = `function handler(event) {
  var request = event.request;
  request.headers["x-forwarded-host"] = { value: request.headers.host ? request.headers.host.value : "" };
  return request;
}`;

/** Longest a reply may stay at the edge whatever it says; the routes themselves ask 60 s, then stale-while-revalidate. */
export const SITE_API_MAX_TTL_S = 300;

export function Site({ stack }: StackContext) {
  const { http } = use(Api);
  const forwardHost = new CloudFrontFunction(stack, "WebsiteForwardHost", { code: FunctionCode.fromInline(FORWARD_HOST), runtime: FunctionRuntime.JS_2_0 });
  const api: BehaviorOptions = {
    origin: new HttpOrigin(`${http.apiId}.execute-api.${stack.region}.${stack.urlSuffix}`, {
      protocolPolicy: OriginProtocolPolicy.HTTPS_ONLY,
      readTimeout: Duration.seconds(30),
      customHeaders: { [ORIGIN_HEADER]: originSecretReference(stack.stage) },
    }),
    viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
    // Reads only: nothing can be written through the public website's domain.
    allowedMethods: AllowedMethods.ALLOW_GET_HEAD_OPTIONS,
    // Cached as the origin says (Cache-Control, ETag; the API answers 304 itself), keyed on the whole
    // query (functionId, id, page, domain) and the website's host; no cookie, no Authorization.
    cachePolicy: new CachePolicy(stack, "WebsiteApiCache", {
      comment: "Website API reads: cached by origin headers, keyed on query and host",
      minTtl: Duration.seconds(0),
      defaultTtl: Duration.seconds(0),
      maxTtl: Duration.seconds(SITE_API_MAX_TTL_S),
      enableAcceptEncodingGzip: true,
      enableAcceptEncodingBrotli: true,
      headerBehavior: CacheHeaderBehavior.allowList("x-forwarded-host"),
      queryStringBehavior: CacheQueryStringBehavior.all(),
      cookieBehavior: CacheCookieBehavior.none(),
    }),
    // What the origin gets besides the cache key: CloudFront's viewer address (the API's per-address checks).
    originRequestPolicy: new OriginRequestPolicy(stack, "WebsiteApiOrigin", {
      comment: "Website API reads: query, host and viewer address, no cookies",
      headerBehavior: OriginRequestHeaderBehavior.allowList("CloudFront-Viewer-Address"),
      queryStringBehavior: OriginRequestQueryStringBehavior.all(),
      cookieBehavior: OriginRequestCookieBehavior.none(),
    }),
    functionAssociations: [{ function: forwardHost, eventType: FunctionEventType.VIEWER_REQUEST }],
    compress: true,
    responseHeadersPolicy: securityHeadersPolicy(stack, "WebsiteApiHeaders", API_CSP),
  };
  // The detail page is a web page: the website's CSP, not the API's.
  const page: BehaviorOptions = { ...api, responseHeadersPolicy: securityHeadersPolicy(stack, "WebsitePageHeaders", WEBSITE_CSP) };

  const site = new StaticSite(stack, "Website", {
    path: "site",
    buildCommand: SITE_BUILD,
    buildOutput: "dist",
    vite: { types: "../.sst/types/site-env.d.ts" },
    cdk: {
      distribution: {
        defaultBehavior: { responseHeadersPolicy: securityHeadersPolicy(stack, "WebsiteHeaders", WEBSITE_CSP), compress: true },
        additionalBehaviors: { "/gateway/*": api, "/information/view*": page },
      },
    },
  });
  // An inactive stack (sst remove, or a deploy filtered to other stacks) has no URL.
  if (site.url) stack.addOutputs({ WebsiteUrl: site.url });
  return { site };
}
