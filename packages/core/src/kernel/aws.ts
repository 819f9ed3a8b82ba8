import { DynamoDBClient } from "@aws-sdk/client-dynamodb";
import { DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";
import { S3Client } from "@aws-sdk/client-s3";
import { config } from "./config.ts";

/**
 * The one module that knows whether we run on AWS or on the local twin: it builds the clients
 * from configuration. Everything else asks it for a client.
 */
const localCredentials = { accessKeyId: "local", secretAccessKey: "local" };

let documentClient: DynamoDBDocumentClient | undefined;
let s3: S3Client | undefined;
let s3Public: S3Client | undefined;

export function dynamo(): DynamoDBDocumentClient {
  if (!documentClient) {
    const endpoint = config.dynamoEndpoint;
    const raw = new DynamoDBClient(endpoint ? { endpoint, region: config.region, credentials: localCredentials, maxAttempts: 3 } : { region: config.region });
    documentClient = DynamoDBDocumentClient.from(raw, { marshallOptions: { removeUndefinedValues: true } });
  }
  return documentClient;
}

function buildS3(endpoint: string | undefined): S3Client {
  return new S3Client({
    region: config.region,
    // Presigned PUTs must not carry an empty-body checksum (docs/architecture.md).
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
    ...(endpoint ? { endpoint, forcePathStyle: true, credentials: localCredentials } : {}),
  });
}

export function s3Client(): S3Client {
  return (s3 ??= buildS3(config.s3Endpoint));
}

/** Client used only to sign URLs the browser will call. */
export function s3PublicClient(): S3Client {
  return (s3Public ??= buildS3(config.s3PublicEndpoint));
}

/** Tests and the local twin point the clients at a new place. */
export function resetClients(): void {
  documentClient = undefined;
  s3 = undefined;
  s3Public = undefined;
}
