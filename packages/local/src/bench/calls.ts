import { dynamo } from "@xiangyu/core/kernel/aws";
import { table } from "./markdown.ts";
import { kB } from "./stats.ts";

/** What one request read: its DynamoDB calls by command ("GetItem ×2, Query ×1") and the bytes they returned. */
type Reads = { reads: string; bytes: number };

let calls: string[] | null = null;
let bytes = 0;
let installed = false;

/**
 * Counts the DynamoDB calls (and the bytes DynamoDB Local sent back) made while `fn` runs — the
 * gateway runs in the bench's process, so its calls are seen too. The middleware is added once per
 * process (the SDK refuses a second one of the same name), whichever areas run.
 */
async function recordCalls(fn: () => Promise<unknown>): Promise<Reads> {
  if (!installed) {
    dynamo().middlewareStack.add(
      (next, context) => async (args) => {
        const out = await next(args);
        if (calls) {
          calls.push(String(context.commandName ?? "?").replace(/Command$/, ""));
          bytes += Number((out.response as any)?.headers?.["content-length"] ?? 0);
        }
        return out;
      },
      { step: "deserialize", name: "benchCallRecorder" },
    );
    installed = true;
  }
  calls = [];
  bytes = 0;
  try {
    await fn();
    const counted = calls.reduce((m, c) => m.set(c, (m.get(c) ?? 0) + 1), new Map<string, number>());
    return { reads: [...counted].map(([c, n]) => `${c} ×${n}`).join(", "), bytes };
  } finally {
    calls = null;
  }
}

/** What one request reads and answers: called once to check its reply, once more counting its calls. */
export type ReadFigures = { reads: string; dynamoBytes: number; replyBytes: number };

export async function readsOf(call: () => Promise<{ body: unknown }>): Promise<ReadFigures> {
  const reply = await call();
  const { reads, bytes } = await recordCalls(call);
  return { reads, dynamoBytes: bytes, replyBytes: Buffer.byteLength(JSON.stringify(reply.body)) };
}

/** The table of what each scenario's request reads, with its explanation. */
export function readsSection(rs: ({ name: string } & ReadFigures)[]): string {
  return [
    "What one request through the gateway reads (every DynamoDB call made while it runs — session, menu and role caches included — and the bytes DynamoDB Local sent back) and the size of its JSON reply:",
    "",
    table(
      ["scenario", "DynamoDB calls", " bytes from DynamoDB", " reply (JSON)"],
      rs.map((r) => [r.name, r.reads, kB(r.dynamoBytes), kB(r.replyBytes)]),
    ),
  ].join("\n");
}
