import { describe, it, expect, beforeAll } from "vitest";
import { randomBytes } from "node:crypto";
import { ScanCommand } from "@aws-sdk/lib-dynamodb";
import { AREAS, type AreaName } from "../src/manifest.ts";
import { splitKey, type RouteDef } from "../src/http/define.ts";
import { markPlatformTenant } from "@xiangyu/core/platform/operator";
import { createDepartments } from "@xiangyu/core/org/provision";
import { dynamo } from "@xiangyu/core/kernel/aws";
import { addDays } from "@xiangyu/core/hotels/nights";
import { today } from "@xiangyu/core/kernel/clock";
import { MENU } from "@xiangyu/core/platform/standardMenu";
import { call, get, post, tenantHandle, type Reply } from "./harness.ts";
import { orderWorld, monday, type World } from "./ordersHelpers.ts";

/**
 * Tenant isolation, proven with two real tenants (issue 14). Tenant A is the platform tenant; its
 * operator creates tenant B through the tenant routes; B's administrator signs in on B's clientId,
 * changes the initial password, and creates hotels, rooms, a product, a client and an order there.
 * Then every route of the manifest is called as each tenant with the other's record ids in every
 * id-like field, and must answer nothing of the other: each tenant's records carry words of their
 * own (hotel and client names, department names, the admin's mobile, the clientId), and no reply
 * may contain the other tenant's. Writes must leave the other's items as they were.
 *
 * Ids come from a counter per tenant, so A's ids are B's ids too: B asking for hotel 1 must get its
 * own hotel 1 or nothing — the tenant in every key, never the id, decides whose record it is.
 */
const ROUTES = (Object.keys(AREAS) as AreaName[]).flatMap((area) => Object.entries(AREAS[area].routes).map(([key, def]) => ({ area, key, def: def as RouteDef })));
const fieldsOf = (def: RouteDef): string[] => Object.keys((def.input as unknown as { entries?: object }).entries ?? {});

/** Fields that name a record: every id, id list and code (department, shop, branch). */
const ID_LIKE = /(id|ids)$/i;
const CODE_LIKE = /^(code|deptCode|deptCodes|shop|codes|orgCode)$/i;

/** Values that get a request past its input checks to the data, by field name (dates, months, types). */
function plausible(field: string): string | undefined {
  if (/date$|^day$|Date$|^inDate$/i.test(field)) return addDays(today(), 14);
  if (/^(month|yearMonth)$/i.test(field)) return addDays(today(), 14).slice(0, 7);
  if (/^year$/i.test(field)) return addDays(today(), 14).slice(0, 4);
  if (/^(hotelType|type|status|currentCtrl)$/i.test(field)) return "1";
  return undefined;
}

/** Sign-out ends the caller's own session: called with a session of its own. */
const ENDS_SESSION = new Set(["POST /gateway/oauth/logout"]);

type Side = { name: string; clientId: string; secret: string; password: string; token: string; fnOfModule: Map<string, number>; marks: string[]; world: World };

const pathOf = (path: string, value: number) => path.replace(/\{\w+\+\}/g, `a/${value}`).replace(/\{\w+\}/g, String(value));

async function signIn(s: Side): Promise<string> {
  const r = await post("/gateway/oauth/login", {
    form: { grant_type: "password", client_id: s.clientId, client_secret: s.secret, username: "admin", password: s.password, scope: "all" },
  });
  if (r.body.code !== "200") throw new Error(`${s.name} sign-in: ${JSON.stringify(r.body)}`);
  return r.body.data.access_token;
}

/** Every item of a tenant (business data: not the log, sessions or sign-in accounting), keyed, as stored. */
async function itemsOf(tenantId: string): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await dynamo().send(
      new ScanCommand({ TableName: process.env.XY_TABLE!, FilterExpression: "tenantId = :t", ExpressionAttributeValues: { ":t": tenantId }, ExclusiveStartKey }),
    );
    for (const item of page.Items ?? []) {
      if (["oplog", "session", "signinguard", "addressattempts"].includes(String(item.__edb_e__).toLowerCase())) continue;
      out.set(`${item.pk}|${item.sk}`, JSON.stringify(item));
    }
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return out;
}

/**
 * Calls every non-public route as `attacker` with each of `ids` in every id-like field (and once
 * with none, so lists and counts are covered), and returns what leaked: replies holding one of the
 * victim's words. Public routes (sign-in, the login page's branding, public files) serve anyone by
 * design and are proven apart below.
 */
