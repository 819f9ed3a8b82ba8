import { describe, it, expect, beforeAll, vi } from "vitest";
import { MENU } from "@xiangyu/core/platform/standardMenu";
import { testTenant } from "./harness.ts";

/**
 * A cold container's first guarded request (issue 39): the reads that need only the token's
 * tenant — the tenant's gate, the caller's roles, the function the header names and, on an operator
 * route, the platform mark — go out together, and the route's own read follows in the next round.
 * A refusal's log entry and its totals are written in one round. Calls are timed through the
 * client's `middlewareStack.add`, as the benches count them (packages/local/src/bench/calls.ts).
 */
type Call = { op: string; input: Record<string, unknown>; start: number; end: number };
type Invoke = typeof import("@xiangyu/functions/http/invoke").invoke;

let t: Awaited<ReturnType<typeof testTenant>>;
let invoke: Invoke;
let calls: Call[] = [];
const SLOW_SESSION_MS = 300;

/** A new container: fresh modules (empty caches, a new client) whose every DynamoDB call is timed. */
async function coldContainer(): Promise<void> {
  vi.resetModules();
  invoke = (await import("@xiangyu/functions/http/invoke")).invoke;
  const { dynamo } = await import("@xiangyu/core/kernel/aws");
  dynamo().middlewareStack.add(
    (next, context) => async (args) => {
      const c: Call = { op: String(context.commandName).replace(/Command$/, ""), input: args.input as Record<string, unknown>, start: performance.now(), end: Infinity };
      calls.push(c);
      try {
        // The session item answers late, so a read that waited for it would show (not left to DynamoDB Local's timing).
        if (keyOf(c).includes("$session")) await new Promise((r) => setTimeout(r, SLOW_SESSION_MS));
        return await next(args);
      } finally {
        c.end = performance.now();
      }
    },
    { step: "deserialize", name: "coldRoundsRecorder" },
  );
}

/** Each call's round: one past the latest round of the calls answered before it was sent. */
function roundsOf(cs: Call[]): Call[][] {
  const rounds: Call[][] = [];
  const roundOf = new Map<Call, number>();
  for (const c of [...cs].sort((a, b) => a.start - b.start)) {
    const r = 1 + Math.max(0, ...cs.filter((d) => d.end <= c.start && roundOf.has(d)).map((d) => roundOf.get(d)!));
    roundOf.set(c, r);
    (rounds[r - 1] ??= []).push(c);
  }
  return rounds;
}

const fnOf = (module: string) => MENU.find((m) => m.module === module && m.path)!.id;
const send = (url: string, module: string) =>
  invoke({ method: "GET", url, headers: { host: "localhost", authorization: `Bearer ${t.adminToken}`, functionid: String(fnOf(module)) } });
const bodyOf = (r: Awaited<ReturnType<Invoke>>) => JSON.parse(r!.body ?? "{}") as { code: string };
const keyOf = (c: Call) => JSON.stringify(c.input.Key ?? c.input.ExpressionAttributeValues ?? c.input.RequestItems ?? "");
/** The items a call reads by key: a GetItem's one, a BatchGetItem's several (the client joins a turn's GetItems). */
const keysOf = (c: Call): string[] =>
  c.op === "GetItem"
    ? [JSON.stringify(c.input.Key)]
    : c.op === "BatchGetItem"
      ? Object.values(c.input.RequestItems as Record<string, { Keys: unknown[] }>).flatMap((r) => r.Keys.map((k) => JSON.stringify(k)))
      : [];
const keysIn = (cs: Call[]) => cs.flatMap(keysOf);

beforeAll(async () => {
  t = await testTenant();
});

describe("a cold container's first request", () => {
  it("reads the gate, the roles and the named function in one round, then the route's own data", async () => {
    await coldContainer();
    calls = [];
    const r = await send("/gateway/api/organization/chinaarea/list", "org");
    expect(bodyOf(r).code).toBe("200");
    const rounds = roundsOf(calls);
    const first = rounds[0]!;
    // The gate (the tenant's item) and the function's item, in one BatchGetItem; the roles' Query.
    expect(keysIn(first).filter((k) => k.includes("$tenant")).length).toBe(1);
    expect(keysIn(first).some((k) => k.includes("$function"))).toBe(true);
    expect(first.filter((c) => c.op === "GetItem" || c.op === "BatchGetItem").length).toBe(1);
    expect(first.some((c) => c.op === "Query" && keyOf(c).includes("$role"))).toBe(true);
    // No whole menu is read for one function.
    expect(calls.some((c) => c.op === "Query" && keyOf(c).includes("$function"))).toBe(false);
    // The session item after the gate, and the route's read beside it, not after it: two rounds.
    const session = calls.find((c) => keyOf(c).includes("$session"))!;
    expect(rounds[1]).toContain(session);
    const route = calls.filter((c) => !first.includes(c) && c !== session);
    expect(route.length).toBeGreaterThan(0);
    for (const c of route) expect(c.start).toBeLessThan(session.end);
    expect(rounds.length).toBe(2);
  });

  it("on an operator route refused, reads the platform mark with them and logs the refusal and its totals in one round", async () => {
    await coldContainer();
    calls = [];
    const r = await send("/gateway/api/manage/platform/list", "platform");
    expect(bodyOf(r).code).toBe("403");
    const rounds = roundsOf(calls);
    // The gate and the platform mark are both the tenant's item: one key of one BatchGetItem serves both reads.
    const pointReads = rounds[0]!.filter((c) => c.op === "GetItem" || c.op === "BatchGetItem");
    expect(pointReads.map((c) => c.op)).toEqual(["BatchGetItem"]);
    expect(keysIn(pointReads).filter((k) => k.includes("$tenant")).length).toBe(1);
    const put = calls.find((c) => c.op === "PutItem")!;
    expect(put).toBeDefined();
    // The entry and the three totals (all, user, module) share a round.
    const round = rounds.find((rs) => rs.includes(put))!;
    expect(round.filter((c) => c.op === "UpdateItem").length).toBe(3);
  });
});
