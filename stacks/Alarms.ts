import { Duration } from "aws-cdk-lib";
import { Alarm, ComparisonOperator, MathExpression, Metric, TreatMissingData, type IMetric } from "aws-cdk-lib/aws-cloudwatch";
import { SnsAction } from "aws-cdk-lib/aws-cloudwatch-actions";
import { Topic } from "aws-cdk-lib/aws-sns";
import { use, type StackContext } from "sst/constructs";
import { INDEXES } from "@xiangyu/core/kernel/table";
import { Storage } from "./Storage.ts";
import { Api } from "./Api.ts";
import { Jobs } from "./Jobs.ts";

const FIVE_MINUTES = Duration.minutes(5);

/** Share of API requests answered 5xx (API Gateway's or ours) over five minutes that raises the alarm. */
export const API_5XX_PERCENT = 5;
/** Below this many requests in five minutes a 5xx rate says nothing (one failure of three is not an outage). */
export const API_5XX_MIN_REQUESTS = 20;

/**
 * What wakes someone up: every alarm of the stage notifies one SNS topic (subscribe an address to
 * the AlarmTopic output, docs/deploy.md). Each alarm looks at five minutes; no data is no alarm.
 * - the API answers more than API_5XX_PERCENT of requests with a 5xx;
 * - a Lambda (area, worker or job) errs (crash or timeout: the area handlers turn domain errors
 *   into envelopes, so an Error is a real failure) or is throttled (the account's concurrency);
 * - DynamoDB throttles reads or writes on the table or an index (on-demand still has per-partition
 *   ceilings: a hot key);
 * - a dead-letter queue holds a message (a job or an import failed after its retries).
 */
export function Alarms({ stack }: StackContext) {
  const { table } = use(Storage);
  const { http, functions, worker, workerDeadLetters, tenantRemoval, tenantRemovalDeadLetters } = use(Api);
  const { functions: jobFunctions, deadLetters } = use(Jobs);
  const topic = new Topic(stack, "AlarmTopic", { displayName: `xiangyu ${stack.stage} alarms` });
  const notify = new SnsAction(topic);

  const alarm = (id: string, metric: IMetric, threshold: number, description: string) => {
    const a = new Alarm(stack, id, {
      metric,
      threshold,
      evaluationPeriods: 1,
      comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      treatMissingData: TreatMissingData.NOT_BREACHING,
      alarmDescription: description,
    });
    a.addAlarmAction(notify);
    return a;
  };

  alarm(
    "Api5xxRate",
    new MathExpression({
      expression: `IF(requests >= ${API_5XX_MIN_REQUESTS}, 100 * errors / requests, 0)`,
      usingMetrics: { errors: http.metricServerError({ period: FIVE_MINUTES, statistic: "Sum" }), requests: http.metricCount({ period: FIVE_MINUTES, statistic: "Sum" }) },
      period: FIVE_MINUTES,
      label: "API 5xx %",
    }),
    API_5XX_PERCENT,
    `API: ${API_5XX_PERCENT}% or more of the requests answered 5xx in 5 minutes`,
  );

  const lambdas = {
    ...Object.fromEntries(Object.entries(functions).map(([area, fn]) => [`${area}Area`, fn])),
    importWorker: worker,
    tenantRemovalWorker: tenantRemoval,
    ...Object.fromEntries(Object.entries(jobFunctions).map(([job, fn]) => [`${job}Job`, fn])),
  };
  for (const [name, fn] of Object.entries(lambdas)) {
    const id = name[0]!.toUpperCase() + name.slice(1);
    alarm(`${id}Errors`, fn.metricErrors({ period: FIVE_MINUTES, statistic: "Sum" }), 1, `Lambda ${name}: an invocation failed (crash or timeout)`);
    alarm(`${id}Throttles`, fn.metricThrottles({ period: FIVE_MINUTES, statistic: "Sum" }), 1, `Lambda ${name}: an invocation was throttled`);
  }

  const throttleEvents = (metricName: string, index?: string) =>
    new Metric({
      namespace: "AWS/DynamoDB",
      metricName,
      dimensionsMap: { TableName: table.tableName, ...(index ? { GlobalSecondaryIndexName: index } : {}) },
      period: FIVE_MINUTES,
      statistic: "Sum",
    });
  for (const index of [undefined, ...INDEXES]) {
    const where = index ?? "table";
    const id = index ? index.toUpperCase() : "Table";
    alarm(`Dynamo${id}ReadThrottles`, throttleEvents("ReadThrottleEvents", index), 1, `DynamoDB ${where}: reads throttled`);
    alarm(`Dynamo${id}WriteThrottles`, throttleEvents("WriteThrottleEvents", index), 1, `DynamoDB ${where}: writes throttled`);
  }

  const queues = { importWorker: workerDeadLetters, tenantRemovalWorker: tenantRemovalDeadLetters, ...deadLetters };
  for (const [name, queue] of Object.entries(queues)) {
    const id = name[0]!.toUpperCase() + name.slice(1);
    alarm(
      `${id}DeadLetters`,
      queue.metricApproximateNumberOfMessagesVisible({ period: FIVE_MINUTES, statistic: "Maximum" }),
      1,
      `${name}: a failed run is waiting in its dead-letter queue`,
    );
  }

  stack.addOutputs({ AlarmTopic: topic.topicArn });
  return { topic };
}
