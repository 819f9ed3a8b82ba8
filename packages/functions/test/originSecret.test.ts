import { describe, it, expect, beforeAll, afterEach } from "vitest";
import { get, post, testTenant, memberToken, type Reply } from "./harness.ts";
import { fromOrigin, ORIGIN_HEADER } from "../src/http/viewer.ts";
import { AROUND_EDGE } from "../src/http/app.ts";
import { apiEvent, type ApiEvent } from "../src/http/event.ts";
import { readTotal } from "@xiangyu/core/kernel/counters";
import { LOGINLOG_TOTALS } from "@xiangyu/core/auth/loginLog";
import { OPLOG_TOTALS } from "@xiangyu/core/auth/oplog";
import { registerMobileUsers } from "@xiangyu/core/users/mobile";
import { dynamo } from "@xiangyu/core/kernel/aws";
import { config } from "@xiangyu/core/kernel/config";
import { ScanCommand } from "@aws-sdk/lib-dynamodb";

/**
 * Only through CloudFront (issue 33): with an origin secret configured, the adapter refuses any
 * request that does not carry it (straight to execute-api) before it reads anything. The harness's
 * own sign-ins carry no header, so each test sets the secret after its tenant is ready.
 */
const SECRET = "edge-secret-of-the-stage";
const EDGE = { [ORIGIN_HEADER]: SECRET };
const AROUND: Record<string, string>[] = [{}, { [ORIGIN_HEADER]: "guessed" }, { [ORIGIN_HEADER]: `${SECRET}x` }, { [ORIGIN_HEADER]: "" }];
const ORG = 1201;

let t: Awaited<ReturnType<typeof testTenant>>;
let member = "";
beforeAll(async () => {
  t = await testTenant();
  const [mu] = await registerMobileUsers(t.clientId, [{ userId: `wx-${Date.now()}`, realname: "王五", mobile: "13912340000" }]);
  member = await memberToken(t.clientId, mu!);
});
afterEach(() => {
  delete process.env.XY_ORIGIN_SECRET;
});

const login = (password: string, headers: Record<string, string>) =>
  post("/gateway/oauth/login", {
    form: { grant_type: "password", client_id: t.clientId, client_secret: t.clientSecret, username: "admin", password, scope: "all" },
    headers,
  });
const saveOrg = (headers: Record<string, string>, orgName: string) =>
  post("/gateway/api/organization/save", { token: t.adminToken, functionId: ORG, form: { parentId: 0, orgType: "dept", orgName }, headers });
const me = (headers: Record<string, string>) => get("/gateway/api/manage/users/info", { token: t.adminToken, headers });
const mpMe = (headers: Record<string, string>) => get("/xiangyu/api/mp/me", { token: member, headers });

/** Every item of this file's own table, as JSON: a refused request must change none, counters and logs included. */
async function everything(): Promise<string[]> {
  const out: string[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await dynamo().send(new ScanCommand({ TableName: config.table, ExclusiveStartKey }));
    for (const item of page.Items ?? []) out.push(JSON.stringify(item));
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return out.sort();
}

const refused = (r: Reply) => {
  expect(r.status).toBe(403);
  expect(r.body).toEqual({ code: "403", desc: AROUND_EDGE });
  expect(r.headers["cache-control"]).toBe("no-store");
};

describe("the pure rule", () => {
  const event = (headers: Record<string, string>) => ({ headers }) as ApiEvent;
  it("accepts only the exact secret when one is configured, and anything when none is", () => {
    expect(fromOrigin(event({ [ORIGIN_HEADER]: "k" }), "k")).toBe(true);
    expect(fromOrigin(event({ [ORIGIN_HEADER]: "K" }), "k")).toBe(false);
    expect(fromOrigin(event({ [ORIGIN_HEADER]: "kk" }), "k")).toBe(false);
    expect(fromOrigin(event({}), "k")).toBe(false);
    expect(fromOrigin({} as ApiEvent, "k")).toBe(false);
    expect(fromOrigin(event({}), undefined)).toBe(true);
    expect(fromOrigin(event({ [ORIGIN_HEADER]: "anything" }), undefined)).toBe(true);
  });
});

describe("with an origin secret configured", () => {
  it("refuses a sign-in around CloudFront before it is counted or logged", async () => {
    process.env.XY_ORIGIN_SECRET = SECRET;
    const logged = await readTotal(t.clientId, LOGINLOG_TOTALS.all);
    const before = await everything();
    // More wrong passwords than the lockout allows (5): none of them may count.
    for (const headers of [...AROUND, ...AROUND]) refused(await login("wrong-password-1", headers));
    // No login log entry, no lockout or address count: not one item changed.
    expect(await everything()).toEqual(before);
    // The right password through the edge: not locked, and logged.
    const ok = await login("Admin@12345", EDGE);
    expect(ok.body.code, JSON.stringify(ok.body)).toBe("200");
    expect(await readTotal(t.clientId, LOGINLOG_TOTALS.all)).toBe(logged + 1);
  });

  it("refuses a session route, a module write and a member route around CloudFront, and serves them through it", async () => {
    process.env.XY_ORIGIN_SECRET = SECRET;
    const entries = await readTotal(t.clientId, OPLOG_TOTALS.all);
    const before = await everything();
    for (const headers of AROUND) {
      refused(await me(headers));
      refused(await saveOrg(headers, "绕过边缘"));
      refused(await mpMe(headers));
      refused(await post("/gateway/oauth/logout", { token: t.adminToken, headers }));
    }
    // Nothing was written (no department, no log entry, no session touched) and the session was not ended.
    expect(await everything()).toEqual(before);
    expect(await readTotal(t.clientId, OPLOG_TOTALS.all)).toBe(entries);
    const info = await me(EDGE);
    expect(info.body.code).toBe("200");
    expect(info.body.data.tenantId).toBe(t.clientId);
    expect((await mpMe(EDGE)).body.code).toBe("200");
    const saved = await saveOrg(EDGE, "经由边缘");
    expect(saved.body.code).toBe("200");
    const tree = JSON.stringify(
      (await get("/gateway/api/organization/list", { token: t.adminToken, functionId: ORG, query: { orgType: "dept", parentId: 0 }, headers: EDGE })).body,
    );
    expect(tree).toContain("经由边缘");
    expect(tree).not.toContain("绕过边缘");
  });

  it("answers a path the area does not know with the same refusal, not a 404", async () => {
    process.env.XY_ORIGIN_SECRET = SECRET;
    // The area's Lambda itself: the harness finds no area for a path no route names.
    const { handler } = await import("../src/auth/handler.ts");
    const ask = (headers: Record<string, string>) => handler(apiEvent({ method: "GET", url: "/gateway/oauth/no-such-route", headers }) as ApiEvent);
    const around = await ask({});
    expect([around.statusCode, JSON.parse(around.body!)]).toEqual([403, { code: "403", desc: AROUND_EDGE }]);
    expect((await ask(EDGE)).statusCode).toBe(404);
  });
});

describe("with no origin secret (one machine, the tests)", () => {
  it("serves every request as before, with or without the header", async () => {
    expect((await me({})).body.code).toBe("200");
    expect((await me({ [ORIGIN_HEADER]: "whatever" })).body.code).toBe("200");
    expect((await mpMe({})).body.code).toBe("200");
    expect((await login("Admin@12345", {})).body.code).toBe("200");
    expect((await saveOrg({}, "本机")).body.code).toBe("200");
  });
});
