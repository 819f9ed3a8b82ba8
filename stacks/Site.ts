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
  type IOrigin,
} from "aws-cdk-lib/aws-cloudfront";
import { HttpOrigin, OriginGroup } from "aws-cdk-lib/aws-cloudfront-origins";
import { StaticSite, use, type Stack, type StackContext } from "sst/constructs";
import { Routes } from "./Routes.ts";
import { apiOrigin, Web } from "./Web.ts";
import { Storage } from "./Storage.ts";
import { distributionLogs, keepDefaultCertificate, siteFiles } from "./siteBucket.ts";
import { domainConfig, siteDomain } from "./domains.ts";
import { edgeAlarm, edgeProtection } from "./edge/edge.ts";
import { cdnMatches, type CdnPattern } from "./apiRoutes.ts";
import { apiCachePolicy, securityHeadersPolicy } from "./cdn.ts";
import { API_CSP, CONSOLE_CSP, WEBSITE_CSP } from "./securityHeaders.ts";
import { SITE_FILE_PATTERNS, SITE_PAGES, SITE_ROOT_HEADER } from "@xiangyu/functions/content/sitePaths";

/**
 * The public website (site/) on its own CloudFront domain. Locally it is served under /site/,
 * which is what its vite config bakes in; here it sits at the root of its domain, hence --base=/.
 */
/** Run in site/ by StaticSite: a production build (scripts/build.mjs forces NODE_ENV) at the domain's root. */
export const SITE_BUILD = "node ../scripts/build.mjs --force site --base=/";

/**
 * The website's own paths to the API besides its pages (docs/content.md): its public reads under
 * /gateway/. Every other address but the build's files (SITE_FILE_PATHS) is a page of the content
 * Lambda, through the default behaviour.
 */
export const SITE_API_PATHS = ["/gateway/*"] as const;
/** The build's files, from the bucket (content/sitePaths.ts, the local gateway's list too). */
export const SITE_FILE_PATHS = SITE_FILE_PATTERNS.map((p) => `/${p}`);

/**
 * Stored pictures on the website's own domain (docs/content.md "Responsive pictures"): the pages
 * show uploads by their read path, `/uploader/files/<tenant>/<hash>.<ext>` and its copies
 * `….w480.webp` (core/content/pictureVariants.ts), which the API answers with a redirect to the
 * bucket. Read-only like the website's other API paths; keyed on the path alone (the tenant is in it).
 */
export const SITE_UPLOAD_PATHS = ["/uploader/files/*"] as const;

/**
 * The member H5 (issue 34, docs/decisions.md "The member H5") on the website's domain, where the
 * hotel pages' 会员预订 links it (`/m/#/hotel/{id}`): its page from the console's distribution
 * (`/m`, `/m/*`, whose SPA_FALLBACK answers /m/index.html), its hashed files under /assets/ from the
 * website's bucket or, missing there, the console's (an origin group), and the member routes it
 * calls with the member's token (SITE_MEMBER_API_PATHS). The H5 finds its tenant by the host it is
 * opened on, which the website's host is bound to (docs/content.md "Which tenant…").
 */
export const SITE_MEMBER_PATHS = ["/m", "/m/*"] as const;
/**
 * The member routes the H5 calls (web/src/member): signed in with the member's token, some
 * writing (orders, the lottery's draw); never cached, every header but Host forwarded, as on the
 * console's distribution. Its public reads (`/gateway/oauth/tenant`, pages, articles) are the
 * website's own /gateway/* reads.
 */
export const SITE_MEMBER_API_PATHS = ["/xiangyu/api/mp/*", "/goods/api/mp/*", "/gateway/api/lotter/mp/*"] as const;

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
 * The website's pages (docs/content.md "Pages rendered by the content Lambda"): the default
 * behaviour sends every address that is not a file of the build to the API, where the content
 * Lambda serves the pages under /site/. This viewer-request function turns the visitor's address
 * into the route's path as content/sitePaths.ts `sitePagePath` does (`/` → /site/index, a page →
 * /site/<page>, anything else → /site/404, a real 404 page), names the root the visitor sees
 * (x-site-root: /) and copies the website's host into X-Forwarded-Host, as FORWARD_HOST does. The
 * rewrite happens before the cache key is made, so every unknown address shares one cached 404.
 */
