import { config } from "./config.ts";
import { errorText, logLine } from "./log.ts";

/**
 * Work longer than a request (docs/architecture.md: imports, month-close, big exports): the request
 * records a job, starts its worker here and answers; the console polls the job. In the cloud the
 * worker is a Lambda of its own, invoked asynchronously (InvocationType "Event": Lambda queues
 * the order and answers 202 at once, then runs it with the worker's own timeout, retries and
 * dead-letter queue). On one machine no worker function is configured, and the same work goes
 * on in this process, not awaited — what the Lambda would do, minus the queue.
 *
 * A worker whose code is heavy (the import's spreadsheets) names no `run`: the request path then
 * never bundles it, and one machine's twin registers what the worker Lambda runs
 * (`runInProcess`, packages/local).
 */
export type Worker<T> = {
  /** The worker's name: how one machine finds the runner registered for it. */
  name: string;
  /** What the worker does with an order, when the request path may carry that code itself. */
  run?: (order: T) => Promise<unknown>;
  /** The worker Lambda's name, from configuration; undefined on one machine. */
  functionName: () => string | undefined;
};

/** The runners by worker name; each takes the orders of the worker registered under that name. */
const runners = new Map<string, (order: never) => Promise<unknown>>();

/** One machine: what the named worker's Lambda would run (registered by packages/local). */
export function runInProcess<T>(name: string, run: (order: T) => Promise<unknown>): void {
  runners.set(name, run);
}

function inProcess_<T>(worker: Worker<T>): (order: T) => Promise<unknown> {
  const run = worker.run ?? (runners.get(worker.name) as ((order: T) => Promise<unknown>) | undefined);
  if (!run) throw new Error(`worker ${worker.name} has no runner in this process (packages/local registers them)`);
  return run;
}

/** Workers started in this process and not yet ended (one machine only). */
const inProcess = new Set<Promise<unknown>>();

export async function startWorker<T>(worker: Worker<T>, order: T): Promise<void> {
  const functionName = worker.functionName();
  if (functionName) return void (await invoke(functionName, order, "Event"));
  const running: Promise<unknown> = inProcess_(worker)(order)
    // Nobody awaits this: a failure is logged as the worker Lambda's would be, never unhandled.
    .catch((e) => logLine("error", { msg: "worker failed", worker: worker.name, error: errorText(e) }))
    .finally(() => inProcess.delete(running));
  inProcess.add(running);
}

/**
 * A short errand for a worker, awaited (a file only the worker's code can write, written once):
 * a synchronous invoke in the cloud, the registered runner on one machine. Its answer is the
 * worker's return value.
 */
export async function callWorker<T, R>(worker: Worker<T>, order: T): Promise<R> {
  const functionName = worker.functionName();
  if (functionName) return (await invoke(functionName, order, "RequestResponse")) as R;
  return (await inProcess_(worker)(order)) as R;
}

/** Resolves when every worker started in this process has ended (tests, a clean shutdown). */
export async function workersIdle(): Promise<void> {
  while (inProcess.size) await Promise.all([...inProcess]);
}

let lambda: import("@aws-sdk/client-lambda").LambdaClient | undefined;

async function invoke(FunctionName: string, order: unknown, InvocationType: "Event" | "RequestResponse"): Promise<unknown> {
  // Loaded only here: one machine never needs the Lambda client, and the Lambda runtime ships it.
  const { LambdaClient, InvokeCommand } = await import("@aws-sdk/client-lambda");
  lambda ??= new LambdaClient({ region: config.region });
  const r = await lambda.send(new InvokeCommand({ FunctionName, InvocationType, Payload: new TextEncoder().encode(JSON.stringify(order)) }));
  if (InvocationType === "Event") {
    if (r.StatusCode !== 202) throw new Error(`worker ${FunctionName} not queued (status ${r.StatusCode})`);
    return undefined;
  }
  if (r.StatusCode !== 200 || r.FunctionError) throw new Error(`worker ${FunctionName} failed (${r.FunctionError ?? r.StatusCode})`);
  const text = r.Payload ? new TextDecoder().decode(r.Payload) : "";
  return text ? JSON.parse(text) : undefined;
}
