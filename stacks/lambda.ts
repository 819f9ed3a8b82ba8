import { resolve } from "node:path";
import { RemovalPolicy } from "aws-cdk-lib";
import { LoggingFormat } from "aws-cdk-lib/aws-lambda";
import { LogGroup, RetentionDays } from "aws-cdk-lib/aws-logs";
import { Function, type FunctionProps, type Stack } from "sst/constructs";
import { isDurableStage } from "./stage.ts";
import { nodejsBuild } from "@xiangyu/functions/bundle/build";

/**
 * The Lambda runtime: the newest Node line aws-cdk-lib 2.224.0 and SST 2.49.8 both know. Local
 * work and the tests still run on the machines' Node 20 (docs/decisions.md): the code uses
 * nothing newer than Node 20, so both run the same source.
 */
export const LAMBDA_RUNTIME = "nodejs24.x";

/**
 * How every Xiangyu Lambda is built and run, areas, workers and jobs alike. The bundle settings
 * (one minified ESM bundle per handler, @aws-sdk/* external) live in functions' bundle/build.ts,
 * which the bundle bench builds from too, so the 300 kB budget is checked on what is deployed.
 */
const BUILD: FunctionProps = {
  runtime: LAMBDA_RUNTIME,
  architecture: "arm_64",
  memorySize: "1024 MB",
  // Each line one JSON object with Lambda's own request id; the adapter's lines add tenant and route.
  loggingFormat: LoggingFormat.JSON,
  // SST runs from the repository's root.
  nodejs: nodejsBuild(resolve(".")),
  // SST writes an SSM parameter per function so other functions may `bind` it; ours are never bound
  // (a function's name travels in an environment variable), and that parameter is one of 7 resources
  // per area in the Api stack, which CloudFormation caps at 500 (infra-tests count them).
  _doNotAllowOthersToBind: true,
};

export type HandlerFunctionProps = {
  /** Path as the manifest writes it: "packages/functions/src/auth/handler.handler". */
  handler: string;
  /** API Gateway gives up after 30 s; a job may take longer. */
  timeout: number;
  /** Default 1024 MB; long work (imports) asks for more. */
  memorySize?: `${number} MB`;
  environment: Record<string, string>;
  /** A fixed name, for a function that must name itself (the tenant removal hands over to itself); else CloudFormation's. */
  functionName?: string;
};

/**
 * A function and its log group, kept a month. The log group is a resource of the stack (not one
 * Lambda makes on its first line, as `logRetention` leaves it), so `sst remove` of a branch stage
 * deletes it; a durable stage keeps its logs.
 */
export function handlerFunction(stack: Stack, id: string, props: HandlerFunctionProps) {
  const logGroup = new LogGroup(stack, `${id}Logs`, {
    retention: RetentionDays.ONE_MONTH,
    removalPolicy: isDurableStage(stack.stage) ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
  });
  return new Function(stack, id, { ...BUILD, ...props, logGroup });
}
