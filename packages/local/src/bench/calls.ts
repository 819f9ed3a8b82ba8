import { dynamo } from "@xiangyu/core/kernel/aws";

/** What one request read: its DynamoDB calls by command ("GetItem ×2, Query ×1") and the bytes they returned. */
export type Reads = { reads: string; bytes: number };

let calls: string[] | null = null;
let bytes = 0;
let installed = false;

/**
 * Counts the DynamoDB calls (and the bytes DynamoDB Local sent back) made while `fn` runs — the
 * gateway runs in the bench's process, so its calls are seen too. The middleware is added once per
 * process (the SDK refuses a second one of the same name), whichever areas run.
 */
export async function recordCalls(fn: () => Promise<unknown>): Promise<Reads> {
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
