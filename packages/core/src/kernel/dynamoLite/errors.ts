/**
 * A failed DynamoDB call, shaped as the SDK throws it for what the code and ElectroDB read:
 * `name` (ConditionalCheckFailedException, TransactionCanceledException, …), `message`,
 * `$metadata.httpStatusCode`, and the answer's own fields — `CancellationReasons` ([{Code,
 * Message, Item}], items as attribute values, as the SDK leaves them) and `Item` (with
 * ReturnValuesOnConditionCheckFailure).
 */
const RESERVED = new Set(["name", "message", "stack", "cause", "$fault", "$metadata"]);

export class DynamoServiceError extends Error {
  readonly $fault: "client" | "server";
  readonly $metadata: { httpStatusCode: number; requestId?: string; attempts: number; totalRetryDelay: number };
  declare CancellationReasons?: Array<{ Code?: string; Message?: string; Item?: Record<string, unknown> }>;
  declare Item?: Record<string, unknown>;

  constructor(name: string, message: string, status: number, fields: Record<string, unknown>, metadata: { requestId?: string; attempts: number; totalRetryDelay: number }) {
    super(message);
    this.name = name;
    this.$fault = status >= 500 ? "server" : "client";
    this.$metadata = { httpStatusCode: status, ...metadata };
    for (const [k, v] of Object.entries(fields)) if (!RESERVED.has(k)) (this as Record<string, unknown>)[k] = v;
  }
}

/** DynamoDB's JSON error body: `{"__type": "com.amazonaws.dynamodb.v20120810#Name", "message": "…"}`. */
export function errorOf(status: number, body: Record<string, unknown>, metadata: { requestId?: string; attempts: number; totalRetryDelay: number }): DynamoServiceError {
  const { __type, message, Message, ...fields } = body;
  const name = String(__type ?? `HTTP${status}`)
    .split("#")
    .pop()!;
  return new DynamoServiceError(name, String(message ?? Message ?? name), status, fields, metadata);
}

/** Error names the SDK's standard retry mode counts as throttling (runs again after a longer pause). */
const THROTTLING = new Set([
  "ThrottlingException",
  "Throttling",
  "ProvisionedThroughputExceededException",
  "RequestLimitExceeded",
  "RequestThrottled",
  "RequestThrottledException",
  "TooManyRequestsException",
  "LimitExceededException",
  "TransactionInProgressException",
]);
/** Other answers worth one more try: a single write that met a transaction in flight, timeouts. */
const TRANSIENT = new Set(["TransactionConflictException", "RequestTimeout", "RequestTimeoutException", "InternalServerError"]);

export const isThrottling = (e: DynamoServiceError) => THROTTLING.has(e.name);
export const isRetryable = (e: DynamoServiceError) => isThrottling(e) || TRANSIENT.has(e.name) || e.$metadata.httpStatusCode >= 500;
