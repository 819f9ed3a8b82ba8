import { Aspects, CfnResource, type IAspect } from "aws-cdk-lib";
import { AwsSolutionsChecks, NagSuppressions, ServerlessChecks, type INagLogger, type NagLoggerNonComplianceData, type NagLoggerSuppressedData } from "cdk-nag";
import type { IConstruct } from "constructs";

/** One cdk-nag finding, as the checks and `npm run cloud:check` count them. */
type NagFinding = { pack: string; rule: string; finding: string; level: string; path: string; suppressed: boolean; reason?: string };

/** Collects what the packs find (their own console output is off: the tests and cloud:check count). */
class CollectingLogger implements INagLogger {
  findings: NagFinding[] = [];
  private add(d: NagLoggerNonComplianceData, suppressed: boolean, reason?: string) {
    this.findings.push({ pack: d.nagPackName, rule: d.ruleId, finding: d.findingId, level: d.ruleLevel, path: d.resource.node.path, suppressed, reason });
  }
  onCompliance() {}
  onNotApplicable() {}
  onNonCompliance(d: NagLoggerNonComplianceData) {
    this.add(d, false);
  }
  onSuppressed(d: NagLoggerSuppressedData) {
    this.add(d, true, d.suppressionReason);
  }
  onError(d: { nagPackName: string; ruleId: string; resource: CfnResource; errorMessage: string; ruleLevel: string }) {
    this.findings.push({ pack: d.nagPackName, rule: d.ruleId, finding: d.ruleId, level: "RuleError", path: d.resource.node.path, suppressed: false, reason: d.errorMessage });
  }
  onSuppressedError() {}
}

export const nagLog = new CollectingLogger();

/**
 * AWS's rule packs for CDK apps, applied to every stack of the app at synth: AwsSolutions and
 * Serverless. An unsuppressed error fails `sst deploy` (CDK refuses a template with error
 * annotations) and infra-tests. A finding we keep is suppressed on its one resource, with the
 * rule and our reason (`keep` below), never for the whole app.
 */
export function applyNag(scope: IConstruct) {
  const options = { verbose: true, reports: false, additionalLoggers: [nagLog] };
  // First, so each helper resource carries its reasons before the packs look at it.
  Aspects.of(scope).add(new DeployHelpers());
  Aspects.of(scope).add(new AwsSolutionsChecks(options));
  Aspects.of(scope).add(new ServerlessChecks(options));
}

/**
 * The only rules a finding may be kept for (infra-tests check no other is): widening it is a
 * decision taken here, with the reasons where each is kept.
 */
export const KEPT_RULES = [
  "AwsSolutions-APIG4",
  "AwsSolutions-CFR4",
  "AwsSolutions-IAM4",
  "AwsSolutions-IAM5",
  "AwsSolutions-L1",
  "AwsSolutions-SMG4",
  "AwsSolutions-SQS3",
  "Serverless-LambdaDLQ",
  "Serverless-LambdaDefaultMemorySize",
  "Serverless-LambdaLatestVersion",
  "Serverless-LambdaTracing",
  "Serverless-SQSRedrivePolicy",
] as const;

/** Keeps a finding on one resource (and the resources CDK makes inside that construct), saying why. */
export function keep(construct: IConstruct, rules: Record<string, string>, appliesTo?: string[]) {
  NagSuppressions.addResourceSuppressions(
    construct,
    Object.entries(rules).map(([id, reason]) => ({ id, reason, ...(appliesTo ? { appliesTo } : {}) })),
    true,
  );
}