async function sweep(
  attacker: Side,
  victim: Side,
  ids: number[],
  only: "GET" | "POST",
  skip: (key: string, def: RouteDef) => boolean,
): Promise<{ leaks: string[]; calls: number }> {
  // Member routes take a member's token, whose tenant is signed into it (memberSessions.test.ts).
  const jobs = ROUTES.filter(({ key, def }) => def.access.auth !== "public" && def.access.auth !== "member" && splitKey(key).method === only && !skip(key, def)).flatMap(
    ({ key, def }) => [0, ...ids].map((value) => ({ key, def, value })),
  );
  const leaks: string[] = [];
  let next = 0;
  // Sign-ins in flight count as attempts (auth/lockout.ts): workers share one, and logout gets its own session made before.
  const spare = jobs.some((j) => ENDS_SESSION.has(j.key)) ? await signIn(attacker) : "";
  let renewing: Promise<string> | null = null;
  const renew = async (stale: string) => {
    if (attacker.token !== stale) return;
    renewing ??= signIn(attacker).finally(() => (renewing = null));
    attacker.token = await renewing;
  };
  const send = async (key: string, def: RouteDef, value: number): Promise<Reply> => {
    const { method, path } = splitKey(key);
    const fields: Record<string, string> = {};
    for (const f of fieldsOf(def)) {
      if (value && ID_LIKE.test(f)) fields[f] = String(value);
      else if (value && CODE_LIKE.test(f)) fields[f] = "001001";
      else if (plausible(f) !== undefined) fields[f] = plausible(f)!;
    }
    const functionId = def.access.auth === "function" ? attacker.fnOfModule.get(def.access.modules[0]!) : undefined;
    const token = ENDS_SESSION.has(key) ? spare : attacker.token;
    const url = pathOf(path, value || 1);
    return method === "GET" ? call("GET", url, { token, functionId, query: fields }) : call("POST", url, { token, functionId, form: fields });
  };
  await Promise.all(
    Array.from({ length: 6 }, async () => {
      while (next < jobs.length) {
        const { key, def, value } = jobs[next++]!;
        const used = attacker.token;
        let r = await send(key, def, value);
        // A write may end the attacker's sessions (its own roles or departments changed): sign in again, once for all workers.
        if (r.status === 401 && !ENDS_SESSION.has(key)) {
          await renew(used);
          r = await send(key, def, value);
          if (r.status === 401) leaks.push(`${key} (id ${value}): 401 after signing in again`);
        }
        const text = typeof r.body === "string" ? r.body : JSON.stringify(r.body);
        for (const mark of victim.marks) if (text.includes(mark)) leaks.push(`${key} (id ${value}) answered ${attacker.name} with ${victim.name}'s "${mark}"`);
        if (r.status >= 500) leaks.push(`${key} (id ${value}): HTTP ${r.status}`);
      }
    }),
  );
  return { leaks, calls: jobs.length };
}

const OPERATOR_FN = 1101;
let A: Side;
let B: Side;
let idsOfA: number[];
let idsOfB: number[];

/** The first function of each module the tenant's menu holds (B's lacks the platform's own screens). */
async function functionsOf(token: string): Promise<Map<string, number>> {
  const r = await get("/gateway/api/manage/type/list", { token, query: { fatherid: 0 } });
  const out = new Map<string, number>();
  const walk = (nodes: Array<{ id: number; path: string; module: string; children: unknown[] }>) => {
    for (const n of nodes) {
      if (n.path && !out.has(n.module)) out.set(n.module, n.id);
      walk(n.children as typeof nodes);
    }
  };
  walk(r.body.dataList);
  return out;
}

/** Ids of everything a world made: hotels, rooms, the product and its type, a client, its order. */
async function recordsOf(w: World): Promise<number[]> {
  const m = await w.member({ weeks: 5 });
  const start = monday(2);
  const order = await w.clubStay(m.id, start, addDays(start, 2));
  if (order.body.code !== "200") throw new Error(JSON.stringify(order.body));
  const ids = [w.clubHotel.id, w.clubHotel.roomId, w.discountHotel.id, w.discountHotel.roomId, w.weeksType.id, m.id, order.body.data.id];
  // Department ids and the admin's user and role ids are small numbers too: 1..max covers them all.
  return Array.from({ length: Math.max(...ids, 8) }, (_, i) => i + 1);
}