export const SITE_PAGE_REQUEST = `var PAGES = ${JSON.stringify(SITE_PAGES)};
function handler(event) {
  var request = event.request;
  request.headers["x-forwarded-host"] = { value: request.headers.host ? request.headers.host.value : "" };
  request.headers["${SITE_ROOT_HEADER}"] = { value: "/" };
  var below = request.uri.slice(1);
  request.uri = below === "" || below === "index.html" ? "/site/index" : PAGES.indexOf(below) >= 0 ? "/site/" + below : "/site/404";
  return request;
}`;

/** Longest a reply may stay at the edge whatever it says; the routes themselves ask 60 s, then stale-while-revalidate. */
export const SITE_API_MAX_TTL_S = 300;

/** Stored pictures (SITE_UPLOAD_PATHS): the API's redirect to the bucket, kept as it says (at most the cap), keyed on the path alone. */
function uploadBehavior(stack: Stack, api: BehaviorOptions): BehaviorOptions {
  return {
    ...api,
    cachePolicy: new CachePolicy(stack, "WebsiteUploadsCache", {
      comment: "Website: stored pictures' redirects, cached by origin headers, keyed on the path",
      minTtl: Duration.seconds(0),
      defaultTtl: Duration.seconds(0),
      maxTtl: Duration.seconds(SITE_API_MAX_TTL_S),
      headerBehavior: CacheHeaderBehavior.none(),
      queryStringBehavior: CacheQueryStringBehavior.none(),
      cookieBehavior: CacheCookieBehavior.none(),
    }),
    functionAssociations: [],
  };
}

/**
 * The member H5 on the website's domain (SITE_MEMBER_PATHS, SITE_MEMBER_API_PATHS): its routes as on
 * the console's distribution (every method, nothing kept, every header but Host); its page from the
 * console's distribution; the hashed files from the website's bucket, else the console's (the H5's
 * scripts and styles are under /assets/ too). An inactive Web stack in a filtered deploy has no
 * distribution: no H5 page then, and the files from the website's bucket alone.
 */
function memberBehaviors(stack: Stack, o: { api: BehaviorOptions; file: BehaviorOptions; files: IOrigin; originFor: (path: string) => IOrigin }) {
  const cache = apiCachePolicy(stack, "WebsiteMemberApiNoCache");
  const api = (path: string): BehaviorOptions => ({
    origin: o.originFor(path),
    viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
    allowedMethods: AllowedMethods.ALLOW_ALL,
    cachePolicy: cache,
    compress: true,
    originRequestPolicy: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
    responseHeadersPolicy: o.api.responseHeadersPolicy,
  });
  const consoleDistribution = use(Web).site.cdk?.distribution;
  const consoleFiles = consoleDistribution && new HttpOrigin(consoleDistribution.distributionDomainName);
  const page: BehaviorOptions | undefined = consoleFiles && {
    origin: consoleFiles,
    viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
    cachePolicy: CachePolicy.CACHING_OPTIMIZED,
    compress: true,
    responseHeadersPolicy: securityHeadersPolicy(stack, "WebsiteMemberHeaders", CONSOLE_CSP),
  };
  const assets: BehaviorOptions = consoleFiles
    ? { ...o.file, origin: new OriginGroup({ primaryOrigin: o.files, fallbackOrigin: consoleFiles, fallbackStatusCodes: [403, 404] }) }
    : o.file;
  return { api, page, assets };
}

/** The API a website path (`/gateway/*`) goes to: the one the console's distribution sends it to, by CloudFront's first matching pattern. */
export const siteApiPart = (patterns: readonly CdnPattern[], sitePath: string) => patterns.find((p) => cdnMatches(p.pattern, sitePath.replace(/\*$/, "")))!.part;

