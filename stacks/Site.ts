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
  OriginRequestCookieBehavior,
  OriginRequestHeaderBehavior,
  OriginRequestPolicy,
  OriginRequestQueryStringBehavior,
  ViewerProtocolPolicy,
  type BehaviorOptions,
} from "aws-cdk-lib/aws-cloudfront";
import { StaticSite, use, type StackContext } from "sst/constructs";
import { Routes } from "./Routes.ts";
import { Storage } from "./Storage.ts";
import { distributionLogs, keepDefaultCertificate, siteFiles } from "./siteBucket.ts";
import { domainConfig, siteDomain } from "./domains.ts";
import { edgeAlarm, edgeProtection } from "./edge/edge.ts";
import { apiOrigin } from "./Web.ts";
import { cdnMatches } from "./apiRoutes.ts";
import { securityHeadersPolicy } from "./cdn.ts";
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

/**
 * Cache-Control of the website's files in the bucket (docs/decisions.md "Website caching"). SST
 * puts its own rules first (every `*.js`/`*.css` immutable for a year) and the last matching rule
 * wins, so these two decide every file: the hashed build output under assets/ is immutable; all
 * else — index.html, the stable entry app.js/app.css the content Lambda's detail page links, the
 * manifest, the public pictures — is revalidated on every use (ETag, 304).
 */
export const SITE_FILE_OPTIONS = [
  { files: "**", cacheControl: "public,max-age=0,no-cache" },
  { files: "assets/**", cacheControl: "public,max-age=31536000,immutable" },
];

/**
 * The website's client routes (/, /information/list, /information/infoview, …) are answered with
 * index.html by this viewer-request function, in place of SST's default "403/404 → /index.html
 * with 200" error pages, which applied to the whole distribution and turned the content Lambda's
 * real 404 detail pages into soft 404s. A path whose last segment has a dot is a file.
 */
export const SITE_SPA_FALLBACK = `function handler(event) {
  var request = event.request;
  var last = request.uri.split("/").pop();
  if (last.indexOf(".") === -1) request.uri = "/index.html";
  return request;
}`;

/** Longest a reply may stay at the edge whatever it says; the routes themselves ask 60 s, then stale-while-revalidate. */
export const SITE_API_MAX_TTL_S = 300;

export function Site({ stack }: StackContext) {
  const { apis, patterns } = use(Routes);
  // The website's paths go to the API the console's distribution sends them to (one API holds
  // each prefix; infra-tests check every route under these paths lands there).
  const apiFor = (sitePath: string) => patterns.find((p) => cdnMatches(p.pattern, sitePath.replace(/\*$/, "")))!.part;
  if (new Set(SITE_API_PATHS.map(apiFor)).size !== 1) throw new Error(`the website's API paths ${SITE_API_PATHS.join(", ")} are served by several APIs`);
  const forwardHost = new CloudFrontFunction(stack, "WebsiteForwardHost", { code: FunctionCode.fromInline(FORWARD_HOST), runtime: FunctionRuntime.JS_2_0 });
  const api: BehaviorOptions = {
    origin: apiOrigin(stack, apis[apiFor(SITE_API_PATHS[0])]!, use(Storage).secrets),
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

  const spaFallback = new CloudFrontFunction(stack, "WebsiteSpaFallback", { code: FunctionCode.fromInline(SITE_SPA_FALLBACK), runtime: FunctionRuntime.JS_2_0 });
  const files = siteFiles(stack, "WebsiteFiles", use(Storage).logs.bucketName);
  const domains = domainConfig("website", process.env);
  const { customDomain, tls } = siteDomain(stack, "website", domains);
  // AWS WAF in front of the website and its public reads (stacks/edge: in us-east-1, CloudFront's region).
  const { webAclArn } = edgeProtection(stack, { site: "website" });
  const site = new StaticSite(stack, "Website", {
    path: "site",
    customDomain,
    buildCommand: SITE_BUILD,
    buildOutput: "dist",
    vite: { types: "../.sst/types/site-env.d.ts" },
    assets: { fileOptions: SITE_FILE_OPTIONS },
    cdk: {
      bucket: files.bucket,
      distribution: {
        errorResponses: [],
        webAclId: webAclArn,
        ...tls,
        ...distributionLogs(files.logs, "website"),
        defaultBehavior: {
          origin: files.origin,
          functionAssociations: [{ function: spaFallback, eventType: FunctionEventType.VIEWER_REQUEST }],
          responseHeadersPolicy: securityHeadersPolicy(stack, "WebsiteHeaders", WEBSITE_CSP),
          compress: true,
        },
        additionalBehaviors: { "/gateway/*": api, "/information/view*": page },
      },
    },
  });
  if (site.cdk?.distribution && !domains) keepDefaultCertificate(site.cdk.distribution);
  const edge = site.cdk?.distribution && edgeAlarm(stack, { distributionId: site.cdk.distribution.distributionId, site: "website" });
  if (edge) stack.addOutputs({ EdgeAlarmTopic: edge.topicArn });
  // An inactive stack (sst remove, or a deploy filtered to other stacks) has no URL.
  if (site.url) stack.addOutputs({ WebsiteUrl: site.url });
  return { site };
}
