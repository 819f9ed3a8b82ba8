import { Duration } from "aws-cdk-lib";
import { Alarm, ComparisonOperator, MathExpression, Metric, TreatMissingData, type IMetric } from "aws-cdk-lib/aws-cloudwatch";
import { SnsAction } from "aws-cdk-lib/aws-cloudwatch-actions";
import { FilterPattern, MetricFilter, type ILogGroup } from "aws-cdk-lib/aws-logs";
import type { HttpApi } from "aws-cdk-lib/aws-apigatewayv2";
import type { ITable } from "aws-cdk-lib/aws-dynamodb";
import type { Queue } from "aws-cdk-lib/aws-sqs";
import { Topic } from "aws-cdk-lib/aws-sns";
import { use, type Function, type Stack, type StackContext } from "sst/constructs";
import { ALL_INDEXES } from "@xiangyu/core/kernel/table";
import { Storage } from "./Storage.ts";
import { Api } from "./Api.ts";
import { Routes } from "./Routes.ts";
import { Jobs } from "./Jobs.ts";
import { dashboard } from "./dashboard.ts";

const FIVE_MINUTES = Duration.minutes(5);

/**
 * Every threshold of the stage's alarms, with why it is where it is (docs/deploy.md repeats them).
 * An alarm looks at five-minute periods; no data is no alarm.
 */
export const THRESHOLDS = {
  /** An API answering 5 % or more 5xx (API Gateway's or ours) is failing for staff, not for one call. */
  api5xxPercent: 5,
  /** Below this many requests in five minutes a rate says nothing (one failure of three is not an outage). */
  minRequests: 20,
  /** An area failing (crash, timeout, throttle) on 2 % of its calls, or 5 times in five minutes however few the calls. */
  areaFailurePercent: 2,
  areaFailures: 5,
  /** The lists answer within 100 ms p95 (docs/performance.md); a p99 above 3 s for 15 minutes is a fault, not a slow page. */
  areaP99Ms: 3000,
  areaP99Periods: 3,
  /**
   * 429s: API Gateway's route throttles and our per-address limits. A burst of sign-ins or reads past
   * them is an attack or a runaway client; 100 in five minutes is far above a mistyped password.
   */
  throttled429: 100,
  /** DynamoDB retries a throttled request itself (the SDK, 3 times): a handful is absorbed, 25 is a hot key. */
  dynamoThrottles: 25,
} as const;

/** The namespace of the metrics the stage makes itself (from its access log). */
const metricNamespace = (stage: string) => `Xiangyu/${stage}`;

/** Raises one alarm of the stage: at or above its threshold, on its periods, to the stage's topic. */
type Raise = (id: string, metric: IMetric, threshold: number, description: string, evaluationPeriods?: number) => Alarm;

/**
 * What wakes someone up: every alarm of the stage notifies one SNS topic (subscribe an address to
 * the AlarmTopic output, docs/deploy.md):
 * - an API's 5xx share;
 * - an area's failure share (errors and throttles of its Lambda: the handlers turn domain errors
 *   into envelopes, so an Error is a real failure) and its p99 duration;
 * - 429s across the APIs (counted from the access log: HTTP APIs publish no 429 metric);
 * - DynamoDB throttling on the table or an index (on-demand still has per-partition ceilings);
 * - a message in any dead-letter queue: a job, a worker or a scheduled task failed after its
 *   retries (their failed first tries are retried, so they alarm here and only here).
 */
export function Alarms({ stack }: StackContext) {
  const { table } = use(Storage);
  const { functions, workerDeadLetters, tenantRemovalDeadLetters } = use(Api);
  const { apis, accessLog } = use(Routes);
  const { deadLetters, tasks, monthWorkerDeadLetters } = use(Jobs);
  const topic = new Topic(stack, "AlarmTopic", { displayName: `xiangyu ${stack.stage} alarms`, enforceSSL: true });
  const raise = alarmsTo(stack, new SnsAction(topic));

  apiErrorAlarms(raise, apis);
  areaAlarms(raise, functions);
  const throttled = throttledAlarm(stack, raise, accessLog);
  dynamoThrottleAlarms(raise, table);
  const queues = {
    importWorker: workerDeadLetters,
    tenantRemovalWorker: tenantRemovalDeadLetters,
    monthWorker: monthWorkerDeadLetters,
    taskRunner: tasks.deadLetters,
    ...deadLetters,
  };
  deadLetterAlarms(raise, queues);

  dashboard(stack, { apis, functions, queues, table, throttled });
  stack.addOutputs({ AlarmTopic: topic.topicArn });
  return { topic };
}

/** Every alarm the same way: no data is no alarm, and each one notifies the topic. */
function alarmsTo(stack: Stack, notify: SnsAction): Raise {
  return (id, metric, threshold, description, evaluationPeriods = 1) => {
    const a = new Alarm(stack, id, {
      metric,
      threshold,
      evaluationPeriods,
      comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      treatMissingData: TreatMissingData.NOT_BREACHING,
      alarmDescription: description,
    });
    a.addAlarmAction(notify);
    return a;
  };
}

