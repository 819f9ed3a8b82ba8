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
import { AREAS } from "@xiangyu/functions/manifest";
import { Api } from "./Api.ts";
import { Storage } from "./Storage.ts";
import { apiPathPatterns } from "./cdnPaths.ts";
import { apiCachePolicy, securityHeadersPolicy } from "./cdn.ts";
import { API_CSP, CONSOLE_CSP } from "./securityHeaders.ts";
import { uploadsCorsForConsole } from "./uploadsCors.ts";
import { originSecretReference } from "./secrets.ts";
import { ORIGIN_HEADER } from "@xiangyu/functions/http/viewer";

/**
 * Pages without a file extension are console routes: answer them with the SPA's index.html.
 * Done per request on the console's behavior only — CloudFront's error pages would apply to the
 * whole distribution and turn the API's 401/403 answers into index.html.
 */
const SPA_FALLBACK = `function handler(event) {
  var request = event.request;
  var last = request.uri.split("/").pop();
  if (last.indexOf(".") === -1) request.uri = "/index.html";
  return request;
}`;

/**
 * Run in web/ by StaticSite: the console's production build. scripts/build.mjs sets
 * NODE_ENV=production itself, so a deploy from a shell or a test with another NODE_ENV still
 * ships React's production build.
 */
export const CONSOLE_BUILD = "node ../scripts/build.mjs --force web";

/**
 * The console (web/) on CloudFront. Its API paths go to API Gateway through the same
 * distribution, as on one machine where the gateway serves both: the console calls relative
 * paths, no CORS preflight precedes each request, and the bearer token travels as a header.
 */
export function Web({ stack }: StackContext) {
  const { http } = use(Api);
  const { uploads } = use(Storage);

  const api: BehaviorOptions = {
    origin: new HttpOrigin(`${http.apiId}.execute-api.${stack.region}.${stack.urlSuffix}`, {
      protocolPolicy: OriginProtocolPolicy.HTTPS_ONLY,
      readTimeout: Duration.seconds(30),
      // Proves to the API that the request came through this distribution, so it may trust the
      // CloudFront-Viewer-Address header for the caller's address (functions' http/viewer.ts).
      customHeaders: { [ORIGIN_HEADER]: originSecretReference(stack.stage) },
    }),
    viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
    allowedMethods: AllowedMethods.ALLOW_ALL,
    // Nothing cached, JSON replies compressed (stacks/cdn.ts).
    cachePolicy: apiCachePolicy(stack, "ApiNoCache"),
    compress: true,
    // Forwards every viewer header but Host, Authorization included, and CloudFront's own
    // headers (CloudFront-Viewer-Address among them): AWS's managed "AllViewerExceptHostHeader".
    originRequestPolicy: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
    responseHeadersPolicy: securityHeadersPolicy(stack, "ApiHeaders", API_CSP),
  };
  const routeKeys = Object.values(AREAS).flatMap((area) => Object.keys(area.routes));

  const spaFallback = new CloudFrontFunction(stack, "SpaFallback", {
    code: FunctionCode.fromInline(SPA_FALLBACK),
    runtime: FunctionRuntime.JS_2_0,
  });

  const site = new StaticSite(stack, "Console", {
    path: "web",
    buildCommand: CONSOLE_BUILD,
    buildOutput: "dist",
    // SST would write its generated env typings into web/src; the console declares its own.
    vite: { types: "../.sst/types/web-env.d.ts" },
    cdk: {
      distribution: {
        errorResponses: [],
        additionalBehaviors: Object.fromEntries(apiPathPatterns(routeKeys).map((p) => [p, api])),
        defaultBehavior: {
          functionAssociations: [{ function: spaFallback, eventType: FunctionEventType.VIEWER_REQUEST }],
          responseHeadersPolicy: securityHeadersPolicy(stack, "ConsoleHeaders", CONSOLE_CSP),
          compress: true,
        },
      },
    },
  });

  // The browser PUTs uploads to the bucket from the console's origin, and only from there.
  const distribution = site.cdk?.distribution;
  if (distribution) uploadsCorsForConsole(stack, "UploadsCors", uploads, [`https://${distribution.distributionDomainName}`]);

  // An inactive stack (sst remove, or a deploy filtered to other stacks) has no URL.
  if (site.url) stack.addOutputs({ ConsoleUrl: site.url });
  return { site };
}
