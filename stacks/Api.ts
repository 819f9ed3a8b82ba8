import { ArnFormat, Duration } from "aws-cdk-lib";
import { SqsDestination } from "aws-cdk-lib/aws-lambda-destinations";
import { use, type Function, type StackContext } from "sst/constructs";
import { AREAS, type AreaName } from "@xiangyu/functions/manifest";
import { importWorker } from "@xiangyu/functions/clientImport/routes";
import { tenantWorker } from "@xiangyu/functions/platform/tenantWorker";
import { Storage } from "./Storage.ts";
import { PolicyStatement } from "aws-cdk-lib/aws-iam";
import { UPLOAD_AREAS, grantTableItems, grantUploads, tableActionsFor } from "./access.ts";
import { handlerFunction } from "./lambda.ts";
import { secretAccess } from "./secrets.ts";
import { deadLetterQueue } from "./deadLetters.ts";
import { keepAsyncFunction, keepRequestFunction } from "./nag.ts";

/** Construct id of an area's function: "auth" → "AuthArea". */
export const areaFunctionId = (area: string) => `${area[0].toUpperCase()}${area.slice(1)}Area`;

/** The area that starts the import worker. */
const IMPORT_AREA: AreaName = "clientImport";
/** The area that starts the tenant-removal worker (platform/delete, the tenants area). */
const TENANT_AREA: AreaName = "tenants";

/**
 * The API's Lambdas: one per area of the manifest, and the customer import's and the tenant
 * removal's workers. The HTTP APIs routing to them are the Routes stack's (CloudFormation allows
 * 500 resources per stack; the two together would near it). Nothing here names an area but the
 * upload areas' bucket grant and the areas that start a worker, so a new area in manifest.ts is
 * deployed as it is.
 */
export function Api({ stack }: StackContext) {
  const { table, uploads, secrets: stageSecrets } = use(Storage);
  const secrets = secretAccess(stageSecrets);

  // The import's worker: the sheet and the table, no secrets (it never signs nor opens anything).
  // It works in slices with a checkpoint and hands over to a fresh invocation of itself by its
  // fixed name, as the tenant removal does; a failed run is run again by Lambda from the
  // checkpoint, and what still fails goes to the dead-letter queue (an alarm).
  const importName = importWorker.functionName(stack.stage);
  const worker = handlerFunction(stack, "ClientImportWorker", {
    handler: importWorker.handler,
    functionName: importName,
    timeout: importWorker.timeout,
    memorySize: importWorker.memorySize,
    environment: { XY_TABLE: table.tableName, XY_BUCKET: uploads.bucketName, [importWorker.environmentName]: importName },
  });
  keepAsyncFunction(worker);
  grantTableItems(table, worker);
  grantUploads(uploads, worker);
  worker.addToRolePolicy(
    new PolicyStatement({
      actions: ["lambda:InvokeFunction"],
      resources: [stack.formatArn({ service: "lambda", resource: "function", resourceName: importName, arnFormat: ArnFormat.COLON_RESOURCE_NAME })],
    }),
  );
  const workerDeadLetters = deadLetterQueue(stack, "ClientImportWorkerDeadLetters");
  worker.configureAsyncInvoke({ retryAttempts: importWorker.retryAttempts, maxEventAge: Duration.hours(6), onFailure: new SqsDestination(workerDeadLetters) });

  // The tenant-removal worker: a deleted tenant's items are found on the table's tenant index (no
  // Scan anywhere). It works in slices with a checkpoint and hands over to a fresh invocation of
  // itself before its time is up, so it invokes itself by its fixed name (a reference to its own
  // ARN in its own policy would be a cycle). A failed run is run again by Lambda from the
  // checkpoint; what still fails goes to its dead-letter queue (an alarm).
  const removalName = tenantWorker.functionName(stack.stage);
  const tenantRemoval = handlerFunction(stack, "TenantRemovalWorker", {
    handler: tenantWorker.handler,
    functionName: removalName,
    timeout: tenantWorker.timeout,
    memorySize: tenantWorker.memorySize,
    environment: { XY_TABLE: table.tableName, [tenantWorker.environmentName]: removalName },
  });
  keepAsyncFunction(tenantRemoval);
  grantTableItems(table, tenantRemoval);
  tenantRemoval.addToRolePolicy(
    new PolicyStatement({
      actions: ["lambda:InvokeFunction"],
      resources: [stack.formatArn({ service: "lambda", resource: "function", resourceName: removalName, arnFormat: ArnFormat.COLON_RESOURCE_NAME })],
    }),
  );
  const tenantRemovalDeadLetters = deadLetterQueue(stack, "TenantRemovalWorkerDeadLetters");
  tenantRemoval.configureAsyncInvoke({
    retryAttempts: tenantWorker.retryAttempts,
    maxEventAge: Duration.hours(6),
    onFailure: new SqsDestination(tenantRemovalDeadLetters),
  });

  const functions = {} as Record<AreaName, Function>;
  for (const [area, { routes, handler }] of Object.entries(AREAS) as [AreaName, (typeof AREAS)[AreaName]][]) {
    const usesUploads = UPLOAD_AREAS.includes(area);
    const startsImports = area === IMPORT_AREA;
    const removesTenants = area === TENANT_AREA;
    const fn = handlerFunction(stack, areaFunctionId(area), {
      handler,
      timeout: 29,
      environment: {
        XY_TABLE: table.tableName,
        ...(usesUploads ? { XY_BUCKET: uploads.bucketName } : {}),
        ...(startsImports ? { [importWorker.environmentName]: worker.functionName } : {}),
        ...(removesTenants ? { [tenantWorker.environmentName]: removalName } : {}),
        ...secrets.environment,
      },
    });
    keepRequestFunction(fn);
    grantTableItems(table, fn, tableActionsFor(routes));
    secrets.grantRead(fn);
    if (usesUploads) grantUploads(uploads, fn);
    if (startsImports) worker.grantInvoke(fn);
    if (removesTenants) tenantRemoval.grantInvoke(fn);
    functions[area] = fn;
  }

  return { functions, worker, workerDeadLetters, tenantRemoval, tenantRemovalDeadLetters };
}