/** Each API's 5xx share, once it served enough requests for a share to mean something. */
function apiErrorAlarms(raise: Raise, apis: readonly HttpApi[]) {
  apis.forEach((http, i) =>
    raise(
      `Api${i + 1}5xxRate`,
      new MathExpression({
        expression: `IF(requests >= ${THRESHOLDS.minRequests}, 100 * errors / requests, 0)`,
        usingMetrics: { errors: http.metricServerError({ period: FIVE_MINUTES, statistic: "Sum" }), requests: http.metricCount({ period: FIVE_MINUTES, statistic: "Sum" }) },
        period: FIVE_MINUTES,
        label: `API ${i + 1} 5xx %`,
      }),
      THRESHOLDS.api5xxPercent,
      `API ${i + 1}: ${THRESHOLDS.api5xxPercent}% or more of at least ${THRESHOLDS.minRequests} requests answered 5xx in 5 minutes`,
    ),
  );
}

/** Each area's Lambda: its failures (a count, or a share of enough calls) and its p99 duration. */
function areaAlarms(raise: Raise, functions: Record<string, Function>) {
  for (const [area, fn] of Object.entries(functions)) {
    const id = capitalised(area);
    const { areaFailures: n, areaFailurePercent: pct, minRequests: min } = THRESHOLDS;
    raise(
      `${id}Failures`,
      new MathExpression({
        expression: `IF((e + t) >= ${n} || ((c + t) >= ${min} && 100 * (e + t) / (c + t) >= ${pct}), 1, 0)`,
        usingMetrics: {
          e: fn.metricErrors({ period: FIVE_MINUTES, statistic: "Sum" }),
          t: fn.metricThrottles({ period: FIVE_MINUTES, statistic: "Sum" }),
          c: fn.metricInvocations({ period: FIVE_MINUTES, statistic: "Sum" }),
        },
        period: FIVE_MINUTES,
        label: `${area} failing`,
      }),
      1,
      `Lambda ${area}: ${n} or more failed calls (error, timeout, throttle), or ${pct}% of at least ${min}, in 5 minutes`,
    );
    raise(
      `${id}LatencyP99`,
      fn.metricDuration({ period: FIVE_MINUTES, statistic: "p99" }),
      THRESHOLDS.areaP99Ms,
      `Lambda ${area}: p99 duration ${THRESHOLDS.areaP99Ms} ms or more for ${THRESHOLDS.areaP99Periods * 5} minutes`,
      THRESHOLDS.areaP99Periods,
    );
  }
}

/** 429s across the APIs; returns their count for the dashboard. HTTP APIs publish 4xx as one metric, so the 429s are counted from the access log's status. */
function throttledAlarm(stack: Stack, raise: Raise, accessLog: ILogGroup): IMetric {
  const throttled = new MetricFilter(stack, "Api429Count", {
    logGroup: accessLog,
    filterPattern: FilterPattern.stringValue("$.status", "=", "429"),
    metricNamespace: metricNamespace(stack.stage),
    metricName: "Api429",
    metricValue: "1",
  });
  raise(
    "Api429s",
    throttled.metric({ period: FIVE_MINUTES, statistic: "Sum" }),
    THRESHOLDS.throttled429,
    `APIs: ${THRESHOLDS.throttled429} or more requests answered 429 in 5 minutes`,
  );
  return throttled.metric({ period: FIVE_MINUTES, statistic: "Sum" });
}

/** Reads and writes throttled on the table and on each index (on-demand still has per-partition ceilings). */
function dynamoThrottleAlarms(raise: Raise, table: ITable) {
  const throttleEvents = (metricName: string, index?: string) =>
    new Metric({
      namespace: "AWS/DynamoDB",
      metricName,
      dimensionsMap: { TableName: table.tableName, ...(index ? { GlobalSecondaryIndexName: index } : {}) },
      period: FIVE_MINUTES,
      statistic: "Sum",
    });
  for (const index of [undefined, ...ALL_INDEXES]) {
    const where = index ?? "table";
    const id = index ? index.toUpperCase() : "Table";
    raise(`Dynamo${id}ReadThrottles`, throttleEvents("ReadThrottleEvents", index), THRESHOLDS.dynamoThrottles, `DynamoDB ${where}: reads throttled`);
    raise(`Dynamo${id}WriteThrottles`, throttleEvents("WriteThrottleEvents", index), THRESHOLDS.dynamoThrottles, `DynamoDB ${where}: writes throttled`);
  }
}

/** A message in a dead-letter queue is a run that failed after its retries: the first one alarms. */
function deadLetterAlarms(raise: Raise, queues: Record<string, Queue>) {
  for (const [name, queue] of Object.entries(queues)) {
    raise(
      `${capitalised(name)}DeadLetters`,
      queue.metricApproximateNumberOfMessagesVisible({ period: FIVE_MINUTES, statistic: "Maximum" }),
      1,
      `${name}: a failed run is waiting in its dead-letter queue`,
    );
  }
}

const capitalised = (name: string) => name[0]!.toUpperCase() + name.slice(1);
