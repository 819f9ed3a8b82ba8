import type { CreateWebACLRequest, Rule, Statement, VisibilityConfig } from "@aws-sdk/client-wafv2";

/**
 * The web ACLs in front of the stage's two CloudFront distributions, as WAFv2's
 * CreateWebACL/UpdateWebACL input (the custom resource in handler.ts sends it to us-east-1).
 * Pure: no AWS call, no CDK. The handler's bundle includes this file, and edge.ts reads it at synth.
 */

/** The distribution an ACL protects: the console (stacks/Web.ts) or the public website (stacks/Site.ts). */
export type EdgeSite = "console" | "website";

/** WAF's CLOUDFRONT scope and CloudFront's metrics exist in us-east-1 only, whatever the stage's region. */
export const EDGE_REGION = "us-east-1";

/** The Lambda's environment variable naming the region its clients call (edge.ts sets it to EDGE_REGION; the Lambda runs in the stage's region). */
export const EDGE_REGION_VARIABLE = "XY_EDGE_REGION";

/**
 * The window each rate-based rule counts over (WAF allows 60, 120, 300 or 600 s). Five minutes is
 * WAF's default and the period of the stage's alarms, so a limit and an alarm read the same way.
 */
export const RATE_WINDOW_S = 300;

/**
 * Sign-in attempts per address per five minutes, on the two sign-in paths together. A person
 * mistyping a password, a front desk of a dozen staff behind one address, or a second factor's
 * code make a few tries each; 100 (one every 3 s, around the clock) is far above that and still
 * caps a guesser at ~29,000 tries a day per address before core's own limit (30 failures per
 * address in 15 minutes, auth/signIn.ts) and the per-account lock step in.
 */
export const SIGN_IN_LIMIT = 100;

/**
 * Requests per address per five minutes to the console's distribution, files and API together.
 * A console page makes a handful of API calls and a first visit loads ~50 files; a busy member of
 * staff makes ~150 requests in five minutes, so a hotel office of ten behind one NAT address stays
 * under half of 3000 (10 a second). A scraper or a runaway script reaches it within minutes.
 */
export const CONSOLE_LIMIT = 3000;

/**
 * Public reads per address per five minutes on the website's API paths (its files are cached at
 * the edge and not counted). A visitor reads a list and a few articles, a dozen calls a page;
 * mobile networks put many visitors behind one carrier address, hence 1000 (3 a second) rather
 * than a per-person figure. A crawler past it is sent away before each uncached read costs a
 * Lambda call and DynamoDB reads.
 */
export const WEBSITE_READS_LIMIT = 1000;

/** The console's sign-in routes (packages/functions/src/auth/routes.ts): staff's password grant and the mini-program's members. */
export const SIGN_IN_PATHS = ["/gateway/oauth/login", "/xiangyu/api/mp/login"] as const;

/**
 * The website's reads, as stacks/Site.ts SITE_API_PATHS routes them to the API (without the trailing
 * `*`). Its pages (every other address but the build's files, issue 35) are not counted here: they
 * are limited per address by the content Lambda's adapter (cached public routes, admitPublicRead)
 * and mostly answered from CloudFront's cache.
 */
export const WEBSITE_READ_PATHS = ["/gateway/"] as const;

/** The two AWS managed rule groups both ACLs run, in this order, after the rate rules. */
export const MANAGED_RULE_GROUPS = ["AWSManagedRulesCommonRuleSet", "AWSManagedRulesKnownBadInputsRuleSet"] as const;

/**
 * The one rule of AWSManagedRulesCommonRuleSet set to COUNT on the console: SizeRestrictions_BODY
 * blocks a body over 8 KB, while the console POSTs JSON and forms up to 1 MB
 * (packages/functions/src/http/app.ts MAX_BODY_BYTES: rich-text articles, page documents, room
 * lists). The API checks the size itself and answers 413 past it. Counted, so its matches still
 * show in WAF's metrics and sampled requests.
 */
export const CONSOLE_COUNTED_RULES = ["SizeRestrictions_BODY"] as const;

/** The key of the JSON body a rate rule answers with (below). */
const TOO_MANY = "TooMany";

