import { existsSync, readFileSync, rmSync, statSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { App, Stack } from "aws-cdk-lib";
import { Template } from "aws-cdk-lib/assertions";
import type { Rule, Statement as WafStatement } from "@aws-sdk/client-wafv2";
import { AREAS } from "@xiangyu/functions/manifest";
import { MAX_BODY_BYTES } from "@xiangyu/functions/http/app";
import {
  CONSOLE_COUNTED_RULES,
  CONSOLE_LIMIT,
  EDGE_REGION,
  EDGE_REGION_VARIABLE,
  MANAGED_RULE_GROUPS,
  RATE_WINDOW_S,
  SIGN_IN_LIMIT,
  SIGN_IN_PATHS,
  WEBSITE_READS_LIMIT,
  WEBSITE_READ_PATHS,
  webAclDefinition,
} from "../stacks/edge/webAclRules.ts";
import { alarmInput, awsClients, edgeHandler, TOPIC_OWNER_TAG, type EdgeClients, type EdgeEvent } from "../stacks/edge/handler.ts";
import { edgeAlarm, edgeNames, edgeProtection } from "../stacks/edge/edge.ts";
import { SITE_API_PATHS } from "../stacks/Site.ts";
import { THRESHOLDS } from "../stacks/Alarms.ts";
import { LAMBDA_RUNTIME } from "../stacks/lambda.ts";
import { KEPT_RULES, applyNag, nagLog } from "../stacks/nag.ts";
import { actions, only, resources, roleStatements, targetId, type Statement } from "./template.ts";

/**
 * The edge's web ACLs and 5xx alarms (stacks/edge): the rules as data, the custom resource's
 * handler against fake clients, and its construct synthesized in a plain CDK app (offline, no
 * SST: fast). stacks.test.ts checks the real stacks once Web and Site use it.
 */

const ruleNamed = (rules: Rule[], name: string) => {
  const rule = rules.find((r) => r.Name === name);
  if (!rule) throw new Error(`no rule ${name} in ${rules.map((r) => r.Name).join(", ")}`);
  return rule;
};
const decode = (bytes: Uint8Array | undefined) => new TextDecoder().decode(bytes);
/** The paths a scope-down statement matches, with their positional constraint and transformations. */
const scopedPaths = (s: WafStatement | undefined): string[] =>
  (s?.OrStatement?.Statements ?? [s!]).map((one) => {
    const m = one.ByteMatchStatement!;
    expect(m.FieldToMatch).toEqual({ UriPath: {} });
    expect(m.TextTransformations).toEqual([{ Priority: 0, Type: "NONE" }]);
    return `${m.PositionalConstraint} ${decode(m.SearchString)}`;
  });

describe("web ACL rules", () => {
  const consoleAcl = webAclDefinition("xiangyu-pr-42-console", "console");
  const websiteAcl = webAclDefinition("xiangyu-pr-42-website", "website");

  test("both ACLs allow by default and run AWS's common and known-bad-inputs groups as AWS sets them, after the rate rules", () => {
    for (const acl of [consoleAcl, websiteAcl]) {
      expect(acl.DefaultAction).toEqual({ Allow: {} });
      const rates = acl.Rules.filter((r) => r.Statement?.RateBasedStatement);
      for (const group of MANAGED_RULE_GROUPS) {
        const rule = ruleNamed(acl.Rules, group);
        expect(rule.Statement?.ManagedRuleGroupStatement).toMatchObject({ VendorName: "AWS", Name: group });
        expect(rule.OverrideAction).toEqual({ None: {} });
        expect(rule.Action).toBeUndefined();
        expect(rule.Priority).toBeGreaterThan(Math.max(...rates.map((r) => r.Priority!)));
      }
      expect(MANAGED_RULE_GROUPS).toEqual(["AWSManagedRulesCommonRuleSet", "AWSManagedRulesKnownBadInputsRuleSet"]);
      const priorities = acl.Rules.map((r) => r.Priority);
      expect(new Set(priorities).size).toBe(priorities.length);
    }
  });

  test("the console's sign-in paths: 100 per address in 5 minutes, exactly the two sign-in routes", () => {
    const rate = ruleNamed(consoleAcl.Rules, "SignInPerAddress").Statement!.RateBasedStatement!;
    expect([rate.Limit, rate.EvaluationWindowSec, rate.AggregateKeyType]).toEqual([SIGN_IN_LIMIT, RATE_WINDOW_S, "IP"]);
    expect([SIGN_IN_LIMIT, RATE_WINDOW_S]).toEqual([100, 300]);
    expect(scopedPaths(rate.ScopeDownStatement)).toEqual(["EXACTLY /gateway/oauth/login", "EXACTLY /xiangyu/api/mp/login"]);
    // They are the routes the API serves, so a renamed route fails here rather than unguarded.
    const routes = Object.values(AREAS).flatMap((area) => Object.keys(area.routes));
    for (const path of SIGN_IN_PATHS) expect(routes, path).toContain(`POST ${path}`);
  });

  test("the console as a whole: 3000 per address in 5 minutes, every path", () => {
    const rate = ruleNamed(consoleAcl.Rules, "ConsolePerAddress").Statement!.RateBasedStatement!;
    expect([rate.Limit, rate.EvaluationWindowSec, rate.AggregateKeyType, rate.ScopeDownStatement]).toEqual([CONSOLE_LIMIT, RATE_WINDOW_S, "IP", undefined]);
    expect(CONSOLE_LIMIT).toBe(3000);
  });

  test("the website's reads: 1000 per address in 5 minutes on the paths that reach the API", () => {
    const rate = ruleNamed(websiteAcl.Rules, "ReadsPerAddress").Statement!.RateBasedStatement!;
    expect([rate.Limit, rate.EvaluationWindowSec, rate.AggregateKeyType]).toEqual([WEBSITE_READS_LIMIT, RATE_WINDOW_S, "IP"]);
    expect(WEBSITE_READS_LIMIT).toBe(1000);
    // The same paths stacks/Site.ts sends to the API.
    expect(WEBSITE_READ_PATHS).toEqual(SITE_API_PATHS.map((p) => p.replace(/\*$/, "")));
    expect(scopedPaths(rate.ScopeDownStatement)).toEqual(WEBSITE_READ_PATHS.map((p) => `STARTS_WITH ${p}`));
    expect(websiteAcl.Rules.filter((r) => r.Statement?.RateBasedStatement)).toHaveLength(1);
  });

  test("a rate rule answers 429 with the API's envelope, not a 403 the console reads as 'no right'", () => {
    for (const acl of [consoleAcl, websiteAcl])
      for (const rule of acl.Rules.filter((r) => r.Statement?.RateBasedStatement)) {
        const response = rule.Action?.Block?.CustomResponse;
        expect(response?.ResponseCode, rule.Name).toBe(429);
        const body = acl.CustomResponseBodies[response!.CustomResponseBodyKey!]!;
        expect(body.ContentType).toBe("APPLICATION_JSON");
        expect(JSON.parse(body.Content!)).toMatchObject({ code: "429", desc: expect.any(String) });
      }
  });

  test("the console counts (does not block) bodies over 8 KB: it POSTs up to 1 MB; the website keeps AWS's rule", () => {
    expect(MAX_BODY_BYTES).toBeGreaterThan(8 * 1024);
    expect(CONSOLE_COUNTED_RULES).toEqual(["SizeRestrictions_BODY"]);
    const common = (acl: typeof consoleAcl) => ruleNamed(acl.Rules, "AWSManagedRulesCommonRuleSet").Statement!.ManagedRuleGroupStatement!;
    expect(common(consoleAcl).RuleActionOverrides).toEqual([{ Name: "SizeRestrictions_BODY", ActionToUse: { Count: {} } }]);
    expect(common(websiteAcl).RuleActionOverrides).toBeUndefined();
    for (const acl of [consoleAcl, websiteAcl])
      expect(ruleNamed(acl.Rules, "AWSManagedRulesKnownBadInputsRuleSet").Statement!.ManagedRuleGroupStatement!.RuleActionOverrides).toBeUndefined();
  });

  test("every rule and the ACL publish CloudWatch metrics and sampled requests, each under its own name", () => {
    for (const acl of [consoleAcl, websiteAcl]) {
      const configs = [acl.VisibilityConfig, ...acl.Rules.map((r) => r.VisibilityConfig!)];
      for (const c of configs) expect(c).toMatchObject({ CloudWatchMetricsEnabled: true, SampledRequestsEnabled: true, MetricName: expect.stringMatching(/^[\w#:.\-/]{1,255}$/) });
      expect(new Set(configs.map((c) => c.MetricName)).size).toBe(configs.length);
    }
    expect(consoleAcl.VisibilityConfig.MetricName).toBe("xiangyu-pr-42-console");
  });
});

// --- The custom resource's handler against fake clients ------------------------------------

const STACK_ID = "arn:aws:cloudformation:ap-east-1:123456789012:stack/pr-42-xiangyu-Web/0a1b2c3d";
type Call = [command: string, input: any];

/** One fake for the three clients: each command answered by `replies[name]` (a value, or a function of the input that may throw). */
function fake(replies: Record<string, unknown>) {
  const calls: Call[] = [];
  const send = async (command: { input: any; constructor: { name: string } }) => {
    const name = command.constructor.name.replace(/Command$/, "");
    calls.push([name, command.input]);
    if (!(name in replies)) throw new Error(`unexpected ${name}`);
    const reply = replies[name];
    return typeof reply === "function" ? reply(command.input, calls) : reply;
  };
  const clients = { waf: { send }, cloudwatch: { send }, sns: { send } } as unknown as EdgeClients;
  const waits: number[] = [];
  const handle = edgeHandler(
    () => clients,
    async (ms) => void waits.push(ms),
  );
  return { calls, waits, handle, names: () => calls.map(([n]) => n) };
}
/** An SDK error as the clients throw them: recognised by name. */
const awsError = (name: string) => Object.assign(new Error(`${name} (fake)`), { name });
/** Throws `name` the first `times` calls, then answers `value`. */
const failing = (name: string, times: number, value: unknown = {}) => {
  let n = 0;
  return () => {
    if (n++ < times) throw awsError(name);
    return value;
  };
};

const ACL = { kind: "webAcl", name: "xiangyu-pr-42-console", site: "console", revision: "r1" } as const;
const aclEvent = (e: Partial<EdgeEvent>): EdgeEvent => ({ RequestType: "Create", StackId: STACK_ID, ResourceProperties: ACL, ...e });
const ARN = "arn:aws:wafv2:us-east-1:123456789012:global/webacl/xiangyu-pr-42-console/1111";

describe("edge handler: web ACL", () => {
  test("Create: CreateWebACL in the CLOUDFRONT scope with the whole definition; name|id and the ARN back", async () => {
    const f = fake({ CreateWebACL: { Summary: { Id: "1111", ARN, LockToken: "t0", Name: ACL.name } } });
    expect(await f.handle(aclEvent({}))).toEqual({ PhysicalResourceId: "xiangyu-pr-42-console|1111", Data: { Arn: ARN, Id: "1111" } });
    expect(f.calls).toEqual([["CreateWebACL", { Name: ACL.name, Scope: "CLOUDFRONT", ...webAclDefinition(ACL.name, "console") }]]);
  });

  test("Create when the name is taken says what to do", async () => {
    const f = fake({ CreateWebACL: failing("WAFDuplicateItemException", 1) });
    await expect(f.handle(aclEvent({}))).rejects.toThrow(/already exists in us-east-1.*delete it in the WAF console/);
  });

  test("Update: GetWebACL for the lock token, then UpdateWebACL with the current definition; same physical id", async () => {
    const f = fake({ GetWebACL: { WebACL: { ARN }, LockToken: "t1" }, UpdateWebACL: { NextLockToken: "t2" } });
    const website = { ...ACL, site: "website" } as const;
    const result = await f.handle(aclEvent({ RequestType: "Update", PhysicalResourceId: "xiangyu-pr-42-console|1111", ResourceProperties: website, OldResourceProperties: ACL }));
    expect(result).toEqual({ PhysicalResourceId: "xiangyu-pr-42-console|1111", Data: { Arn: ARN, Id: "1111" } });
    expect(f.calls).toEqual([
      ["GetWebACL", { Name: ACL.name, Id: "1111", Scope: "CLOUDFRONT" }],
      ["UpdateWebACL", { Name: ACL.name, Id: "1111", Scope: "CLOUDFRONT", LockToken: "t1", ...webAclDefinition(ACL.name, "website") }],
    ]);
  });

  test("Update when another change took the lock token: read it again and retry", async () => {
    let token = 0;
    const f = fake({ GetWebACL: () => ({ WebACL: { ARN }, LockToken: `t${++token}` }), UpdateWebACL: failing("WAFOptimisticLockException", 1) });
    await f.handle(aclEvent({ RequestType: "Update", PhysicalResourceId: "xiangyu-pr-42-console|1111" }));
    expect(f.calls.filter(([n]) => n === "UpdateWebACL").map(([, input]) => input.LockToken)).toEqual(["t1", "t2"]);
    expect(f.waits).toHaveLength(1);
  });

  test("Update with a new name creates a new ACL (CloudFormation then deletes the old one)", async () => {
    const f = fake({ CreateWebACL: { Summary: { Id: "2222", ARN: "arn:new" } } });
    const renamed = { ...ACL, name: "xiangyu-pr-42-console2" };
    const result = await f.handle(aclEvent({ RequestType: "Update", PhysicalResourceId: "xiangyu-pr-42-console|1111", ResourceProperties: renamed }));
    expect(result.PhysicalResourceId).toBe("xiangyu-pr-42-console2|2222");
    expect(f.names()).toEqual(["CreateWebACL"]);
  });

  test("Update of an ACL deleted by hand makes it again", async () => {
    const f = fake({ GetWebACL: failing("WAFNonexistentItemException", 9), CreateWebACL: { Summary: { Id: "3333", ARN: "arn:again" } } });
    const result = await f.handle(aclEvent({ RequestType: "Update", PhysicalResourceId: "xiangyu-pr-42-console|1111" }));
    expect(result).toEqual({ PhysicalResourceId: "xiangyu-pr-42-console|3333", Data: { Arn: "arn:again", Id: "3333" } });
  });

  test("Delete: GetWebACL for the lock token, then DeleteWebACL with it", async () => {
    const f = fake({ GetWebACL: { WebACL: { ARN }, LockToken: "t9" }, DeleteWebACL: {} });
    expect(await f.handle(aclEvent({ RequestType: "Delete", PhysicalResourceId: "xiangyu-pr-42-console|1111" }))).toEqual({ PhysicalResourceId: "xiangyu-pr-42-console|1111" });
    expect(f.calls[1]).toEqual(["DeleteWebACL", { Name: ACL.name, Id: "1111", Scope: "CLOUDFRONT", LockToken: "t9" }]);
  });

  test("Delete of an ACL that is not there is done, whether Get or Delete finds it gone", async () => {
    const gone = fake({ GetWebACL: failing("WAFNonexistentItemException", 1) });
    await expect(gone.handle(aclEvent({ RequestType: "Delete", PhysicalResourceId: "xiangyu-pr-42-console|1111" }))).resolves.toBeDefined();
    expect(gone.names()).toEqual(["GetWebACL"]);
    const raced = fake({ GetWebACL: { LockToken: "t1" }, DeleteWebACL: failing("WAFNonexistentItemException", 1) });
    await expect(raced.handle(aclEvent({ RequestType: "Delete", PhysicalResourceId: "xiangyu-pr-42-console|1111" }))).resolves.toBeDefined();
    // A physical id not of the form name|id: nothing to call. (The framework itself answers the Delete that follows a failed Create.)
    const never = fake({});
    await expect(never.handle(aclEvent({ RequestType: "Delete", PhysicalResourceId: "d6f4a1c0-failed-create" }))).resolves.toBeDefined();
    expect(never.calls).toEqual([]);
  });

  test("Delete waits for CloudFront to let go of the ACL (a few retries), then gives up with WAF's error", async () => {
    const f = fake({ GetWebACL: { LockToken: "t1" }, DeleteWebACL: failing("WAFAssociatedItemException", 2) });
    await f.handle(aclEvent({ RequestType: "Delete", PhysicalResourceId: "xiangyu-pr-42-console|1111" }));
    expect(f.waits).toEqual([5000, 10000]);
    const stuck = fake({ GetWebACL: { LockToken: "t1" }, DeleteWebACL: failing("WAFAssociatedItemException", 99) });
    await expect(stuck.handle(aclEvent({ RequestType: "Delete", PhysicalResourceId: "xiangyu-pr-42-console|1111" }))).rejects.toThrow(/WAFAssociatedItemException/);
    expect(stuck.names().filter((n) => n === "DeleteWebACL")).toHaveLength(5);
  });
});

const ALARM = {
  kind: "alarm",
  name: "xiangyu-pr-42-console-5xx",
  distributionId: "E2ABCDEF",
  topicName: "xiangyu-pr-42-console-edge-alarms",
  // As CloudFormation hands them over: strings.
  thresholdPercent: "5",
  minRequests: "20",
  revision: "r1",
} as const;
const TOPIC_ARN = "arn:aws:sns:us-east-1:123456789012:xiangyu-pr-42-console-edge-alarms";
const alarmEvent = (e: Partial<EdgeEvent>): EdgeEvent => ({ RequestType: "Create", StackId: STACK_ID, ResourceProperties: ALARM, ...e });
const ownTags = (alarm: string) => ({ Tags: [{ Key: TOPIC_OWNER_TAG, Value: alarm }] });

describe("edge handler: 5xx alarm", () => {
  test("the alarm: CloudFront's 5xxErrorRate on the distribution (Region=Global), 5-minute average, counted from 20 requests, ≥ 5 %", () => {
    const input = alarmInput(ALARM, TOPIC_ARN);
    const dimensions = [
      { Name: "DistributionId", Value: "E2ABCDEF" },
      { Name: "Region", Value: "Global" },
    ];
    expect(input).toEqual({
      AlarmName: "xiangyu-pr-42-console-5xx",
      AlarmDescription: expect.stringContaining("5% or more of at least 20 requests"),
      ActionsEnabled: true,
      AlarmActions: [TOPIC_ARN],
      Metrics: [
        {
          Id: "rate",
          MetricStat: { Metric: { Namespace: "AWS/CloudFront", MetricName: "5xxErrorRate", Dimensions: dimensions }, Period: 300, Stat: "Average" },
          ReturnData: false,
        },
        { Id: "requests", MetricStat: { Metric: { Namespace: "AWS/CloudFront", MetricName: "Requests", Dimensions: dimensions }, Period: 300, Stat: "Sum" }, ReturnData: false },
        { Id: "gated", Expression: "IF(requests >= 20, rate, 0)", Label: expect.any(String), ReturnData: true },
      ],
      EvaluationPeriods: 1,
      DatapointsToAlarm: 1,
      Threshold: 5,
      ComparisonOperator: "GreaterThanOrEqualToThreshold",
      TreatMissingData: "notBreaching",
    });
    // Exactly one series returns data: an alarm on metric math needs that.
    expect(input.Metrics!.filter((m) => m.ReturnData)).toHaveLength(1);
  });

  test("Create: makes the us-east-1 topic (tagged as made here), then PutMetricAlarm notifying it", async () => {
    const f = fake({ ListTagsForResource: failing("NotFoundException", 1), CreateTopic: { TopicArn: TOPIC_ARN }, PutMetricAlarm: {} });
    expect(await f.handle(alarmEvent({}))).toEqual({ PhysicalResourceId: ALARM.name, Data: { AlarmName: ALARM.name, TopicArn: TOPIC_ARN } });
    expect(f.calls).toEqual([
      ["ListTagsForResource", { ResourceArn: TOPIC_ARN }],
      ["CreateTopic", { Name: ALARM.topicName, ...ownTags(ALARM.name) }],
      ["PutMetricAlarm", alarmInput(ALARM, TOPIC_ARN)],
    ]);
  });

  test("a topic that was there before is used as it is, and left when the alarm goes", async () => {
    const f = fake({ ListTagsForResource: { Tags: [{ Key: "team", Value: "ops" }] }, PutMetricAlarm: {}, DeleteAlarms: {} });
    await f.handle(alarmEvent({}));
    await f.handle(alarmEvent({ RequestType: "Delete", PhysicalResourceId: ALARM.name }));
    expect(f.names()).toEqual(["ListTagsForResource", "PutMetricAlarm", "DeleteAlarms", "ListTagsForResource"]);
  });

  test("Delete: DeleteAlarms, and the topic too when it was made for this alarm", async () => {
    const f = fake({ DeleteAlarms: {}, ListTagsForResource: ownTags(ALARM.name), DeleteTopic: {} });
    expect(await f.handle(alarmEvent({ RequestType: "Delete", PhysicalResourceId: ALARM.name }))).toEqual({ PhysicalResourceId: ALARM.name });
    expect(f.calls).toEqual([
      ["DeleteAlarms", { AlarmNames: [ALARM.name] }],
      ["ListTagsForResource", { ResourceArn: TOPIC_ARN }],
      ["DeleteTopic", { TopicArn: TOPIC_ARN }],
    ]);
    // Alarm and topic gone already (deleted by hand): done, not a stuck stack.
    const gone = fake({ DeleteAlarms: failing("ResourceNotFound", 1), ListTagsForResource: failing("ResourceNotFoundException", 1) });
    await expect(gone.handle(alarmEvent({ RequestType: "Delete", PhysicalResourceId: ALARM.name }))).resolves.toEqual({ PhysicalResourceId: ALARM.name });
    expect(gone.names()).toEqual(["DeleteAlarms", "ListTagsForResource"]);
  });

  test("a renamed alarm takes over the topic, so the old alarm's Delete leaves it", async () => {
    const renamed = { ...ALARM, name: "xiangyu-pr-42-console-5xx-v2" };
    let owner = ALARM.name as string;
    const f = fake({
      ListTagsForResource: () => ownTags(owner),
      TagResource: (input: any) => void (owner = input.Tags[0].Value),
      PutMetricAlarm: {},
      DeleteAlarms: {},
    });
    const result = await f.handle(alarmEvent({ RequestType: "Update", PhysicalResourceId: ALARM.name, ResourceProperties: renamed, OldResourceProperties: ALARM }));
    expect(result.PhysicalResourceId).toBe(renamed.name);
    expect(owner).toBe(renamed.name);
    // CloudFormation's cleanup: the old alarm, with its old properties.
    await f.handle(alarmEvent({ RequestType: "Delete", PhysicalResourceId: ALARM.name, ResourceProperties: ALARM }));
    expect(f.names()).not.toContain("DeleteTopic");
  });

  test("the same alarm moved to another topic: the old topic, made here, goes", async () => {
    const moved = { ...ALARM, topicName: "xiangyu-pr-42-console-other" };
    const f = fake({ ListTagsForResource: (input: any) => (input.ResourceArn === TOPIC_ARN ? ownTags(ALARM.name) : { Tags: [] }), PutMetricAlarm: {}, DeleteTopic: {} });
    await f.handle(alarmEvent({ RequestType: "Update", PhysicalResourceId: ALARM.name, ResourceProperties: moved, OldResourceProperties: ALARM }));
    expect(f.calls.at(-1)).toEqual(["DeleteTopic", { TopicArn: TOPIC_ARN }]);
  });

  test("the real clients call us-east-1, as the Lambda's environment says, and refuse another region", async () => {
    const clients = awsClients(EDGE_REGION);
    for (const client of Object.values(clients)) expect(await (client as any).config.region()).toBe("us-east-1");
    expect(() => awsClients("ap-east-1")).toThrow(/XY_EDGE_REGION must be us-east-1/);
    expect(() => awsClients(undefined)).toThrow(/XY_EDGE_REGION/);
    await expect(fake({}).handle(aclEvent({ ResourceProperties: { kind: "bucket" } as any }))).rejects.toThrow(/unknown edge resource kind bucket/);
  });
});

// --- The construct, synthesized ----------------------------------------------------------

/** A plain CDK stack with a stage, as SST's Stack has: what edge.ts needs of a stack. */
class StageStack extends Stack {
  constructor(
    app: App,
    id: string,
    readonly stage: string,
  ) {
    super(app, id, { env: { account: "123456789012", region: "ap-east-1" } });
  }
}

/** A policy's resource as text: `arn:<AWS::Partition>:…:<AWS::AccountId>:…`. */
const text = (v: any): string => {
  if (typeof v === "string") return v;
  if (v?.["Fn::Join"]) return v["Fn::Join"][1].map(text).join(v["Fn::Join"][0]);
  if (v?.Ref) return `<${v.Ref}>`;
  if (v?.["Fn::GetAtt"]) return `<${v["Fn::GetAtt"].join(".")}>`;
  return JSON.stringify(v);
};

describe("edge construct", () => {
  let app: App;
  let webStack: StageStack;
  let web: Template;
  let site: Template;
  let durable: Template;
  let webAclArn: string;
  let alarm: { alarmName: string; topicArn: string };

  beforeAll(() => {
    app = new App();
    webStack = new StageStack(app, "pr-42-xiangyu-Web", "pr-42");
    webAclArn = edgeProtection(webStack, { site: "console" }).webAclArn;
    alarm = edgeAlarm(webStack, { distributionId: "E2ABCDEF", site: "console" });
    const siteStack = new StageStack(app, "pr-42-xiangyu-Site", "pr-42");
    edgeProtection(siteStack, { site: "website" });
    edgeAlarm(siteStack, { distributionId: "E3ABCDEF", site: "website" });
    const mainStack = new StageStack(app, "main-xiangyu-Web", "main");
    edgeProtection(mainStack, { site: "console" });
    for (const stack of [webStack, siteStack, mainStack]) applyNag(stack);
    [web, site, durable] = [webStack, siteStack, mainStack].map((s) => Template.fromStack(s));
  });
  // The app writes to a temporary cdk.out of its own (the handler's bundle among it).
  afterAll(() => rmSync(app.outdir, { recursive: true, force: true }));

  const handlerOf = (t: Template) => {
    const found = Object.entries(resources(t, "AWS::Lambda::Function")).filter(([, r]) => r.Properties.Handler === "index.onEvent");
    expect(found).toHaveLength(1);
    return found[0]!;
  };

  test("one provider per stack: the handler and CDK's framework, whatever the number of resources", () => {
    for (const t of [web, site]) expect(Object.keys(resources(t, "AWS::Lambda::Function"))).toHaveLength(2);
    const framework = Object.entries(resources(web, "AWS::Lambda::Function")).find(([, r]) => r.Properties.Handler === "framework.onEvent")!;
    for (const type of ["Custom::EdgeWebAcl", "Custom::EdgeAlarm"]) expect(targetId(only(web, type)[1].Properties.ServiceToken)).toBe(framework[0]);
    expect(targetId(framework[1].Properties.Environment.Variables.USER_ON_EVENT_FUNCTION_ARN)).toBe(handlerOf(web)[0]);
  });

  test("the web ACL's resource names the stage's ACL and its site; webAclArn is its Arn", () => {
    const [id, acl] = only(web, "Custom::EdgeWebAcl");
    expect(acl.Properties).toMatchObject({ kind: "webAcl", name: "xiangyu-pr-42-console", site: "console", revision: expect.stringMatching(/^[0-9a-f]{16}$/) });
    expect(only(site, "Custom::EdgeWebAcl")[1].Properties).toMatchObject({ name: "xiangyu-pr-42-website", site: "website" });
    expect(webStack.resolve(webAclArn)).toEqual({ "Fn::GetAtt": [id, "Arn"] });
    expect(acl.DeletionPolicy).toBe("Delete");
  });

  test("the alarm's resource: the distribution, the stage's API thresholds, its own us-east-1 topic", () => {
    const [id, res] = only(web, "Custom::EdgeAlarm");
    expect(res.Properties).toMatchObject({
      kind: "alarm",
      name: "xiangyu-pr-42-console-5xx",
      distributionId: "E2ABCDEF",
      topicName: "xiangyu-pr-42-console-edge-alarms",
      thresholdPercent: THRESHOLDS.api5xxPercent,
      minRequests: THRESHOLDS.minRequests,
    });
    expect(alarm.alarmName).toBe("xiangyu-pr-42-console-5xx");
    expect(webStack.resolve(alarm.topicArn)).toEqual({ "Fn::GetAtt": [id, "TopicArn"] });
    expect(edgeNames("pr-42", "website")).toEqual({ webAcl: "xiangyu-pr-42-website", alarm: "xiangyu-pr-42-website-5xx", topic: "xiangyu-pr-42-website-edge-alarms" });
  });

  test("the handler runs as our Lambdas do, and its clients call us-east-1", () => {
    const [, fn] = handlerOf(web);
    expect(fn.Properties).toMatchObject({ Runtime: LAMBDA_RUNTIME, Architectures: ["arm64"], MemorySize: 256, Timeout: 300, LoggingConfig: { LogFormat: "JSON" } });
    expect(fn.Properties.Environment.Variables).toEqual({ [EDGE_REGION_VARIABLE]: "us-east-1" });
    expect(EDGE_REGION).toBe("us-east-1");
  });

  test("both Lambdas log to the stack's one log group: deleted with a branch stage, kept with a durable one", () => {
    for (const [t, policy] of [
      [web, "Delete"],
      [durable, "Retain"],
    ] as const) {
      const [logId, logs] = only(t, "AWS::Logs::LogGroup");
      expect([logs.DeletionPolicy, logs.Properties.RetentionInDays]).toEqual([policy, 30]);
      for (const fn of Object.values(resources(t, "AWS::Lambda::Function"))) expect(targetId(fn.Properties.LoggingConfig.LogGroup)).toBe(logId);
    }
    expect(resources(web, "Custom::LogRetention")).toEqual({});
  });

  test("the handler may touch its own ACL, alarm and topic in us-east-1, by name, and nothing else", () => {
    const [, fn] = handlerOf(web);
    const statements = roleStatements(web, targetId(fn.Properties.Role)!).map((s: Statement) => ({ actions: actions(s).sort(), resources: [s.Resource].flat().map(text) }));
    const arn = (service: string, resource: string, account = "<AWS::AccountId>") => `arn:<AWS::Partition>:${service}:us-east-1:${account}:${resource}`;
    expect(statements).toEqual([
      { actions: ["wafv2:CreateWebACL", "wafv2:DeleteWebACL", "wafv2:GetWebACL", "wafv2:UpdateWebACL"], resources: [arn("wafv2", "global/webacl/xiangyu-pr-42-console/*")] },
      { actions: ["wafv2:CreateWebACL", "wafv2:UpdateWebACL"], resources: [arn("wafv2", "global/managedruleset/*/*", "*")] },
      { actions: ["cloudwatch:DeleteAlarms", "cloudwatch:PutMetricAlarm"], resources: [arn("cloudwatch", "alarm:xiangyu-pr-42-console-5xx")] },
      { actions: ["sns:CreateTopic", "sns:DeleteTopic", "sns:ListTagsForResource", "sns:TagResource"], resources: [arn("sns", "xiangyu-pr-42-console-edge-alarms")] },
    ]);
    // The website's stack: its own names only (a stage "pr-4" could not reach "pr-42"'s either: no name pattern).
    const siteFn = handlerOf(site)[1];
    const siteResources = roleStatements(site, targetId(siteFn.Properties.Role)!).flatMap((s) => [s.Resource].flat().map(text));
    expect(siteResources.filter((r) => !r.includes("managedruleset")).every((r) => r.includes("xiangyu-pr-42-website"))).toBe(true);
  });

  test("the handler's bundle: one small ESM file exporting onEvent, the SDK left to the runtime", () => {
    const assembly = app.synth();
    const key: string = handlerOf(web)[1].Properties.Code.S3Key;
    const dir = join(assembly.directory, `asset.${key.replace(/\.zip$/, "")}`);
    const file = join(dir, "index.mjs");
    expect(existsSync(file), dir).toBe(true);
    const code = readFileSync(file, "utf8");
    expect(statSync(file).size).toBeLessThan(30_000);
    expect(code).toMatch(/export\s*\{[^}]*as onEvent|export\s*\{[^}]*onEvent/);
    for (const sdk of ["@aws-sdk/client-wafv2", "@aws-sdk/client-cloudwatch", "@aws-sdk/client-sns"]) expect(code).toContain(`from"${sdk}"`);
    expect(code).toContain("AWSManagedRulesCommonRuleSet");
  });

  test("cdk-nag: nothing open, and only the rules the stage's stacks already keep, each with a reason", () => {
    const ours = nagLog.findings.filter((f) => /^(pr-42|main)-xiangyu-(Web|Site)\//.test(f.path));
    expect(ours.length).toBeGreaterThan(5);
    expect(ours.filter((f) => !f.suppressed).map((f) => `${f.rule} ${f.path} ${f.finding}`)).toEqual([]);
    for (const f of ours) {
      expect(KEPT_RULES, f.rule).toContain(f.rule);
      expect(f.reason?.length ?? 0, `${f.rule} ${f.path}`).toBeGreaterThan(20);
    }
  });
});
