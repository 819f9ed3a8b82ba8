import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { Aws, CustomResource, Duration, RemovalPolicy, type Stack } from "aws-cdk-lib";
import { PolicyStatement } from "aws-cdk-lib/aws-iam";
import { Architecture, LoggingFormat, Runtime, RuntimeFamily } from "aws-cdk-lib/aws-lambda";
import { NodejsFunction, OutputFormat } from "aws-cdk-lib/aws-lambda-nodejs";
import { LogGroup, RetentionDays } from "aws-cdk-lib/aws-logs";
import { Provider } from "aws-cdk-lib/custom-resources";
import { NagSuppressions } from "cdk-nag";
import { THRESHOLDS } from "../Alarms.ts";
import { LAMBDA_RUNTIME } from "../lambda.ts";
import { keep } from "../nag.ts";
import { isDurableStage } from "../stage.ts";
import { EDGE_REGION, EDGE_REGION_VARIABLE, type EdgeSite } from "./webAclRules.ts";
import type { AlarmProps, WebAclProps } from "./handler.ts";

/**
 * The stage's resources at the edge that live in us-east-1 (WAF's CLOUDFRONT scope, CloudFront's
 * metrics), made from a stack in the stage's region through a custom resource (handler.ts): SST v2
 * puts every stack in the app's region and takes no `env` per stack. docs/edge.md.
 *
 * Wiring, in stacks/Web.ts (and alike in Site.ts with "website"):
 *
 *   const { webAclArn } = edgeProtection(stack, { site: "console" });
 *   … new StaticSite(stack, "Console", { cdk: { distribution: { webAclId: webAclArn, … } } });
 *   if (distribution) edgeAlarm(stack, { distributionId: distribution.distributionId, site: "console" });
 */

/** An SST stack (or a CDK stack with a stage, in tests): the names of what is made here carry the stage. */
export type EdgeStack = Stack & { readonly stage: string };

/** What is made for a distribution, by name: each stage and site its own, so no policy needs a name pattern. */
export const edgeNames = (stage: string, site: EdgeSite) => ({
  webAcl: `xiangyu-${stage}-${site}`,
  alarm: `xiangyu-${stage}-${site}-5xx`,
  topic: `xiangyu-${stage}-${site}-edge-alarms`,
});

/** The handler's source, relative to the repository's root (SST and the tests run from there). */
const HANDLER = "stacks/edge/handler.ts";

/**
 * A property that changes with the handler or the rules: CloudFormation calls the custom resource
 * only when its properties change, so a new rule or limit in webAclRules.ts reaches the ACLs (and
 * a new alarm shape the alarms) on the next deploy. An Update applies the whole definition again,
 * so a change of comments alone costs one harmless UpdateWebACL.
 */
const revision = () =>
  createHash("sha256")
    .update(readFileSync(resolve(HANDLER)))
    .update(readFileSync(resolve("stacks/edge/webAclRules.ts")))
    .digest("hex")
    .slice(0, 16);

const PROVIDER_ID = "EdgeProvider";

/** What CloudFormation passes the handler: WebAclProps or AlarmProps, with the revision. */
type Properties<T> = Omit<T, "revision"> & { revision: string };

/**
 * The stack's custom resource provider, made once: the handler (a plain CDK Lambda, bundled by
 * esbuild at synth) and CDK's Provider framework in front of it, writing to one log group.
 *
 * Not stacks/lambda.ts's SST Function: SST's Function needs SST's app (the offline tests synthesize
 * this in a plain CDK app), and under `sst dev` it would become a stub forwarding to a laptop, while
 * a custom resource must answer CloudFormation during the deploy itself. Same runtime, arm64,
 * JSON logs and a log group of the stack as every Lambda of ours.
 */
function edgeProvider(stack: EdgeStack): { provider: Provider; handler: NodejsFunction } {
  const found = stack.node.tryFindChild(PROVIDER_ID) as Provider | undefined;
  if (found) return { provider: found, handler: found.onEventHandler as NodejsFunction };

  const logGroup = new LogGroup(stack, "EdgeLogs", {
    retention: RetentionDays.ONE_MONTH,
    removalPolicy: isDurableStage(stack.stage) ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
  });
  const handler = new NodejsFunction(stack, "EdgeHandler", {
    entry: resolve(HANDLER),
    handler: "onEvent",
    projectRoot: resolve("."),
    depsLockFilePath: resolve("package-lock.json"),
    description: `xiangyu ${stack.stage}: WAF web ACLs and CloudFront alarms in ${EDGE_REGION} (stacks/edge)`,
    runtime: new Runtime(LAMBDA_RUNTIME, RuntimeFamily.NODEJS),
    architecture: Architecture.ARM_64,
    // A few API calls; 256 MB is plenty and starts fast. The timeout leaves room for the retries
    // of a web ACL CloudFront has not yet let go of (about 75 s) and a slow region.
    memorySize: 256,
    timeout: Duration.minutes(5),
    loggingFormat: LoggingFormat.JSON,
    logGroup,
    environment: { [EDGE_REGION_VARIABLE]: EDGE_REGION },
    // The runtime ships the v3 SDK (stacks/lambda.ts): the three clients stay out of the bundle.
    bundling: { format: OutputFormat.ESM, minify: true, sourceMap: false, externalModules: ["@aws-sdk/*"] },
  });
  const provider = new Provider(stack, PROVIDER_ID, { onEventHandler: handler, logGroup });

  keep(handler, { "AwsSolutions-IAM4": "AWSLambdaBasicExecutionRole: CreateLogStream and PutLogEvents only, kept current by AWS" }, [
    "Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole",
  ]);
  keep(handler, {
    "Serverless-LambdaDLQ": "A CloudFormation custom resource's handler, called synchronously by CDK's Provider framework: a failure fails the deploy",
    "Serverless-LambdaTracing": "A deploy-time helper, run a few times per deploy; its calls are in its log",
  });
  keep(
    provider,
    {
      "AwsSolutions-IAM4": "CDK's Provider framework for the edge custom resource: AWSLambdaBasicExecutionRole, its library's role",
    },
    ["Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole"],
  );
  // A pattern (as stacks/nag.ts's own keeps), since the handler's logical id ends in CDK's hash.
  NagSuppressions.addResourceSuppressions(
    provider,
    [
      {
        id: "AwsSolutions-IAM5",
        reason: "CDK's Provider framework invokes the edge handler's versions and aliases (<arn>:*), the same function",
        appliesTo: [{ regex: "/^Resource::<EdgeHandler[0-9A-F]{8}\\.Arn>:\\*$/g" }],
      },
    ],
    true,
  );
  keep(provider, {
    "AwsSolutions-L1": "CDK's Provider framework, on the runtime its library sets for the region",
    "Serverless-LambdaLatestVersion": "CDK's Provider framework, on the runtime its library sets",
    "Serverless-LambdaDLQ": "A CloudFormation custom resource: CloudFormation waits for its answer and fails the deploy otherwise",
    "Serverless-LambdaTracing": "A deploy-time helper, run a few times per deploy",
    "Serverless-LambdaDefaultMemorySize": "CDK's Provider framework, sized by CDK",
  });
  return { provider, handler };
}

