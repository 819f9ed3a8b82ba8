import { config } from "./config.ts";

/**
 * Work longer than a request (ARCHITECTURE.md: imports, month-close, big exports): the request
 * records a job, starts its worker here and answers; the console polls the job. In the cloud the
 * worker is a Lambda of its own, invoked asynchronously (InvocationType "Event": Lambda queues
 * the order and answers 202 at once, then runs it with the worker's own timeout, retries and
 * dead-letter queue). On one machine no worker function is configured, and the same `run` goes
 * on in this process, not awaited — what the Lambda would do, minus the queue.
 */
export type Worker<T> = {
  /** What the worker does with an order: the worker Lambda's handler calls this very function. */
  run: (order: T) => Promise<unknown>;
  /** The worker Lambda's name, from configuration; undefined on one machine. */
  functionName: () => string | undefined;
};

/** Workers started in this process and not yet ended (one machine only). */
const inProcess = new Set<Promise<unknown>>();

export async function startWorker<T>(worker: Worker<T>, order: T): Promise<void> {
  const functionName = worker.functionName();
  if (functionName) return invokeAsynchronously(functionName, order);
  const running: Promise<unknown> = worker
    .run(order)
    // Nobody awaits this: a failure is logged as the worker Lambda's would be, never unhandled.
    .catch((e) => console.error(JSON.stringify({ level: "error", worker: "in-process", error: String((e as Error)?.stack ?? e) })))
    .finally(() => inProcess.delete(running));
  inProcess.add(running);
}

/** Resolves when every worker started in this process has ended (tests, a clean shutdown). */
export async function workersIdle(): Promise<void> {
  while (inProcess.size) await Promise.all([...inProcess]);
}

let lambda: import("@aws-sdk/client-lambda").LambdaClient | undefined;

async function invokeAsynchronously(FunctionName: string, order: unknown): Promise<void> {
  // Loaded only here: one machine never needs the Lambda client, and the Lambda runtime ships it.
  const { LambdaClient, InvokeCommand } = await import("@aws-sdk/client-lambda");
  lambda ??= new LambdaClient({ region: config.region });
  const r = await lambda.send(new InvokeCommand({ FunctionName, InvocationType: "Event", Payload: new TextEncoder().encode(JSON.stringify(order)) }));
  if (r.StatusCode !== 202) throw new Error(`worker ${FunctionName} not queued (status ${r.StatusCode})`);
}
