import { StaticSite, type StackContext } from "sst/constructs";
import { securityHeadersPolicy } from "./cdn.ts";
import { WEBSITE_CSP } from "./securityHeaders.ts";

/**
 * The public website (site/) on its own CloudFront domain. Locally it is served under /site/,
 * which is what its vite config bakes in; here it sits at the root of its domain, hence --base=/.
 */
/** Run in site/ by StaticSite: a production build (scripts/build.mjs forces NODE_ENV) at the domain's root. */
export const SITE_BUILD = "node ../scripts/build.mjs --force site --base=/";

export function Site({ stack }: StackContext) {
  const site = new StaticSite(stack, "Website", {
    path: "site",
    buildCommand: SITE_BUILD,
    buildOutput: "dist",
    vite: { types: "../.sst/types/site-env.d.ts" },
    cdk: { distribution: { defaultBehavior: { responseHeadersPolicy: securityHeadersPolicy(stack, "WebsiteHeaders", WEBSITE_CSP), compress: true } } },
  });
  // An inactive stack (sst remove, or a deploy filtered to other stacks) has no URL.
  if (site.url) stack.addOutputs({ WebsiteUrl: site.url });
  return { site };
}