/** An ARN in us-east-1, in the deploying account (pseudo-parameters, so cdk-nag reads it the same in every env). */
const edgeArn = (service: string, resource: string, account: string = Aws.ACCOUNT_ID) => `arn:${Aws.PARTITION}:${service}:${EDGE_REGION}:${account}:${resource}`;

/**
 * A WAF web ACL for the site's distribution (webAclRules.ts), in us-east-1. Pass `webAclArn` as the
 * distribution's `webAclId`. One per site and stack.
 */
export function edgeProtection(stack: EdgeStack, { site }: { site: EdgeSite }): { webAclArn: string } {
  const { provider, handler } = edgeProvider(stack);
  const name = edgeNames(stack.stage, site).webAcl;
  // WAF gives the ACL's id (the last part of its ARN) at creation, so the name is exact and the id is not.
  const webAcl = edgeArn("wafv2", `global/webacl/${name}/*`);
  // The AWS managed rule groups the ACL references: AWS's, not of our account, hence any account.
  const managed = edgeArn("wafv2", "global/managedruleset/*/*", "*");
  handler.addToRolePolicy(new PolicyStatement({ actions: ["wafv2:CreateWebACL", "wafv2:GetWebACL", "wafv2:UpdateWebACL", "wafv2:DeleteWebACL"], resources: [webAcl] }));
  handler.addToRolePolicy(new PolicyStatement({ actions: ["wafv2:CreateWebACL", "wafv2:UpdateWebACL"], resources: [managed] }));
  keep(
    handler,
    {
      "AwsSolutions-IAM5": `The ${site}'s web ACL ${name} (its id is WAF's, given at creation), and the AWS managed rule groups it references (AWS's, read only)`,
    },
    [
      `Resource::arn:<AWS::Partition>:wafv2:${EDGE_REGION}:<AWS::AccountId>:global/webacl/${name}/*`,
      `Resource::arn:<AWS::Partition>:wafv2:${EDGE_REGION}:*:global/managedruleset/*/*`,
    ],
  );

  const properties: Properties<WebAclProps> = { kind: "webAcl", name, site, revision: revision() };
  const resource = new CustomResource(stack, `EdgeWebAcl${capitalized(site)}`, { serviceToken: provider.serviceToken, resourceType: "Custom::EdgeWebAcl", properties });
  return { webAclArn: resource.getAttString("Arn") };
}

/**
 * An alarm on the distribution's 5xx share, in us-east-1 (CloudFront publishes its metrics
 * there only), with the stage's API thresholds: 5 % of at least 20 requests in five minutes. It
 * notifies its own us-east-1 topic (an alarm can only notify a topic of its region, and the
 * stage's AlarmTopic is in the stage's): subscribe to `topicArn` as to AlarmTopic (docs/edge.md).
 */
export function edgeAlarm(stack: EdgeStack, { distributionId, site }: { distributionId: string; site: EdgeSite }): { alarmName: string; topicArn: string } {
  const { provider, handler } = edgeProvider(stack);
  const names = edgeNames(stack.stage, site);
  handler.addToRolePolicy(new PolicyStatement({ actions: ["cloudwatch:PutMetricAlarm", "cloudwatch:DeleteAlarms"], resources: [edgeArn("cloudwatch", `alarm:${names.alarm}`)] }));
  handler.addToRolePolicy(
    new PolicyStatement({
      // ListTagsForResource tells a topic made here (tagged) from one that was there before.
      actions: ["sns:CreateTopic", "sns:TagResource", "sns:ListTagsForResource", "sns:DeleteTopic"],
      resources: [edgeArn("sns", names.topic)],
    }),
  );
  const properties: Properties<AlarmProps> = {
    kind: "alarm",
    name: names.alarm,
    distributionId,
    topicName: names.topic,
    thresholdPercent: THRESHOLDS.api5xxPercent,
    minRequests: THRESHOLDS.minRequests,
    revision: revision(),
  };
  const resource = new CustomResource(stack, `Edge5xxAlarm${capitalized(site)}`, { serviceToken: provider.serviceToken, resourceType: "Custom::EdgeAlarm", properties });
  return { alarmName: names.alarm, topicArn: resource.getAttString("TopicArn") };
}

const capitalized = (s: string) => s[0]!.toUpperCase() + s.slice(1);
