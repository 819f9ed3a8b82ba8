import { afterEach, describe, expect, it, vi } from "vitest";
import { errorText, logLine, withLogScope, type LogScope } from "../src/kernel/log.ts";

/** Every line the console methods were given, parsed: each must be one JSON object. */
const spies = () => ({
  error: vi.spyOn(console, "error").mockImplementation(() => undefined),
  warn: vi.spyOn(console, "warn").mockImplementation(() => undefined),
  log: vi.spyOn(console, "log").mockImplementation(() => undefined),
});
const lines = (spy: ReturnType<typeof vi.spyOn>) => spy.mock.calls.map((c) => JSON.parse(String(c[0])) as Record<string, unknown>);

afterEach(() => vi.restoreAllMocks());

describe("the Lambdas' log lines", () => {
  it("are one JSON object per line, on the console method of their level", () => {
    const s = spies();
    logLine("error", { msg: "boom", n: 1 });
    logLine("warn", { msg: "careful" });
    logLine("info", { msg: "fyi" });
    expect(s.error.mock.calls).toHaveLength(1);
    expect(s.error.mock.calls[0]).toHaveLength(1);
    expect(String(s.error.mock.calls[0]![0])).not.toContain("\n");
    expect(lines(s.error)).toEqual([{ level: "error", msg: "boom", n: 1 }]);
    expect(lines(s.warn)).toEqual([{ level: "warn", msg: "careful" }]);
    expect(lines(s.log)).toEqual([{ level: "info", msg: "fyi" }]);
  });

  it("carry the request's id, route and tenant inside a request, the tenant as soon as it is known", async () => {
    const s = spies();
    const scope: LogScope = { requestId: "req-1", route: "POST /gateway/api/x/save", tenant: null };
    await withLogScope(scope, async () => {
      logLine("warn", { msg: "before the caller" });
      scope.tenant = "t1";
      // Through an await, as a service deep in core would log.
      await new Promise((r) => setTimeout(r, 1));
      logLine("error", { error: errorText(new Error("lost")) });
    });
    logLine("info", { msg: "outside" });
    expect(lines(s.warn)).toEqual([{ level: "warn", requestId: "req-1", route: "POST /gateway/api/x/save", tenant: null, msg: "before the caller" }]);
    const [err] = lines(s.error);
    expect(err).toMatchObject({ level: "error", requestId: "req-1", route: "POST /gateway/api/x/save", tenant: "t1" });
    // The stack, newlines escaped inside the one line: where it was thrown.
    expect(err!.error).toMatch(/^Error: lost\n\s+at /);
    expect(lines(s.log)).toEqual([{ level: "info", msg: "outside" }]);
  });

  it("keep requests apart when they run at once in one container", async () => {
    const s = spies();
    const one = (id: string, wait: number) =>
      withLogScope({ requestId: id, route: "GET /r", tenant: id }, async () => {
        await new Promise((r) => setTimeout(r, wait));
        logLine("info", { msg: id });
      });
    await Promise.all([one("a", 5), one("b", 1)]);
    expect(lines(s.log).map((l) => [l.requestId, l.tenant, l.msg])).toEqual([
      ["b", "b", "b"],
      ["a", "a", "a"],
    ]);
  });

  it("name an error by its text when it is not an Error", () => {
    expect(errorText("plain")).toBe("plain");
    expect(errorText(undefined)).toBe("undefined");
  });
});
