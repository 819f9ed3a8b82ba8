import { Duration } from "aws-cdk-lib";
import { Dashboard, GraphWidget, MathExpression, TextWidget, type IMetric } from "aws-cdk-lib/aws-cloudwatch";
import type { HttpApi } from "aws-cdk-lib/aws-apigatewayv2";
import type { ITable } from "aws-cdk-lib/aws-dynamodb";
import type { Queue } from "aws-cdk-lib/aws-sqs";
import type { Function, Stack } from "sst/constructs";

const FIVE_MINUTES = Duration.minutes(5);

/** Up to this many lines on one graph: past it CloudWatch's legend is unreadable. */
const LINES_PER_GRAPH = 10;
const chunks = <T>(list: readonly T[], size: number): T[][] => Array.from({ length: Math.ceil(list.length / size) }, (_, i) => list.slice(i * size, i * size + size));

type Sources = { apis: HttpApi[]; functions: Record<string, Function>; queues: Record<string, Queue>; table: ITable; throttled: IMetric };

/**
 * The stage's one dashboard (`xiangyu-<stage>`): what the alarms watch, as graphs, so an alarm can
 * be read in context — requests and errors per API, each area's p99 and failures, 429s, DynamoDB
 * capacity and throttles, dead-letter queues.
 */
export function dashboard(stack: Stack, { apis, functions, queues, table, throttled }: Sources) {
  const board = new Dashboard(stack, "Dashboard", { dashboardName: `xiangyu-${stack.stage}`, defaultInterval: Duration.hours(3) });
  const areas = Object.entries(functions);
  board.addWidgets(new TextWidget({ markdown: `# xiangyu ${stack.stage}\nAlarms and their thresholds: docs/deploy.md, "Alarms".`, width: 24, height: 2 }));
  board.addWidgets(
    new GraphWidget({ title: "API requests", left: apis.map((a, i) => a.metricCount({ period: FIVE_MINUTES, statistic: "Sum", label: `API ${i + 1}` })), width: 8 }),
    new GraphWidget({
      title: "API 4xx / 5xx",
      left: apis.flatMap((a, i) => [
        a.metricClientError({ period: FIVE_MINUTES, statistic: "Sum", label: `API ${i + 1} 4xx` }),
        a.metricServerError({ period: FIVE_MINUTES, statistic: "Sum", label: `API ${i + 1} 5xx` }),
      ]),
      right: [throttled],
      width: 8,
    }),
    new GraphWidget({ title: "API latency p99 (ms)", left: apis.map((a, i) => a.metricLatency({ period: FIVE_MINUTES, statistic: "p99", label: `API ${i + 1}` })), width: 8 }),
  );
  for (const group of chunks(areas, LINES_PER_GRAPH))
    board.addWidgets(
      new GraphWidget({
        title: `Areas p99 duration (ms): ${group[0]![0]} … ${group.at(-1)![0]}`,
        left: group.map(([area, fn]) => fn.metricDuration({ period: FIVE_MINUTES, statistic: "p99", label: area })),
        width: 12,
      }),
      new GraphWidget({
        title: `Areas failures: ${group[0]![0]} … ${group.at(-1)![0]}`,
        // Metric ids are shared by every line of a graph: each area's own.
        left: group.map(
          ([area, fn], i) =>
            new MathExpression({
              expression: `e${i} + t${i}`,
              usingMetrics: { [`e${i}`]: fn.metricErrors({ period: FIVE_MINUTES, statistic: "Sum" }), [`t${i}`]: fn.metricThrottles({ period: FIVE_MINUTES, statistic: "Sum" }) },
              label: area,
              period: FIVE_MINUTES,
            }),
        ),
        width: 12,
      }),
    );
  board.addWidgets(
    new GraphWidget({
      title: "DynamoDB capacity used",
      left: [table.metricConsumedReadCapacityUnits({ period: FIVE_MINUTES }), table.metricConsumedWriteCapacityUnits({ period: FIVE_MINUTES })],
      width: 12,
    }),
    new GraphWidget({
      title: "Dead-letter queues",
      left: Object.entries(queues).map(([name, q]) => q.metricApproximateNumberOfMessagesVisible({ period: FIVE_MINUTES, statistic: "Maximum", label: name })),
      width: 12,
    }),
  );
  return board;
}
