import { operationOf, type SentCommand } from "./commands.ts";
import { DynamoServiceError, errorOf, isRetryable, isThrottling } from "./errors.ts";
import { documentOutput, wireInput } from "./marshalling.ts";
import { signedHeaders, type Credentials } from "./signing.ts";
import { httpPost, type Transport } from "./transport.ts";
import { withRetries, type RetryVerdict, type Tries } from "../retries.ts";
import { PointReads } from "./pointReads.ts";

/**
 * A DynamoDB client of a few hundred lines over Node's https, for the commands the code sends (see
 * commands.ts): a Lambda that uses it loads no AWS SDK at cold start (docs/decisions.md, "A small
 * DynamoDB client"). `send` answers and throws as the SDK's document client does for those
 * commands. Connections are kept alive; a failed call is tried again as the SDK's
 * standard retry mode does (3 attempts, jittered exponential pauses, longer after throttling).
 */
export type LiteOptions = {
  /** https://dynamodb.<region>.amazonaws.com, or the local twin's address. */
  endpoint: string;
  region: string;
  /** Read at each call: Lambda's environment variables, or the local twin's fixed pair. */
  credentials: () => Credentials;
  maxAttempts?: number;
  /** Tests give a stand-in for DynamoDB's HTTP answers. */
  transport?: Transport;
  /**
   * The request a read belongs to (any object; undefined outside a request): a request's GetItems
   * of one event-loop turn go as one BatchGetItem (pointReads.ts). Without it, every read goes alone.
   */
  requestOf?: () => object | undefined;
};

type WireOutput = Record<string, unknown>;
type Exchange = { output: WireOutput; response: { statusCode: number; headers: Record<string, string> } };
type Handler = (args: { input: unknown }) => Promise<Exchange>;
/** The one shape of the SDK's middleware the benches add (packages/local/src/bench/calls.ts, loadTrace.ts, boundedLists.ts). */
type Middleware = (next: Handler, context: { commandName: string }) => Handler;

/** DynamoDB answers JSON; a proxy's 5xx page may not be, and is then an empty answer with its status. */
function jsonOf(text: string): WireOutput {
  try {
    return text ? (JSON.parse(text) as WireOutput) : {};
  } catch {
    return {};
  }
}

/**
 * A transaction sent with a token, as the SDK sends one when the caller gives none (DynamoDB's
 * model marks ClientRequestToken an idempotency token). Every attempt of one `send` carries the same
 * token, so when a transaction committed but its answer was lost (a reset connection, a 500) the
 * retry is answered as the commit, not cancelled by the conditions its own writes now fail: without
 * it the import's checkpoint read "taken by another run" and the run left a job half done (issue 39).
 */
function withToken(operation: string, input: Record<string, unknown>): Record<string, unknown> {
  if (operation !== "TransactWriteItems" || input.ClientRequestToken !== undefined) return input;
  return { ...input, ClientRequestToken: process.getBuiltinModule("node:crypto").randomUUID() };
}

export class DynamoLite {
  private readonly url: URL;
  private readonly middlewares: Middleware[] = [];

  constructor(private readonly options: LiteOptions) {
    this.url = new URL(options.endpoint);
  }

  /**
   * Observers of each call's wire input and output, as the SDK's `middlewareStack.add` takes them
   * (the step is ignored: each sees one call, before retries). Only the benches add any.
   */
  readonly middlewareStack = { add: (middleware: Middleware) => void this.middlewares.push(middleware) };

  private readonly pointReads = new PointReads((operation, input) => this.sendDocument(operation, input));

  async send(command: SentCommand, options?: { abortSignal?: AbortSignal }): Promise<Record<string, unknown>> {
    const operation = operationOf(command);
    const input = command.input as Record<string, unknown>;
    const request = operation === "GetItem" && !options?.abortSignal ? this.options.requestOf?.() : undefined;
    return (request && this.pointReads.join(input as never, request)) || this.sendDocument(operation, input, options?.abortSignal);
  }

  /** One command as documents in and out: marshalled, shown to the observers, tried again as the SDK would. */
  private async sendDocument(operation: string, document: Record<string, unknown>, signal?: AbortSignal): Promise<Record<string, unknown>> {
    const input = withToken(operation, wireInput(operation, document));
    let handler: Handler = (args) => this.call(operation, args.input, signal);
    for (const m of this.middlewares) handler = m(handler, { commandName: `${operation}Command` });
    const { output } = await handler({ input });
    return documentOutput(operation, output);
  }

  /** One operation, tried up to maxAttempts times; answers DynamoDB's JSON and the HTTP response. */
  private async call(operation: string, input: unknown, signal: AbortSignal | undefined): Promise<Exchange> {
    const body = JSON.stringify(input);
    // A network failure (a reset connection, a refused one) is tried again like a 5xx; an abort is not.
    const verdict = (e: unknown): RetryVerdict =>
      e instanceof DynamoServiceError ? (!isRetryable(e) ? "stop" : isThrottling(e) ? "throttled" : "again") : signal?.aborted ? "stop" : "again";
    return withRetries(this.options.maxAttempts ?? 3, verdict, async (tries) => {
      const exchange = await this.once(operation, body, signal, tries);
      exchange.output.$metadata = { httpStatusCode: exchange.response.statusCode, requestId: exchange.response.headers["x-amzn-requestid"], ...tries };
      return exchange;
    });
  }

  private async once(operation: string, body: string, signal: AbortSignal | undefined, tries: Tries): Promise<Exchange> {
    const headers = signedHeaders({
      method: "POST",
      host: this.url.host,
      path: "/",
      headers: { "content-type": "application/x-amz-json-1.0", "x-amz-target": `DynamoDB_20120810.${operation}` },
      body,
      region: this.options.region,
      service: "dynamodb",
      credentials: this.options.credentials(),
      at: new Date(),
    });
    const res = await (this.options.transport ?? httpPost)(this.url, headers, body, signal);
    const json = jsonOf(res.text);
    const requestId = res.headers["x-amzn-requestid"];
    if (res.status < 200 || res.status >= 300) throw errorOf(res.status, json, { requestId, ...tries });
    return { output: json, response: { statusCode: res.status, headers: res.headers } };
  }
}
