import { performance } from "node:perf_hooks";
import autocannon from "autocannon";
import { summarize, type Summary } from "./stats.ts";
import type { Kind } from "./loadMix.ts";

/**
 * The load bench's two drivers (load.ts; docs/decisions.md "The load bench's drivers"): autocannon
 * sends the mix through the gateway over HTTP; the floor, which is DynamoDB calls and no HTTP, runs
 * in a closed loop of its own with the same stopping rule, so both sides of a step are counted alike.
 */

/** `busy`: the share of the step this process's event loop was working (the gateway, every Lambda and the driver share it). */
export type Step = { concurrency: number; seconds: number; all: Summary; byKind: Map<Kind, Summary>; rps: number; errors: number; busy: number };
/** How long a step runs: `seconds`, and on until `minSamples` answered, but never past 3× the time. */
export type StepPlan = { concurrency: number; seconds: number; minSamples: number; kinds: Kind[] };
/** The next request of the mix: which op it is, and what goes on the wire. */
export type Outgoing = { op: number; method: "GET" | "POST"; path: string; headers: Record<string, string>; body?: string };

/** Each answer's time by op, the errors, and the step's clock and event-loop share. */
function tally(plan: StepPlan) {
  const all: number[] = [];
  const byKind = new Map<Kind, number[]>();
  let errors = 0;
  const elu = performance.eventLoopUtilization();
  const t0 = performance.now();
  const until = t0 + plan.seconds * 1000;
  return {
    add(op: number, took: number, ok: boolean) {
      if (!ok) errors++;
      all.push(took);
      const kind = plan.kinds[op]!;
      if (!byKind.has(kind)) byKind.set(kind, []);
      byKind.get(kind)!.push(took);
    },
    /** The step has run its time and has its samples, or has run 3× its time. */
    enough: (now: number) => now > t0 + 3 * plan.seconds * 1000 || (now > until && all.length >= plan.minSamples),
    step(endedAt: number, otherErrors = 0): Step {
      const seconds = (endedAt - t0) / 1000;
      return {
        concurrency: plan.concurrency,
        seconds,
        all: summarize(all),
        byKind: new Map([...byKind].map(([k, s]) => [k, summarize(s)])),
        rps: all.length / seconds,
        errors: errors + otherErrors,
        busy: performance.eventLoopUtilization(elu).utilization,
      };
    },
  };
}

/**
 * One step through the gateway with autocannon: `concurrency` kept-alive connections, each sending
 * its next request (`next`, taken in turn from one sequence) when its last one answered. `ok` judges
 * each reply from its status and body. A connection error or a timeout counts as an error.
 */
export function throughGateway(baseUrl: string, plan: StepPlan, next: () => Outgoing, ok: (op: number, status: number, body: string) => boolean): Promise<Step> {
  const t = tally(plan);
  // A request's `onResponse` runs just before the instance's `response` event for the same answer
  // (autocannon's httpClient), so the verdict is handed from one to the other here.
  let answered = { op: 0, ok: false };
  let endedAt = 0;
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: baseUrl,
        connections: plan.concurrency,
        duration: 3 * plan.seconds,
        timeout: 60,
        // How soon a stop takes effect (autocannon stops at its next sample).
        sampleInt: 100,
        requests: [
          {
            setupRequest: (req, context) => {
              const r = next();
              Object.assign(context, { op: r.op });
              return { ...req, method: r.method, path: r.path, headers: r.headers, body: r.body ?? "" };
            },
            onResponse: (status, body, context) => {
              const { op } = context as { op: number };
              answered = { op, ok: ok(op, status, body) };
            },
          },
        ],
      },
      (err, result) => (err ? reject(err) : resolve(t.step(endedAt || performance.now(), result.errors + result.timeouts))),
    );
    instance.on("response", (_client, _status, _bytes, took) => {
      if (endedAt) return;
      t.add(answered.op, took, answered.ok);
      const now = performance.now();
      if (t.enough(now)) {
        endedAt = now;
        instance.stop();
      }
    });
  });
}

/**
 * One step of the floor: `concurrency` workers, each starting its next call when its last one
 * finished, the ops taken in turn from `order`.
 */
export async function closedLoop(plan: StepPlan, order: number[], call: (op: number) => Promise<void>): Promise<Step> {
  const t = tally(plan);
  let next = 0;
  const worker = async () => {
    while (!t.enough(performance.now())) {
      const op = order[next++ % order.length]!;
      const start = performance.now();
      await call(op);
      t.add(op, performance.now() - start, true);
    }
  };
  await Promise.all(Array.from({ length: plan.concurrency }, worker));
  return t.step(performance.now());
}