beforeAll(async () => {
  // Tenant A: provisioned like every test tenant, then made the platform tenant; its records carry 甲方机密.
  const worldA = await orderWorld(3, { label: "甲方机密" });
  await markPlatformTenant(worldA.t.clientId);
  A = {
    name: "A",
    clientId: worldA.t.clientId,
    secret: worldA.t.clientSecret,
    password: "Admin@12345",
    token: worldA.t.adminToken,
    fnOfModule: new Map(
      MENU.filter((m) => m.path)
        .map((m) => [m.module, m.id] as const)
        .reverse(),
    ),
    marks: ["甲方机密", "华南分公司", "广州天河店", worldA.t.adminMobile, worldA.t.clientId],
    world: worldA,
  };
  idsOfA = await recordsOf(worldA);

  // Tenant B: created by A's operator through the tenant routes, provisioned in that one call.
  const clientId = `b${randomBytes(4).toString("hex")}`;
  const adminMobile = `136${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`;
  const created = await post("/gateway/api/manage/platform/save", {
    token: A.token,
    functionId: OPERATOR_FN,
    form: { clientId, password: `${clientId}-secret`, systemName: "乙方机密平台", domain2: `${clientId}.example.com`, idisplay: 1, adminMobile, adminPassword: "Initial#2026x" },
  });
  expect(created.body).toMatchObject({ code: "200", desc: "保存成功", data: { clientId, systemName: "乙方机密平台", domain: [`${clientId}.example.com`] } });

  // Its administrator signs in with B's clientId and secret, is told to change the initial password, and does.
  const first = await post("/gateway/oauth/login", {
    form: { grant_type: "password", client_id: clientId, client_secret: `${clientId}-secret`, username: adminMobile, password: "Initial#2026x", scope: "all" },
  });
  expect(first.body.code).toBe("200");
  expect(first.body.data.mustChangePassword).toBe(1);
  const changed = await post("/gateway/api/manage/users/changepassword", {
    token: first.body.data.access_token,
    form: { oldPassword: "Initial#2026x", newPassword: "Yifang#2026x" },
  });
  expect(changed.body.desc).toBe("密码已修改，请重新登录");

  const depts = await createDepartments(clientId, [{ orgName: "乙方分公司", branch: true, children: [{ orgName: "乙方门店" }] }]);
  const handle = await tenantHandle({ clientId, clientSecret: `${clientId}-secret`, adminMobile, depts, adminPassword: "Yifang#2026x" });
  const worldB = await orderWorld(3, { tenant: handle, label: "乙方机密", shop: depts.get("乙方门店")!.code });
  B = {
    name: "B",
    clientId,
    secret: `${clientId}-secret`,
    password: "Yifang#2026x",
    token: handle.adminToken,
    fnOfModule: await functionsOf(handle.adminToken),
    marks: ["乙方机密", "乙方分公司", "乙方门店", adminMobile, clientId],
    world: worldB,
  };
  idsOfB = await recordsOf(worldB);
}, 240_000);

