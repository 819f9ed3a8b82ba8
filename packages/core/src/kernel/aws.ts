import type { DynamoDBClientConfig } from "@aws-sdk/client-dynamodb";
import type { DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";
import { config } from "./config.ts";
import { DynamoLite } from "./dynamoLite/client.ts";
import { S3Lite } from "./s3Lite/client.ts";

/**
 * The one module that knows whether we run on AWS or on the local twin: it builds the clients
 * from configuration. Everything else asks it for a client.
 */
const localCredentials = { accessKeyId: "local", secretAccessKey: "local" };

/**
 * What the code asks of the DynamoDB client: `send(new XCommand(…))` with lib-dynamodb's commands
 * and answers, and (benches only) `middlewareStack.add`. ElectroDB is given the same client.
 */
export type DocumentClient = Pick<DynamoDBDocumentClient, "send" | "middlewareStack">;

/** Lambda gives the function's role credentials as environment variables. */
const lambdaCredentials = () => {
  const { AWS_ACCESS_KEY_ID: accessKeyId, AWS_SECRET_ACCESS_KEY: secretAccessKey, AWS_SESSION_TOKEN: sessionToken } = process.env;
  if (!accessKeyId || !secretAccessKey) throw new Error("missing AWS credentials (AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY)");
  return { accessKeyId, secretAccessKey, sessionToken };
};

let requestOf: (() => object | undefined) | undefined;

/**
 * Told by the HTTP adapter how to know the request being served (its log scope): one request's
 * point reads then share a BatchGetItem, never two requests' (a batch waits for its slowest read).
 * Not imported here: the console's build reaches this module, and the scope is node:async_hooks'.
 */
export const joinReadsOf = (of: () => object | undefined): void => {
  requestOf = of;
};

function liteClient(): DocumentClient {
  const endpoint = config.dynamoEndpoint;
  const lite = new DynamoLite({
    endpoint: endpoint ?? `https://dynamodb.${config.region}.amazonaws.com`,
    region: config.region,
    credentials: endpoint ? () => localCredentials : lambdaCredentials,
    requestOf: () => requestOf?.(),
  });
  // The lite client answers lib-dynamodb's output types for the commands it sends (dynamoLite/commands.ts).
  return lite as unknown as DocumentClient;
}

/**
 * The SDK's default logger (NoOpLogger) has an `info` method, so after every call the SDK copies
 * the call's whole input and output through its sensitive-data filter only to hand the copies to
 * a no-op (@aws-sdk/core loggerMiddleware: `logger?.info?.({ input: filter(input), output:
 * filter(output) })`; on a failed call the same with `error`). A logger without `info` and `error`
 * skips those copies — a Query of 20 items is copied item by item otherwise (docs/performance.md,
 * load). The SDK calls both only as `logger?.info?.(…)` / `logger?.error?.(…)`.
 */
const quietLogger = { trace() {}, debug() {}, warn() {} } as unknown as NonNullable<DynamoDBClientConfig["logger"]>;

function sdkClient(): DocumentClient {
  const { DynamoDBClient } = loadSdk("@aws-sdk/client-dynamodb") as typeof import("@aws-sdk/client-dynamodb");
  const { DynamoDBDocumentClient } = loadSdk("@aws-sdk/lib-dynamodb") as typeof import("@aws-sdk/lib-dynamodb");
  const endpoint = config.dynamoEndpoint;
  const raw = new DynamoDBClient(
    endpoint ? { endpoint, region: config.region, credentials: localCredentials, maxAttempts: 3, logger: quietLogger } : { region: config.region, logger: quietLogger },
  );
  return DynamoDBDocumentClient.from(raw, { marshallOptions: { removeUndefinedValues: true } });
}

let documentClient: DocumentClient | undefined;
let s3: S3Lite | undefined;
let s3Public: S3Lite | undefined;

/**
 * The small client (dynamoLite/) unless `XY_DYNAMO_CLIENT=sdk` asks for the SDK's document client
 * (docs/decisions.md, "A small DynamoDB client"). The test is written out here, not in a helper:
 * the Lambda build (packages/functions/src/bundle/build.ts) defines the variable as a constant, so
 * esbuild drops the branch not taken — a bundle holds only the client it was built with, and with
 * the small one lib-dynamodb's commands are aliased to dynamoLite/commands.ts too.
 */
export function dynamo(): DocumentClient {
  return (documentClient ??= process.env.XY_DYNAMO_CLIENT === "sdk" ? sdkClient() : liteClient());
}

/**
 * The SDK's DynamoDB client (XY_DYNAMO_CLIENT=sdk) is loaded when first asked for, not when this
 * module is: a plain `require` from here resolves as the Lambda runtime's own SDK is found
 * (NODE_PATH), locally from node_modules; the bundles leave `@aws-sdk/*` to the runtime either way.
 */
// No import of node:module: the console's build reaches this module through core's shared code, and a browser has no such module.
const loadSdk = (name: string): unknown => process.getBuiltinModule("node:module").createRequire(import.meta.url)(name);

/**
 * The uploads bucket through the small S3 client (s3Lite/): no SDK is imported for S3, in a Lambda
 * or anywhere (docs/decisions.md, "A small S3 client"). The twin's endpoint is addressed
 * path-style with its fixed pair; on AWS, virtual-hosted with Lambda's credentials.
 */
function buildBucket(endpoint: string | undefined): S3Lite {
  return new S3Lite({ endpoint, region: config.region, bucket: config.bucket, credentials: endpoint ? () => localCredentials : lambdaCredentials });
}

export function bucket(): S3Lite {
  return (s3 ??= buildBucket(config.s3Endpoint));
}

/** The bucket as the browser reaches it: only to sign URLs (the twin's public endpoint may differ). */
export function browserBucket(): S3Lite {
  return (s3Public ??= buildBucket(config.s3PublicEndpoint));
}

/** Tests and the local twin point the clients at a new place. */
export function resetClients(): void {
  documentClient = undefined;
  s3 = undefined;
  s3Public = undefined;
}