/** Why the wildcards and managed policy of a Lambda of ours stay (each matched exactly, so a new wildcard is still found). */
const FUNCTION_KEEPS = [
  {
    id: "AwsSolutions-IAM4",
    reason: "AWSLambdaBasicExecutionRole: CreateLogStream and PutLogEvents only, kept current by AWS",
    appliesTo: ["Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole"],
  },
  {
    id: "AwsSolutions-IAM5",
    reason: "The table's indexes (index/*): a query names its index at run time; the actions are the item actions of stacks/access.ts, no Scan",
    appliesTo: [{ regex: "/^Resource::<Table[0-9A-F]{8}\\.Arn>\\/index\\/\\*$/g" }],
  },
  {
    id: "AwsSolutions-IAM5",
    reason: "X-Ray's PutTraceSegments and PutTelemetryRecords take no resource (SST turns tracing on); infra-tests allow '*' only for xray:",
    appliesTo: ["Resource::*"],
  },
  {
    id: "AwsSolutions-IAM5",
    reason: "A function's versions and aliases (<arn>:*) are the same function: grantInvoke names both",
    appliesTo: [{ regex: "/^Resource::<[A-Za-z0-9]+\\.Arn>:\\*$/g" }],
  },
  {
    id: "AwsSolutions-IAM5",
    reason: "Uploads are objects under any key of the uploads bucket (presigned PUT/GET, the import's sheet and reports); this bucket only",
    appliesTo: [{ regex: "/^Resource::<Uploads[0-9A-F]{8}\\.Arn>\\/\\*$/g" }],
  },
  {
    id: "AwsSolutions-IAM5",
    reason: "The stage's schedule group: schedules are created per scheduled task at run time (task-<id>)",
    appliesTo: [{ regex: "/^Resource::arn:<AWS::Partition>:scheduler:[a-z0-9-]+:[^:]+:schedule\\/xiangyu-[A-Za-z0-9-]+-tasks\\/\\*$/g" }],
  },
];

/** A request Lambda behind API Gateway: called synchronously, so there is no event to dead-letter. */
export function keepRequestFunction(fn: IConstruct) {
  NagSuppressions.addResourceSuppressions(
    fn,
    [...FUNCTION_KEEPS, { id: "Serverless-LambdaDLQ", reason: "Called synchronously by API Gateway: a failed call is answered 5xx and logged; there is no event to keep" }],
    true,
  );
}

/** A Lambda invoked asynchronously (a job, a worker, the task runner): failures go to an SQS on-failure destination. */
export function keepAsyncFunction(fn: IConstruct) {
  NagSuppressions.addResourceSuppressions(
    fn,
    [
      ...FUNCTION_KEEPS,
      {
        id: "Serverless-LambdaDLQ",
        reason: "Failures go to an on-failure destination (SQS, EventInvokeConfig), which keeps the event and the error; a DeadLetterConfig would keep less",
      },
    ],
    true,
  );
}

/** A dead-letter queue has no dead-letter queue of its own. */
export function keepDeadLetterQueue(queue: IConstruct) {
  keep(queue, {
    "AwsSolutions-SQS3": "This queue is itself a dead-letter queue (stacks/deadLetters.ts)",
    "Serverless-SQSRedrivePolicy": "This queue is itself a dead-letter queue: nothing is redriven from it automatically",
  });
}

/** Constructs SST and CDK add for deploying, not for serving: their custom-resource Lambdas and the sites' uploader. */
const HELPER_PATH = /\/(CustomResourceHandler|AWS679f53fac002430cb0da5b7982bd2287|S3Uploader[^/]*)\//;

const HELPER_KEEPS = {
  "AwsSolutions-L1": "SST's and CDK's deploy-time helper, on the runtime its library sets (nodejs22.x, supported by Lambda until 2027)",
  "AwsSolutions-IAM4": "SST's and CDK's deploy-time helper: its library's role",
  "AwsSolutions-IAM5": "SST's and CDK's deploy-time helper: writes the site's files to its bucket from CDK's asset bucket, or sets one bucket's CORS",
  "Serverless-LambdaDLQ": "A CloudFormation custom resource: CloudFormation waits for its answer and fails the deploy otherwise",
  "Serverless-LambdaLatestVersion": "SST's and CDK's deploy-time helper, on the runtime its library sets",
  "Serverless-LambdaTracing": "A deploy-time helper, run a few times per deploy",
  "Serverless-LambdaDefaultMemorySize": "CDK's AwsCustomResource helper, sized by CDK",
};

/** Gives SST's and CDK's deploy-time helpers their reasons, on each of their resources. */
class DeployHelpers implements IAspect {
  visit(node: IConstruct) {
    if (!(node instanceof CfnResource) || !HELPER_PATH.test(`${node.node.path}/`)) return;
    NagSuppressions.addResourceSuppressions(
      node,
      Object.entries(HELPER_KEEPS).map(([id, reason]) => ({ id, reason })),
    );
  }
}
