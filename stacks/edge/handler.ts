import { CreateWebACLCommand, DeleteWebACLCommand, GetWebACLCommand, UpdateWebACLCommand, WAFV2Client } from "@aws-sdk/client-wafv2";
import { CloudWatchClient, DeleteAlarmsCommand, PutMetricAlarmCommand, type PutMetricAlarmCommandInput } from "@aws-sdk/client-cloudwatch";
import { CreateTopicCommand, DeleteTopicCommand, ListTagsForResourceCommand, SNSClient, TagResourceCommand } from "@aws-sdk/client-sns";
import { EDGE_REGION, EDGE_REGION_VARIABLE, webAclDefinition, type EdgeSite } from "./webAclRules.ts";

/**
 * The stage's edge resources in us-east-1, as a CloudFormation custom resource (stacks/edge/edge.ts):
 * SST v2 puts every stack in the app's region, while WAF's CLOUDFRONT scope and CloudFront's
 * metrics exist in us-east-1 only. CDK's Provider framework calls `onEvent` for each
 * Create/Update/Delete and answers CloudFormation with what it returns (or the error it throws).
 */

/** A web ACL for one distribution, named `name` (xiangyu-<stage>-<site>). */
export type WebAclProps = { kind: "webAcl"; name: string; site: EdgeSite; revision?: string };
/** An alarm `name` on one distribution's 5xx share, notifying the us-east-1 topic `topicName`. */
export type AlarmProps = { kind: "alarm"; name: string; distributionId: string; topicName: string; thresholdPercent: number; minRequests: number; revision?: string };
type EdgeProps = WebAclProps | AlarmProps;

/** CloudFormation hands a custom resource every property as a string: numbers are parsed here. */
type AsSent<T> = { [K in keyof T]: T[K] extends number ? number | string : T[K] };

export type EdgeEvent = {
  RequestType: "Create" | "Update" | "Delete";
  /** The stack's ARN: arn:<partition>:cloudformation:<region>:<account>:stack/<name>/<id>. */
  StackId: string;
  PhysicalResourceId?: string;
  ResourceProperties: AsSent<EdgeProps> & { ServiceToken?: string };
  OldResourceProperties?: AsSent<EdgeProps> & { ServiceToken?: string };
};
export type EdgeResult = { PhysicalResourceId: string; Data?: Record<string, string> };

/** The three clients, in us-east-1; a test passes fakes. */
export type EdgeClients = { waf: Pick<WAFV2Client, "send">; cloudwatch: Pick<CloudWatchClient, "send">; sns: Pick<SNSClient, "send"> };

export function awsClients(region = process.env[EDGE_REGION_VARIABLE]): EdgeClients {
  if (region !== EDGE_REGION) throw new Error(`${EDGE_REGION_VARIABLE} must be ${EDGE_REGION} (WAF for CloudFront and CloudFront's metrics live there), got ${region}`);
  return { waf: new WAFV2Client({ region }), cloudwatch: new CloudWatchClient({ region }), sns: new SNSClient({ region }) };
}

const SCOPE = "CLOUDFRONT";
const FIVE_MINUTES_S = 300;
/** The tag on a topic this resource created, naming the alarm that owns it (see `ensureTopic`). */
export const TOPIC_OWNER_TAG = "xiangyu:edge-alarm";

const sleep = (ms: number) => new Promise<void>((done) => setTimeout(done, ms));
const named = (e: unknown, ...names: string[]) => names.includes((e as Error)?.name);

/** Retries `run` on the named (transient) errors, waiting 5, 10, 20, 40 s: about a minute and a quarter. */
async function retrying<T>(run: () => Promise<T>, on: string[], wait: (ms: number) => Promise<void>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await run();
    } catch (e) {
      if (attempt >= 4 || !named(e, ...on)) throw e;
      await wait(5000 * 2 ** attempt);
    }
  }
}

/** `onEvent` with its clients given: the tests' way in. */
export function edgeHandler(clients: () => EdgeClients, wait: (ms: number) => Promise<void> = sleep) {
  return async (event: EdgeEvent): Promise<EdgeResult> => {
    const props = event.ResourceProperties;
    if (props.kind === "webAcl") return webAcl(event, props as WebAclProps, clients().waf, wait);
    if (props.kind === "alarm") return alarm(event, props as AsSent<AlarmProps>, clients());
    throw new Error(`unknown edge resource kind ${String((props as { kind?: unknown }).kind)}`);
  };
}

