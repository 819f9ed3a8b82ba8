import { describe, it, expect, beforeAll, afterEach, vi } from "vitest";
import { noInput } from "@xiangyu/core/kernel/fields";
import { logLine } from "@xiangyu/core/kernel/log";
import { INTERNAL_ERROR, ok } from "@xiangyu/core/kernel/envelope";
import { areaApp } from "../src/http/app.ts";
import { data, publicRoute, sessionRoute } from "../src/http/define.ts";
import { apiEvent, type ApiEvent } from "../src/http/event.ts";
import { testTenant } from "./harness.ts";

/**
 * What the adapter logs (issue 33): one JSON object per line naming the request, its route and,
 * once the caller is known, its tenant — for its own lines and for those a service logs inside
 * the request.
 */
const routes = {
  "GET /t/public/fail": publicRoute({ input: noInput, reply: data<never>() }),
  "GET /t/session/fail": sessionRoute({ input: noInput, reply: data<never>(), log: false }),
  "GET /t/session/note": sessionRoute({ input: noInput, reply: data<{ noted: boolean }>(), log: false }),
};
const app = areaApp(routes, {
  "GET /t/public/fail": async () => Promise.reject(new Error("public went wrong")),
  "GET /t/session/fail": async () => Promise.reject(new Error("session went wrong")),
  "GET /t/session/note": async () => {
    // As a service deep in core logs: it knows nothing of the request.
    logLine("warn", { msg: "noted by a service" });
    return ok({ noted: true });
  },
});
const call = async (path: string, token?: string) => {
  const r = await app.handle(apiEvent({ method: "GET", url: path, headers: token ? { authorization: `Bearer ${token}` } : {} }) as ApiEvent);
  return { status: r.statusCode, body: JSON.parse(r.body!) as { code: string; desc: string } };
};
const linesOf = (spy: { mock: { calls: unknown[][] } }) => spy.mock.calls.map((c) => JSON.parse(String(c[0])) as Record<string, unknown>);

let t: Awaited<ReturnType<typeof testTenant>>;
beforeAll(async () => {
  t = await testTenant();
});
afterEach(() => vi.restoreAllMocks());

describe("the adapter's log lines", () => {
  it("log an unexpected failure as one JSON line with the request, the route and no tenant on a public route", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const r = await call("/t/public/fail");
    expect(r.status).toBe(500);
    const [line] = linesOf(errors);
    expect(line).toMatchObject({ level: "error", route: "GET /t/public/fail", tenant: null });
    expect(line!.error).toContain("public went wrong");
    expect(r.body.desc).toBe(`${INTERNAL_ERROR}（请求号：${String(line!.requestId)}）`);
  });

  it("name the caller's tenant on a session route", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => undefined);
    expect((await call("/t/session/fail", t.adminToken)).status).toBe(500);
    expect(linesOf(errors)).toEqual([expect.objectContaining({ level: "error", route: "GET /t/session/fail", tenant: t.clientId, requestId: expect.any(String) })]);
  });

  it("give a service's own line the request's scope", async () => {
    const warns = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    expect((await call("/t/session/note", t.adminToken)).body.code).toBe("200");
    expect(linesOf(warns)).toEqual([{ level: "warn", requestId: expect.any(String), route: "GET /t/session/note", tenant: t.clientId, msg: "noted by a service" }]);
  });
});
