/**
 * A failed S3 call: `code` is S3's XML `<Code>` (NoSuchKey, SlowDown, …), or for an answer without
 * a body (a HEAD) the name the SDK gives its status (NotFound, …). `name` and
 * `$metadata.httpStatusCode` are as the SDK's errors carry them, for code that reads either.
 */
export class S3LiteError extends Error {
  readonly $metadata: { httpStatusCode: number; requestId?: string };

  constructor(
    readonly code: string,
    message: string,
    readonly status: number,
    requestId?: string,
  ) {
    super(message);
    this.name = code;
    this.$metadata = { httpStatusCode: status, requestId };
  }
}

const STATUS_NAMES: Record<number, string> = { 400: "BadRequest", 403: "Forbidden", 404: "NotFound", 412: "PreconditionFailed" };

/** S3's error body: `<Error><Code>NoSuchKey</Code><Message>…</Message>…</Error>`. */
export function errorOf(status: number, xml: string, requestId?: string): S3LiteError {
  const code = /<Code>([^<]*)<\/Code>/.exec(xml)?.[1] ?? STATUS_NAMES[status] ?? `HTTP${status}`;
  const message = /<Message>([^<]*)<\/Message>/.exec(xml)?.[1] ?? code;
  return new S3LiteError(code, message, status, requestId);
}

/** No such object (or, for a HEAD, no answer body to say more). */
export const isMissing = (e: unknown) => e instanceof S3LiteError && e.status === 404;

/** SlowDown, 503, 429: tried again after a longer pause, as the SDK treats throttling. */
export const isThrottling = (e: S3LiteError) => e.code === "SlowDown" || e.status === 503 || e.status === 429;
const TRANSIENT = new Set(["RequestTimeout", "InternalError"]);
export const isRetryable = (e: S3LiteError) => isThrottling(e) || TRANSIENT.has(e.code) || e.status >= 500;