let shared: EdgeClients | undefined;
/** The Lambda's handler (stacks/edge/handler.onEvent): one set of clients per container. */
export const onEvent = edgeHandler(() => (shared ??= awsClients()));

// --- Web ACL ---------------------------------------------------------------------------------

/** The physical id of a web ACL: its name and WAF's id, the two GetWebACL needs. */
const aclPhysicalId = (name: string, id: string) => `${name}|${id}`;
const parseAclId = (physicalId = "") => {
  const [name, id] = physicalId.split("|");
  return name && id ? { name, id } : undefined;
};

async function webAcl(event: EdgeEvent, props: WebAclProps, waf: EdgeClients["waf"], wait: (ms: number) => Promise<void>): Promise<EdgeResult> {
  const create = async (): Promise<EdgeResult> => {
    try {
      const { Summary } = await waf.send(new CreateWebACLCommand({ Name: props.name, Scope: SCOPE, ...webAclDefinition(props.name, props.site) }));
      return { PhysicalResourceId: aclPhysicalId(props.name, Summary!.Id!), Data: { Arn: Summary!.ARN!, Id: Summary!.Id! } };
    } catch (e) {
      // Only a crash between CreateWebACL and the answer leaves one behind; finding it would need ListWebACLs on "*".
      if (named(e, "WAFDuplicateItemException"))
        throw new Error(`A web ACL ${props.name} already exists in ${EDGE_REGION} (CloudFront scope) but not in this stack: delete it in the WAF console and deploy again`);
      throw e;
    }
  };
  const existing = parseAclId(event.PhysicalResourceId);

  if (event.RequestType === "Create") return create();

  if (event.RequestType === "Delete") {
    if (existing)
      await retrying(
        async () => {
          try {
            const { LockToken } = await waf.send(new GetWebACLCommand({ Name: existing.name, Id: existing.id, Scope: SCOPE }));
            await waf.send(new DeleteWebACLCommand({ Name: existing.name, Id: existing.id, Scope: SCOPE, LockToken }));
          } catch (e) {
            // Gone already (deleted by hand, or never made): what Delete asks for is true.
            if (!named(e, "WAFNonexistentItemException")) throw e;
          }
        },
        // Changed between Get and Delete; or CloudFront has not yet let go of it after the distribution's update.
        ["WAFOptimisticLockException", "WAFAssociatedItemException"],
        wait,
      );
    return { PhysicalResourceId: event.PhysicalResourceId ?? props.name };
  }

  // Update. A new name is a new ACL: CloudFormation then deletes the old one (Delete, old physical id).
  if (!existing || existing.name !== props.name) return create();
  try {
    return await retrying(
      async () => {
        const { WebACL, LockToken } = await waf.send(new GetWebACLCommand({ Name: existing.name, Id: existing.id, Scope: SCOPE }));
        await waf.send(new UpdateWebACLCommand({ Name: existing.name, Id: existing.id, Scope: SCOPE, LockToken, ...webAclDefinition(props.name, props.site) }));
        return { PhysicalResourceId: event.PhysicalResourceId!, Data: { Arn: WebACL!.ARN!, Id: existing.id } };
      },
      ["WAFOptimisticLockException"],
      wait,
    );
  } catch (e) {
    // Deleted outside CloudFormation: made again (a new id, so a new physical id).
    if (named(e, "WAFNonexistentItemException")) return create();
    throw e;
  }
}

// --- 5xx alarm -------------------------------------------------------------------------------

/**
 * The alarm: CloudFront's 5xxErrorRate (the share of requests answered 5xx, in %) averaged over
 * five minutes, counted only when the distribution served at least `minRequests` in them, so one
 * failed request of three at night does not wake anyone. No data is no alarm.
 */
