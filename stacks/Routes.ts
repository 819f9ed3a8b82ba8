import { RemovalPolicy } from "aws-cdk-lib";
import { HttpApi, HttpMethod, HttpRoute, HttpRouteKey } from "aws-cdk-lib/aws-apigatewayv2";
import { HttpLambdaIntegration } from "aws-cdk-lib/aws-apigatewayv2-integrations";
import { LogGroup, RetentionDays } from "aws-cdk-lib/aws-logs";
import { use, type StackContext } from "sst/constructs";
import { AREAS, type AreaName } from "@xiangyu/functions/manifest";
import type { RouteTable } from "@xiangyu/functions/http/define";
import { Api, areaFunctionId } from "./Api.ts";
import { apiParts, cdnPatterns, type ApiPart, type TableRoute } from "./apiRoutes.ts";
import { configureStage } from "./apiStage.ts";
import { routeClass } from "./throttle.ts";
import { isDurableStage } from "./stage.ts";
import { keep } from "./nag.ts";

/** Every route of every area's table, with whether it needs a stage setting of its own. */
export function tableRoutes(): TableRoute[] {
  return Object.entries(AREAS).flatMap(([area, { routes }]) => Object.entries(routes).map(([key, def]) => ({ key, area, pinned: routeClass(key, def) !== "default" })));
}

/** The stage's HTTP APIs and CloudFront's patterns for them: the same answer for the stacks and the tests. */
export function routePlan() {
  const parts = apiParts(tableRoutes());
  return { parts, patterns: cdnPatterns(parts) };
}

const allRoutes: RouteTable = Object.assign({}, ...Object.values(AREAS).map((a) => a.routes));
const METHOD: Record<string, HttpMethod> = { ANY: HttpMethod.ANY, GET: HttpMethod.GET, POST: HttpMethod.POST };

/**
 * The HTTP APIs in front of the areas' Lambdas (stacks/apiRoutes.ts plans them): each a few
 * greedy routes per area plus the routes that need their own throttle or sit among another
 * area's, one integration and one invoke permission per area it serves, the stage's throttling,
 * and one JSON access log for all of them. CloudFront sends each path pattern to its API
 * (stacks/Web.ts, stacks/Site.ts).
 */
export function Routes({ stack }: StackContext) {
  const { functions } = use(Api);
  const { parts, patterns } = routePlan();
  const accessLog = new LogGroup(stack, "ApiAccessLog", {
    retention: RetentionDays.ONE_MONTH,
    removalPolicy: isDurableStage(stack.stage) ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
  });
  const apis = parts.map((part: ApiPart) => {
    const http = new HttpApi(stack, `Http${part.index + 1}`, { description: `xiangyu ${stack.stage}: ${part.prefixes.join(" ")}` });
    const explicit = Object.fromEntries(part.routes.filter((r) => !r.greedy).map((r) => [r.key, allRoutes[r.key]!]));
    const { namedRoutes } = configureStage(http, explicit, accessLog);
    const integrations = new Map<string, HttpLambdaIntegration>();
    for (const route of part.routes) {
      const area = route.area as AreaName;
      // One integration and one invoke permission per area and API, not per route.
      if (!integrations.has(area))
        integrations.set(area, new HttpLambdaIntegration(`${areaFunctionId(area)}Integration${part.index + 1}`, functions[area], { scopePermissionToRoute: false }));
      const [method, path] = route.key.split(" ") as [string, string];
      const created = new HttpRoute(stack, `Http${part.index + 1}Route${route.key.replace(/[^A-Za-z0-9]/g, "")}`, {
        httpApi: http,
        routeKey: HttpRouteKey.with(path, METHOD[method]),
        integration: integrations.get(area)!,
      });
      keep(created, {
        "AwsSolutions-APIG4":
          "Authorized in the Lambda: the adapter (functions' http/app.ts) checks the session, the tenant, the module and the right letter of every route it serves, proven per route by rightsMatrix.test.ts; public routes are public by the spec",
      });
      // A stage's route settings may only name routes that exist: the stage waits for those.
      if (namedRoutes.includes(route.key)) http.defaultStage!.node.addDependency(created);
    }
    return http;
  });
  stack.addOutputs(Object.fromEntries(apis.map((http, i) => [`ApiEndpoint${i + 1}`, http.apiEndpoint])));
  return { apis, parts, patterns, accessLog };
}
