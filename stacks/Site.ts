import { StaticSite, type StackContext } from "sst/constructs";

/**
 * The public website (site/) on its own CloudFront domain. Locally it is served under /site/,
 * which is what its vite config bakes in; here it sits at the root of its domain, hence --base=/.
 */
export function Site({ stack }: StackContext) {
  const site = new StaticSite(stack, "Website", {
    path: "site",
    buildCommand: "npm run build -- --base=/",
    buildOutput: "dist",
    vite: { types: "../.sst/types/site-env.d.ts" },
  });
  // An inactive stack (sst remove, or a deploy filtered to other stacks) has no URL.
  if (site.url) stack.addOutputs({ WebsiteUrl: site.url });
  return { site };
}