export function alarmInput(props: AsSent<AlarmProps>, topicArn: string): PutMetricAlarmCommandInput {
  const threshold = Number(props.thresholdPercent);
  const minRequests = Number(props.minRequests);
  const metric = (MetricName: string) => ({
    Namespace: "AWS/CloudFront",
    MetricName,
    // CloudFront publishes its metrics in us-east-1 with Region=Global.
    Dimensions: [
      { Name: "DistributionId", Value: props.distributionId },
      { Name: "Region", Value: "Global" },
    ],
  });
  return {
    AlarmName: props.name,
    AlarmDescription: `CloudFront ${props.distributionId}: ${threshold}% or more of at least ${minRequests} requests answered 5xx in 5 minutes (stacks/edge)`,
    ActionsEnabled: true,
    AlarmActions: [topicArn],
    Metrics: [
      { Id: "rate", MetricStat: { Metric: metric("5xxErrorRate"), Period: FIVE_MINUTES_S, Stat: "Average" }, ReturnData: false },
      { Id: "requests", MetricStat: { Metric: metric("Requests"), Period: FIVE_MINUTES_S, Stat: "Sum" }, ReturnData: false },
      { Id: "gated", Expression: `IF(requests >= ${minRequests}, rate, 0)`, Label: "5xx % (at least the minimum of requests)", ReturnData: true },
    ],
    EvaluationPeriods: 1,
    DatapointsToAlarm: 1,
    Threshold: threshold,
    ComparisonOperator: "GreaterThanOrEqualToThreshold",
    TreatMissingData: "notBreaching",
  };
}

/** The topic's ARN in us-east-1, in the stack's partition and account. */
function topicArnOf(stackId: string, topicName: string) {
  const [, partition, , , account] = stackId.split(":");
  return `arn:${partition}:sns:${EDGE_REGION}:${account}:${topicName}`;
}

/** A topic's tags, or undefined when there is no such topic. */
async function topicTags(sns: EdgeClients["sns"], arn: string): Promise<Record<string, string> | undefined> {
  try {
    const { Tags } = await sns.send(new ListTagsForResourceCommand({ ResourceArn: arn }));
    return Object.fromEntries((Tags ?? []).map((t) => [t.Key, t.Value]));
  } catch (e) {
    if (named(e, "ResourceNotFoundException", "NotFoundException")) return undefined;
    throw e;
  }
}

/**
 * The alarm's topic, made if missing. A topic made here carries TOPIC_OWNER_TAG = the alarm's name,
 * and only such a topic is deleted with its alarm: one that was there before (someone's, with its
 * confirmed subscriptions) is used and left alone. An alarm replacing another (a new name) takes
 * over the tag, so the old alarm's Delete, which CloudFormation runs after, leaves it.
 */
async function ensureTopic(sns: EdgeClients["sns"], arn: string, topicName: string, alarmName: string) {
  const tags = await topicTags(sns, arn);
  const Tags = [{ Key: TOPIC_OWNER_TAG, Value: alarmName }];
  if (!tags) await sns.send(new CreateTopicCommand({ Name: topicName, Tags }));
  else if (TOPIC_OWNER_TAG in tags && tags[TOPIC_OWNER_TAG] !== alarmName) await sns.send(new TagResourceCommand({ ResourceArn: arn, Tags }));
}

async function deleteOwnTopic(sns: EdgeClients["sns"], arn: string, alarmName: string) {
  const tags = await topicTags(sns, arn);
  if (tags?.[TOPIC_OWNER_TAG] === alarmName) await sns.send(new DeleteTopicCommand({ TopicArn: arn }));
}

async function alarm(event: EdgeEvent, props: AsSent<AlarmProps>, { cloudwatch, sns }: EdgeClients): Promise<EdgeResult> {
  const topicArn = topicArnOf(event.StackId, props.topicName);
  if (event.RequestType === "Delete") {
    // The physical id is the alarm's name; the properties are those it was made with.
    const alarmName = event.PhysicalResourceId ?? props.name;
    try {
      await cloudwatch.send(new DeleteAlarmsCommand({ AlarmNames: [alarmName] }));
    } catch (e) {
      // Deleted by hand already: what Delete asks for is true.
      if (!named(e, "ResourceNotFound", "ResourceNotFoundException")) throw e;
    }
    await deleteOwnTopic(sns, topicArn, alarmName);
    return { PhysicalResourceId: alarmName };
  }
  await ensureTopic(sns, topicArn, props.topicName, props.name);
  await cloudwatch.send(new PutMetricAlarmCommand(alarmInput(props, topicArn)));
  // Same alarm, another topic: the old one, if made here, goes (no Delete will come for it).
  const old = event.OldResourceProperties as AsSent<AlarmProps> | undefined;
  if (event.RequestType === "Update" && event.PhysicalResourceId === props.name && old?.topicName && old.topicName !== props.topicName)
    await deleteOwnTopic(sns, topicArnOf(event.StackId, old.topicName), props.name);
  return { PhysicalResourceId: props.name, Data: { AlarmName: props.name, TopicArn: topicArn } };
}
