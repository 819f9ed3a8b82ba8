import { performance } from "node:perf_hooks";
import * as DDB from "@aws-sdk/client-dynamodb";
import { dynamo } from "@xiangyu/core/kernel/aws";
import { config } from "@xiangyu/core/kernel/config";

/**
 * The load bench's floor (load.ts): the DynamoDB calls a request made, recorded while it ran
 * through the gateway in this process, then replayed bare with the SDK's low-level client.
 */
type Call = { command: string; input: unknown; start: number; end: number };
/** A request's calls in waves: the calls of a wave ran at the same time, a wave after the one before it ended. */
export type Trace = Array<Array<{ command: string; input: unknown }>>;

let recording: Call[] | null = null;
let recorderInstalled = false;

/**
 * Records every DynamoDB call made while `fn` runs (the gateway runs in this process), with its
 * input as sent — after the document client's marshalling, so the low-level client can send it
 * again as it is.
 */
export async function traceOf(fn: () => Promise<unknown>): Promise<Trace> {
  if (!recorderInstalled) {
    dynamo().middlewareStack.add(
      (next, context) => async (args) => {
        if (!recording) return next(args);
        const call: Call = { command: String(context.commandName ?? ""), input: structuredClone(args.input), start: performance.now(), end: Infinity };
        const into = recording;
        try {
          return await next(args);
        } finally {
          call.end = performance.now();
          into.push(call);
        }
      },
      { step: "build", name: "benchLoadRecorder" },
    );
    recorderInstalled = true;
  }
  recording = [];
  try {
    await fn();
    return waves(recording);
  } finally {
    recording = null;
  }
}

/** "GetItem ×2 → Query ×3 + GetItem → TransactWriteItems": a request's calls wave by wave. */
export function shapeOf(trace: Trace): string {
  return trace
    .map((wave) =>
      [...wave.reduce((m, c) => m.set(c.command.replace(/Command$/, ""), (m.get(c.command.replace(/Command$/, "")) ?? 0) + 1), new Map<string, number>())]
        .map(([c, k]) => (k > 1 ? `${c} ×${k}` : c))
        .join(" + "),
    )
    .join(" → ");
}

function waves(calls: Call[]): Trace {
  const sorted = [...calls].sort((a, b) => a.start - b.start);
  const out: Trace = [];
  let firstEnd = -Infinity;
  for (const c of sorted) {
    if (c.start >= firstEnd || !out.length) {
      out.push([]);
      firstEnd = c.end;
    } else firstEnd = Math.min(firstEnd, c.end);
    out[out.length - 1]!.push({ command: c.command, input: c.input });
  }
  return out;
}

/** An operation-log call (auth/oplog.ts append): the id counter, the entry, the log's three totals. */
function oplogPart(c: { command: string; input: unknown }): "id" | "entry" | "total" | null {
  const i = c.input as { Item?: { pk?: { S?: string } }; ExpressionAttributeValues?: Record<string, { S?: string }> };
  if (c.command === "PutItemCommand" && i.Item?.pk?.S?.startsWith("$xy_oplog#")) return "entry";
  const name = c.command === "UpdateItemCommand" ? i.ExpressionAttributeValues?.[":name_u0"]?.S : undefined;
  return name === "id#oplog" ? "id" : name?.startsWith("total#oplog") || name === "oplog" || name?.startsWith("oplog#") ? "total" : null;
}

/**
 * The what-if of the proposed fix (docs/performance.md): the same request with its log entry
 * written in one wave — no counter round trip for the entry's id, the entry and its totals at once.
 */
export function oneWaveLog(trace: Trace): Trace {
  const log = trace.flat().filter((c) => oplogPart(c));
  if (!log.some((c) => oplogPart(c) === "entry")) return trace;
  const rest = trace.map((w) => w.filter((c) => !oplogPart(c))).filter((w) => w.length);
  return [...rest, log.filter((c) => oplogPart(c) !== "id")];
}

/** The low-level client, built as core builds its own (same endpoint, same retries), but with no document layer or middleware of ours. */
export function bareClient(): DDB.DynamoDBClient {
  return new DDB.DynamoDBClient({ endpoint: config.dynamoEndpoint, region: config.region, credentials: { accessKeyId: "local", secretAccessKey: "local" }, maxAttempts: 3 });
}

/** A write replayed finds its condition already spent (the revision moved on): DynamoDB still did the work, so it counts. */
export const spent = (e: unknown) => /ConditionalCheckFailed|TransactionCanceled/.test(String((e as Error)?.name));

export async function replay(client: DDB.DynamoDBClient, trace: Trace): Promise<void> {
  for (const wave of trace) {
    await Promise.all(
      wave.map(async ({ command, input }) => {
        const Ctor = (DDB as unknown as Record<string, new (i: unknown) => DDB.GetItemCommand>)[command];
        if (!Ctor) throw new Error(`floor: no command ${command}`);
        try {
          await client.send(new Ctor(structuredClone(input)));
        } catch (e) {
          if (!spent(e)) throw e;
        }
      }),
    );
  }
}