/**
 * A rate rule answers 429 with the API's envelope, not WAF's bare 403: the console reads a 403 as
 * "no right to this module" (web/src/lib/api.ts) and shows the envelope's `desc` otherwise.
 */
const TOO_MANY_BODY = JSON.stringify({ code: "429", desc: "请求过于频繁，请5分钟后再试" });

const visibility = (metricName: string): VisibilityConfig => ({ SampledRequestsEnabled: true, CloudWatchMetricsEnabled: true, MetricName: metricName });

const pathIs = (path: string, constraint: "EXACTLY" | "STARTS_WITH"): Statement => ({
  ByteMatchStatement: {
    SearchString: new TextEncoder().encode(path),
    FieldToMatch: { UriPath: {} },
    // API Gateway matches paths as sent (case and all), so the path that reaches a route is the one compared.
    TextTransformations: [{ Priority: 0, Type: "NONE" }],
    PositionalConstraint: constraint,
  },
});

/** One of several paths, or the one. */
const anyOf = (statements: Statement[]): Statement => (statements.length === 1 ? statements[0]! : { OrStatement: { Statements: statements } });

function rateRule(acl: string, name: string, priority: number, limit: number, scope?: Statement): Rule {
  return {
    Name: name,
    Priority: priority,
    Statement: { RateBasedStatement: { Limit: limit, EvaluationWindowSec: RATE_WINDOW_S, AggregateKeyType: "IP", ...(scope ? { ScopeDownStatement: scope } : {}) } },
    Action: { Block: { CustomResponse: { ResponseCode: 429, CustomResponseBodyKey: TOO_MANY } } },
    VisibilityConfig: visibility(`${acl}-${name}`),
  };
}

function managedRule(acl: string, name: string, priority: number, counted: readonly string[] = []): Rule {
  return {
    Name: name,
    Priority: priority,
    Statement: {
      ManagedRuleGroupStatement: {
        VendorName: "AWS",
        Name: name,
        ...(counted.length ? { RuleActionOverrides: counted.map((rule) => ({ Name: rule, ActionToUse: { Count: {} } })) } : {}),
      },
    },
    // The group's own actions (Block for most rules) apply; an override above changes one rule only.
    OverrideAction: { None: {} },
    VisibilityConfig: visibility(`${acl}-${name}`),
  };
}

/** What CreateWebACL and UpdateWebACL take besides Name, Scope, Id and LockToken. */
export type WebAclDefinition = { [K in "Description" | "DefaultAction" | "Rules" | "VisibilityConfig" | "CustomResponseBodies"]-?: NonNullable<CreateWebACLRequest[K]> };

/**
 * The ACL named `name` for one distribution. Allow by default; the rate rules come first (a flood
 * is turned away before the managed groups inspect it), then AWS's common and known-bad-inputs groups.
 */
export function webAclDefinition(name: string, site: EdgeSite): WebAclDefinition {
  const rates =
    site === "console"
      ? [rateRule(name, "SignInPerAddress", 0, SIGN_IN_LIMIT, anyOf(SIGN_IN_PATHS.map((p) => pathIs(p, "EXACTLY")))), rateRule(name, "ConsolePerAddress", 1, CONSOLE_LIMIT)]
      : [rateRule(name, "ReadsPerAddress", 0, WEBSITE_READS_LIMIT, anyOf(WEBSITE_READ_PATHS.map((p) => pathIs(p, "STARTS_WITH"))))];
  const managed = MANAGED_RULE_GROUPS.map((group, i) =>
    managedRule(name, group, rates.length + i, site === "console" && group === "AWSManagedRulesCommonRuleSet" ? CONSOLE_COUNTED_RULES : []),
  );
  return {
    Description: `xiangyu ${site}: rate limits per address, AWS common and known-bad-inputs rules (stacks/edge)`,
    DefaultAction: { Allow: {} },
    Rules: [...rates, ...managed],
    VisibilityConfig: visibility(name),
    CustomResponseBodies: { [TOO_MANY]: { ContentType: "APPLICATION_JSON", Content: TOO_MANY_BODY } },
  };
}
