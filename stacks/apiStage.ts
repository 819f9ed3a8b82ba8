import type { CfnStage, HttpApi } from "aws-cdk-lib/aws-apigatewayv2";
import type { ILogGroup } from "aws-cdk-lib/aws-logs";
import type { RouteTable } from "@xiangyu/functions/http/define";
import { accessLogFormat } from "./accessLog.ts";
import { THROTTLE, routeClass } from "./throttle.ts";

/**
 * An API's $default stage: throttling per route class (stacks/throttle.ts) and a JSON access log
 * line per request. Set on the stage HttpApi already made (its CloudFormation resource), so the
 * stage keeps its identity: a second $default stage cannot be created beside it. `routes` are the
 * table routes this API serves by their own key; only those tighter than the default are named.
 */
export function configureStage(http: HttpApi, routes: RouteTable, accessLog: ILogGroup) {
  const stage = http.defaultStage!.node.defaultChild as CfnStage;
  stage.defaultRouteSettings = { throttlingRateLimit: THROTTLE.default.rate, throttlingBurstLimit: THROTTLE.default.burst, detailedMetricsEnabled: false };
  const tighter = Object.entries(routes).filter(([key, def]) => routeClass(key, def) !== "default");
  stage.routeSettings = Object.fromEntries(
    tighter.map(([key, def]) => {
      const limit = THROTTLE[routeClass(key, def)];
      // RouteSettings is free JSON to CDK: written in CloudFormation's own casing.
      return [key, { ThrottlingRateLimit: limit.rate, ThrottlingBurstLimit: limit.burst }];
    }),
  );
  stage.accessLogSettings = { destinationArn: accessLog.logGroupArn, format: accessLogFormat() };
  return { stage, namedRoutes: tighter.map(([key]) => key) };
}
