import { HttpApi, HttpMethod } from "aws-cdk-lib/aws-apigatewayv2";
import { HttpLambdaIntegration } from "aws-cdk-lib/aws-apigatewayv2-integrations";
import { use, type Function, type StackContext } from "sst/constructs";
import { AREAS, type AreaName } from "@xiangyu/functions/manifest";
import { splitKey } from "@xiangyu/functions/http/define";
import { Storage } from "./Storage.ts";
import { LONG_AREAS, UPLOAD_AREAS, grantTableItems } from "./access.ts";
import { handlerFunction } from "./lambda.ts";
import { secretEnvironment } from "./secrets.ts";

/** Construct id of an area's function: "auth" → "AuthArea". */
export const areaFunctionId = (area: string) => `${area[0].toUpperCase()}${area.slice(1)}Area`;

/**
 * The HTTP API: one Lambda per area of the manifest, every route of the area bound to it.
 * Nothing here names an area (except the upload areas' bucket grant), so a new area in
 * manifest.ts is deployed as it is.
 */
export function Api({ stack }: StackContext) {
  const { table, uploads } = use(Storage);
  const secrets = secretEnvironment(stack);
  const http = new HttpApi(stack, "Http");

  const functions = {} as Record<AreaName, Function>;
  for (const [area, { routes, handler }] of Object.entries(AREAS) as [AreaName, (typeof AREAS)[AreaName]][]) {
    const usesUploads = UPLOAD_AREAS.includes(area);
    const fn = handlerFunction(stack, areaFunctionId(area), {
      handler,
      timeout: 29,
      ...LONG_AREAS[area],
      environment: { XY_TABLE: table.tableName, ...(usesUploads ? { XY_BUCKET: uploads.bucketName } : {}), ...secrets },
    });
    grantTableItems(table, fn);
    if (usesUploads) uploads.grantReadWrite(fn);

    // One integration and one invoke permission per area (not per route): a stack holds at
    // most 500 resources and the spec has some 230 routes.
    const integration = new HttpLambdaIntegration(`${areaFunctionId(area)}Integration`, fn, { scopePermissionToRoute: false });
    for (const key of Object.keys(routes)) {
      const { method, path } = splitKey(key);
      http.addRoutes({ path, methods: [HttpMethod[method]], integration });
    }
    functions[area] = fn;
  }

  stack.addOutputs({ ApiEndpoint: http.apiEndpoint });
  return { http, functions };
}
