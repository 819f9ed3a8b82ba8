import { RemovalPolicy } from "aws-cdk-lib";
import type { CfnStage, HttpApi } from "aws-cdk-lib/aws-apigatewayv2";
import { LogGroup, RetentionDays } from "aws-cdk-lib/aws-logs";
import type { Construct } from "constructs";
import type { RouteTable } from "@xiangyu/functions/http/define";
import { accessLogFormat } from "./accessLog.ts";
import { THROTTLE, routeClass } from "./throttle.ts";

/**
 * The API's $default stage: throttling per route class (stacks/throttle.ts) and a JSON access log
 * line per request in a log group of its own. Set on the stage HttpApi already made (its
 * CloudFormation resource), so the stage keeps its identity: a second $default stage cannot be
 * created beside it.
 */
export function configureStage(scope: Construct, http: HttpApi, routes: RouteTable, removalPolicy: RemovalPolicy) {
  const accessLog = new LogGroup(scope, "ApiAccessLog", { retention: RetentionDays.ONE_MONTH, removalPolicy });
  const stage = http.defaultStage!.node.defaultChild as CfnStage;
  stage.defaultRouteSettings = { throttlingRateLimit: THROTTLE.default.rate, throttlingBurstLimit: THROTTLE.default.burst, detailedMetricsEnabled: false };
  // Only routes tighter than the default are listed: a stage's settings name each route key.
  const tighter = Object.entries(routes).filter(([key, def]) => routeClass(key, def) !== "default");
  stage.routeSettings = Object.fromEntries(
    tighter.map(([key, def]) => {
      const limit = THROTTLE[routeClass(key, def)];
      // RouteSettings is free JSON to CDK: written in CloudFormation's own casing.
      return [key, { ThrottlingRateLimit: limit.rate, ThrottlingBurstLimit: limit.burst }];
    }),
  );
  stage.accessLogSettings = { destinationArn: accessLog.logGroupArn, format: accessLogFormat() };
  return { accessLog, stage, namedRoutes: tighter.map(([key]) => key) };
}
