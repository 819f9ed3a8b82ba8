import { Duration } from "aws-cdk-lib";
import {
  AllowedMethods,
  Function as CloudFrontFunction,
  FunctionCode,
  FunctionEventType,
  FunctionRuntime,
  OriginProtocolPolicy,
  OriginRequestPolicy,
  ViewerProtocolPolicy,
  type BehaviorOptions,
} from "aws-cdk-lib/aws-cloudfront";
import { HttpOrigin } from "aws-cdk-lib/aws-cloudfront-origins";
import { StaticSite, use, type StackContext } from "sst/constructs";
import type { HttpApi } from "aws-cdk-lib/aws-apigatewayv2";
import type { Stack } from "sst/constructs";
import { Routes } from "./Routes.ts";
import { Storage } from "./Storage.ts";
import { distributionLogs, keepDefaultCertificate, siteFiles } from "./siteBucket.ts";
import { domainConfig, siteDomain, siteOrigins } from "./domains.ts";
import { edgeAlarm, edgeProtection } from "./edge/edge.ts";
import { apiCachePolicy, securityHeadersPolicy } from "./cdn.ts";
import { API_CSP, CONSOLE_CSP } from "./securityHeaders.ts";
import { uploadsCorsForConsole } from "./uploadsCors.ts";
import { originSecretReference, type StageSecrets } from "./secrets.ts";
import { ORIGIN_HEADER } from "@xiangyu/functions/http/viewer";

/**
 * Pages without a file extension are console routes: answer them with the SPA's index.html, and
 * under /m/ with the member H5's (m/index.html, issue 34). Done per request on the console's
 * behavior only — CloudFront's error pages would apply to the whole distribution and turn the
 * API's 401/403 answers into index.html.
 */
export const SPA_FALLBACK = `function handler(event) {
  var request = event.request;
  var last = request.uri.split("/").pop();
  if (last.indexOf(".") === -1) request.uri = request.uri === "/m" || request.uri.indexOf("/m/") === 0 ? "/m/index.html" : "/index.html";
  return request;
}`;

/**
 * Run in web/ by StaticSite: the console's production build. scripts/build.mjs sets
 * NODE_ENV=production itself, so a deploy from a shell or a test with another NODE_ENV still
 * ships React's production build.
 */
export const CONSOLE_BUILD = "node ../scripts/build.mjs --force web";

/**
 * One of the stage's HTTP APIs as a CloudFront origin. The origin secret proves to the API that
 * the request came through CloudFront: without it the adapter refuses the request, and with it
 * the API may trust CloudFront-Viewer-Address for the caller's address (functions' http/viewer.ts).
 */
export const apiOrigin = (stack: Stack, http: HttpApi, secrets: StageSecrets) =>
  new HttpOrigin(`${http.apiId}.execute-api.${stack.region}.${stack.urlSuffix}`, {
    protocolPolicy: OriginProtocolPolicy.HTTPS_ONLY,
    readTimeout: Duration.seconds(30),
    customHeaders: { [ORIGIN_HEADER]: originSecretReference(secrets) },
  });

/**
 * The console (web/) on CloudFront. Its API paths go to API Gateway through the same
 * distribution, as on one machine where the gateway serves both: the console calls relative
 * paths, no CORS preflight precedes each request, and the bearer token travels as a header.
 */
export function Web({ stack }: StackContext) {
  const { apis, patterns } = use(Routes);
  const { uploads, logs, secrets } = use(Storage);
  const files = siteFiles(stack, "ConsoleFiles", logs.bucketName);

  const apiCache = apiCachePolicy(stack, "ApiNoCache");
  const apiHeaders = securityHeadersPolicy(stack, "ApiHeaders", API_CSP);
  const origins = apis.map((http) => apiOrigin(stack, http, secrets));
  const api = (origin: HttpOrigin): BehaviorOptions => ({
    origin,
    viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
    allowedMethods: AllowedMethods.ALLOW_ALL,
    // Nothing cached, JSON replies compressed (stacks/cdn.ts).
    cachePolicy: apiCache,
    compress: true,
    // Forwards every viewer header but Host, Authorization included, and CloudFront's own
    // headers (CloudFront-Viewer-Address among them): AWS's managed "AllViewerExceptHostHeader".
    originRequestPolicy: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
    responseHeadersPolicy: apiHeaders,
  });

  const spaFallback = new CloudFrontFunction(stack, "SpaFallback", {
    code: FunctionCode.fromInline(SPA_FALLBACK),
    runtime: FunctionRuntime.JS_2_0,
  });

  const domains = domainConfig("console", process.env);
  const { customDomain, tls } = siteDomain(stack, "console", domains);
  // AWS WAF in front of the console and its API paths (stacks/edge: in us-east-1, CloudFront's region).
  const { webAclArn } = edgeProtection(stack, { site: "console" });
  const site = new StaticSite(stack, "Console", {
    path: "web",
    customDomain,
    buildCommand: CONSOLE_BUILD,
    buildOutput: "dist",
    // SST would write its generated env typings into web/src; the console declares its own.
    vite: { types: "../.sst/types/web-env.d.ts" },
    cdk: {
      bucket: files.bucket,
      distribution: {
        errorResponses: [],
        webAclId: webAclArn,
        ...tls,
        ...distributionLogs(files.logs, "console"),
        // In CloudFront's order: the first pattern that matches a path picks its API.
        additionalBehaviors: Object.fromEntries(patterns.map((p) => [p.pattern, api(origins[p.part]!)])),
        defaultBehavior: {
          origin: files.origin,
          functionAssociations: [{ function: spaFallback, eventType: FunctionEventType.VIEWER_REQUEST }],
          responseHeadersPolicy: securityHeadersPolicy(stack, "ConsoleHeaders", CONSOLE_CSP),
          compress: true,
        },
      },
    },
  });

  // The browser PUTs uploads to the bucket from the console's origin, and only from there.
  const distribution = site.cdk?.distribution;
  if (distribution && !domains) keepDefaultCertificate(distribution);
  const edge = distribution && edgeAlarm(stack, { distributionId: distribution.distributionId, site: "console" });
  if (edge) stack.addOutputs({ EdgeAlarmTopic: edge.topicArn });
  // Every address the console answers on: its CloudFront domain, or its own and its tenants' domains.
  if (distribution) uploadsCorsForConsole(stack, "UploadsCors", uploads, siteOrigins(domains, distribution.distributionDomainName));

  // An inactive stack (sst remove, or a deploy filtered to other stacks) has no URL.
  if (site.url) stack.addOutputs({ ConsoleUrl: site.url });
  return { site };
}