export function Site({ stack }: StackContext) {
  const { apis, patterns } = use(Routes);
  // The website's paths go to the API the console's distribution sends them to (one API holds
  // each prefix; infra-tests check every route under these paths lands there). Its reads (and its
  // pages, the default behaviour) share one API; the pictures' redirects go to theirs, wherever the
  // route plan puts it.
  const apiFor = (sitePath: string) => siteApiPart(patterns, sitePath);
  if (new Set(SITE_API_PATHS.map(apiFor)).size !== 1) throw new Error(`the website's API paths ${SITE_API_PATHS.join(", ")} are served by several APIs`);
  // One origin per API the website's behaviours use.
  const origins = new Map<number, IOrigin>();
  const originOf = (part: number) => origins.get(part) ?? origins.set(part, apiOrigin(stack, apis[part]!, use(Storage).secrets)).get(part)!;
  const forwardHost = new CloudFrontFunction(stack, "WebsiteForwardHost", { code: FunctionCode.fromInline(FORWARD_HOST), runtime: FunctionRuntime.JS_2_0 });
  const api: BehaviorOptions = {
    origin: originOf(apiFor(SITE_API_PATHS[0])),
    viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
    // Reads only: the website writes nothing (the member H5's own routes are theirs, memberBehaviors).
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
      headerBehavior: OriginRequestHeaderBehavior.allowList("CloudFront-Viewer-Address", SITE_ROOT_HEADER),
      queryStringBehavior: OriginRequestQueryStringBehavior.all(),
      cookieBehavior: OriginRequestCookieBehavior.none(),
    }),
    functionAssociations: [{ function: forwardHost, eventType: FunctionEventType.VIEWER_REQUEST }],
    compress: true,
    responseHeadersPolicy: securityHeadersPolicy(stack, "WebsiteApiHeaders", API_CSP),
  };
  // The pages are web pages: the website's CSP, not the API's; their own viewer-request function.
  const pageRequest = new CloudFrontFunction(stack, "WebsitePageRequest", { code: FunctionCode.fromInline(SITE_PAGE_REQUEST), runtime: FunctionRuntime.JS_2_0 });
  const pageHeaders = securityHeadersPolicy(stack, "WebsitePageHeaders", WEBSITE_CSP);
  const page: BehaviorOptions = { ...api, responseHeadersPolicy: pageHeaders, functionAssociations: [{ function: pageRequest, eventType: FunctionEventType.VIEWER_REQUEST }] };

  const files = siteFiles(stack, "WebsiteFiles", use(Storage).logs.bucketName);
  // The build's files as they are (SITE_FILE_OPTIONS decide their Cache-Control); a missing one is the bucket's error.
  const file: BehaviorOptions = {
    origin: files.origin,
    viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
    responseHeadersPolicy: pageHeaders,
    compress: true,
    functionAssociations: [],
  };
  const upload = uploadBehavior(stack, { ...api, origin: originOf(apiFor(SITE_UPLOAD_PATHS[0])) });
  const member = memberBehaviors(stack, { api, file, files: files.origin, originFor: (path) => originOf(apiFor(path)) });
  const fileBehaviors = Object.fromEntries(SITE_FILE_PATHS.map((p) => [p, p === "/assets/*" ? member.assets : file]));

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
        // Every address but the files and the API's is a page (SST's own index.html function replaced).
        defaultBehavior: page,
        // In CloudFront's order, the first match wins: the member routes before the website's /gateway/* reads.
        additionalBehaviors: {
          ...Object.fromEntries(SITE_MEMBER_API_PATHS.map((p) => [p, member.api(p)])),
          "/gateway/*": api,
          ...Object.fromEntries(SITE_UPLOAD_PATHS.map((p) => [p, upload])),
          ...(member.page ? Object.fromEntries(SITE_MEMBER_PATHS.map((p) => [p, member.page])) : {}),
          ...fileBehaviors,
        },
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