describe("two real tenants", () => {
  it("B's administrator signed in a second time has no password to change, and B's menu lacks the platform's screens", async () => {
    const again = await post("/gateway/oauth/login", {
      form: { grant_type: "password", client_id: B.clientId, client_secret: B.secret, username: "admin", password: B.password, scope: "all" },
    });
    expect(again.body.code).toBe("200");
    expect(again.body.data.mustChangePassword).toBeUndefined();
    expect(B.fnOfModule.get("hotels")).toBeDefined();
    expect([...B.fnOfModule.values()]).not.toContain(OPERATOR_FN);
  });

  it("the words each side looks for are there for its own users (the sweep can see a leak)", async () => {
    for (const s of [A, B]) {
      const r = await get("/xiangyu/api/client/clientlist", { token: s.token, functionId: 2001 });
      expect(JSON.stringify(r.body)).toContain(s.marks[0]);
      const h = await post("/xiangyu/api/hotel/hotellist", { token: s.token, functionId: 1601 });
      expect(JSON.stringify(h.body)).toContain(s.marks[0]);
    }
  });

  it("B's administrator is not a platform operator: every tenant route refuses it", async () => {
    const fn = B.fnOfModule.get("platform")!;
    for (const [method, path, fields] of [
      ["GET", "/gateway/api/manage/platform/list", {}],
      ["GET", "/gateway/api/manage/platform/view", { clientId: A.clientId }],
      ["POST", "/gateway/api/manage/platform/passed", { ids: "1", idisplay: 0 }],
      ["POST", "/gateway/api/manage/platform/delete", { ids: "1" }],
    ] as const) {
      const r = await call(method, path, { token: B.token, functionId: fn, ...(method === "GET" ? { query: fields } : { form: fields }) });
      expect(r.body, path).toMatchObject({ code: "403", desc: "你无操作权限" });
    }
  });

  it("every GET route of the manifest, as each tenant with the other's ids, answers nothing of the other", { timeout: 300_000 }, async () => {
    const bOnA = await sweep(B, A, idsOfA, "GET", () => false);
    // The platform operator's own screens show every tenant's record by design: A sweeps B elsewhere.
    const aOnB = await sweep(A, B, idsOfB, "GET", (key) => key.startsWith("GET /gateway/api/manage/platform/"));
    expect(bOnA.calls).toBeGreaterThan(100);
    expect([...bOnA.leaks, ...aOnB.leaks]).toEqual([]);
    // The same calls reach the data: A sweeping its own hotel routes finds its own words.
    const self = await sweep(A, A, idsOfA, "GET", (key) => !key.includes("/hotel/"));
    expect(self.leaks.length).toBeGreaterThan(0);
  });

  it("every POST route of the manifest, as B with A's ids, answers nothing of A and leaves A's items as they were", { timeout: 300_000 }, async () => {
    const before = await itemsOf(A.clientId);
    expect(before.size).toBeGreaterThan(50);
    const { leaks, calls } = await sweep(B, A, idsOfA, "POST", () => false);
    expect(calls).toBeGreaterThan(100);
    expect(leaks).toEqual([]);
    const after = await itemsOf(A.clientId);
    const changed = [...new Set([...before.keys(), ...after.keys()])].filter((k) => before.get(k) !== after.get(k));
    expect(changed).toEqual([]);
  });

  it("no one signs in with the other's clientId", async () => {
    // Run after the sweeps: each side's log keeps the name typed at its door (here the other's mobile), rightly.
    // Each administrator's own mobile and password, on the other's clientId and secret: no such user there.
    const as = (s: Side, o: Side) =>
      post("/gateway/oauth/login", { form: { grant_type: "password", client_id: o.clientId, client_secret: o.secret, username: s.marks[3]!, password: s.password, scope: "all" } });
    expect((await as(A, B)).body).toMatchObject({ code: "401", desc: "用户名或密码错误" });
    expect((await as(B, A)).body).toMatchObject({ code: "401", desc: "用户名或密码错误" });
    // The other's clientId with one's own secret is no client at all.
    const mixed = await post("/gateway/oauth/login", {
      form: { grant_type: "password", client_id: A.clientId, client_secret: B.secret, username: "admin", password: B.password, scope: "all" },
    });
    expect(mixed.body).toMatchObject({ code: "401", desc: "客户端认证失败" });
  });

  it("a disabled tenant's sessions end at once and its users cannot sign in; enabling it again does not bring them back", async () => {
    const list = await get("/gateway/api/manage/platform/list", { token: A.token, functionId: OPERATOR_FN, query: { keyword: B.clientId } });
    const bId = list.body.dataList[0].id as number;
    const fresh = await signIn(B);
    expect((await get("/gateway/api/manage/users/info", { token: fresh })).status).toBe(200);
    const off = await post("/gateway/api/manage/platform/passed", { token: A.token, functionId: OPERATOR_FN, form: { ids: String(bId), idisplay: 0 } });
    expect(off.body).toMatchObject({ code: "200", desc: "停用成功" });
    for (const token of [fresh, B.token]) expect((await get("/gateway/api/manage/users/info", { token })).status).toBe(401);
    const refused = await post("/gateway/oauth/login", {
      form: { grant_type: "password", client_id: B.clientId, client_secret: B.secret, username: "admin", password: B.password, scope: "all" },
    });
    expect(refused.body).toMatchObject({ code: "403", desc: "该平台已停用" });
    // A's sessions go on.
    expect((await get("/gateway/api/manage/users/info", { token: A.token })).status).toBe(200);
    await post("/gateway/api/manage/platform/passed", { token: A.token, functionId: OPERATOR_FN, form: { ids: String(bId), idisplay: 1 } });
    expect((await get("/gateway/api/manage/users/info", { token: fresh })).status).toBe(401);
    expect((await get("/gateway/api/manage/users/info", { token: await signIn(B) })).status).toBe(200);
  });
});
