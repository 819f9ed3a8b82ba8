import { describe, it, expect, beforeAll } from "vitest";
import { AREAS, type AreaName } from "../src/manifest.ts";
import { splitKey, type RouteDef } from "../src/http/define.ts";
import { INTERNAL_ERROR } from "@xiangyu/core/kernel/envelope";
import { MENU } from "@xiangyu/core/platform/standardMenu";
import { call, tableItems, testTenant, type Reply } from "./harness.ts";
import replies from "../src/openapi/replies.json";

/**
 * The contract every route keeps: it declares its input (a valibot object schema) and its reply,
 * and no malformed value of any declared field gets a 500, a stack trace, library English or a
 * stored item. The malformed values are generated from each route's own schema.
 */
const ROUTES = (Object.keys(AREAS) as AreaName[]).flatMap((area) => Object.entries(AREAS[area].routes).map(([key, def]) => ({ area, key, def: def as RouteDef })));

/** The declared fields of a route: its object schema's keys (a piped object keeps them). */
const fieldsOf = (def: RouteDef): string[] => Object.keys((def.input as unknown as { entries?: object }).entries ?? {});

describe("every route declares its contract", () => {
  it.each(ROUTES.map((r) => [r.key, r] as const))("%s has an input schema and a reply", (_key, { def }) => {
    expect(def.input, "input schema").toBeDefined();
    expect((def.input as { kind?: string }).kind).toBe("schema");
    // An object schema (a piped one keeps its entries; noInput is a strict one): the fields it declares are the route's input.
    expect(["object", "strict_object"]).toContain((def.input as { type?: string }).type);

    expect(def.reply, "reply type").toBeDefined();
  });
});

const HUGE = 2 ** 53 + 2;
const ids10k = Array.from({ length: 10_000 }, (_, i) => i + 1);
/** Values no field should take, with the JSON-only ones (types a form cannot send) marked. */
const MALFORMED: Array<{ name: string; value: unknown; jsonOnly?: boolean }> = [
  { name: "object", value: { a: 1 }, jsonOnly: true },
  { name: "list of objects", value: [{ a: 1 }], jsonOnly: true },
  { name: "true", value: true, jsonOnly: true },
  { name: "empty", value: "" },
  { name: "100 KB string", value: "字".repeat(50_000) + "x".repeat(50_000) },
  { name: "negative", value: -1 },
  { name: "NaN", value: "NaN" },
  { name: "huge integer", value: HUGE, jsonOnly: true },
  { name: "huge integer text", value: String(HUGE) },
  { name: "hex", value: "0x43" },
  { name: "exponent", value: "9e0" },
  { name: "decimal id", value: "67.0" },
  { name: "huge page", value: "1000000000" },
  { name: "10,000 ids", value: ids10k.join(",") },
  { name: "10,000-element list", value: ids10k, jsonOnly: true },
];

/** Library words that must never reach a user (valibot's defaults, JS errors, stack frames). */
const ENGLISH = /Invalid|Expected|received|undefined|NaN|TypeError|Error:|\bat \S+ \(|ValidationException|Cannot read/;

let t: Awaited<ReturnType<typeof testTenant>>;
const fnOfModule = new Map<string, number>();

/** Sign-out ends the session the sweep runs on: it is fed garbage with a session of its own. */
const ENDS_SESSION = new Set(["POST /gateway/oauth/logout"]);

function headersFor(def: RouteDef): { functionId?: number } {
  if (def.access.auth !== "function") return {};
  return { functionId: fnOfModule.get(def.access.modules[0]!) };
}

/** The request path with its parameters filled in ({name} → 1, {key+} → a/b). */
const pathOf = (path: string) => path.replace(/\{\w+\+\}/g, "a/b").replace(/\{\w+\}/g, "1");

async function send(key: string, def: RouteDef, field: string, value: unknown, token: string): Promise<Reply> {
  const { method, path } = splitKey(key);
  const url = pathOf(path);
  const fid = headersFor(def);
  if (method === "GET") return call("GET", url, { token, ...fid, query: { [field]: Array.isArray(value) ? value.join(",") : String(value) } });
  return call("POST", url, { token, ...fid, json: { [field]: value } });
}

/** Routes that answer a whole Response of their own (a document, a file, a page, the provider's "success"), not the envelope. */
const ANSWERS_RESPONSE = new Set(
  Object.entries(replies.routes as Record<string, { kind?: string }>)
    .filter(([, r]) => r.kind === "response")
    .map(([k]) => k),
);

function problems(key: string, field: string, name: string, r: Reply): string[] {
  const out: string[] = [];
  const text = typeof r.body === "string" ? r.body : JSON.stringify(r.body);
  if (r.status >= 500) out.push(`HTTP ${r.status}`);
  if (text.includes(INTERNAL_ERROR)) out.push("internal error");
  // The style attribute calls answer {check, msg} (RawReply); everything else the envelope.
  const said = String(r.body?.desc ?? r.body?.msg ?? "");
  if (ENGLISH.test(said)) out.push(`English: ${said.slice(0, 80)}`);
  // A public read may be refused for its address's rate (429, an envelope) — so a route answering a
  // document is exempted by its declared reply, not by luck of the limiter.
  if (r.status === 200 && !ANSWERS_RESPONSE.has(key) && !r.body?.code && r.body?.check === undefined && typeof r.body !== "string") out.push("no envelope");
  return out.map((p) => `${key} ${field}=${name}: ${p}`);
}

beforeAll(async () => {
  t = await testTenant();
  for (const m of MENU) if (m.path && !fnOfModule.has(m.module)) fnOfModule.set(m.module, m.id);
});

describe("malformed input on every route", () => {
  it("answers every malformed value of every declared field in Chinese, never 500, and stores nothing", { timeout: 600_000 }, async () => {
    const spare = ENDS_SESSION.size ? await t.token("admin", "Admin@12345") : "";
    const before = await tableItems();
    const found: string[] = [];
    const jobs = ROUTES.flatMap(({ key, def }) => {
      const fields = [...fieldsOf(def), "currentPage"];
      const isGet = splitKey(key).method === "GET";
      return fields.flatMap((field) => MALFORMED.filter((m) => !(isGet && m.jsonOnly)).map((m) => ({ key, def, field, m })));
    });
    let next = 0;
    await Promise.all(
      Array.from({ length: 6 }, async () => {
        while (next < jobs.length) {
          const { key, def, field, m } = jobs[next++]!;
          const token = ENDS_SESSION.has(key) ? spare : t.adminToken;
          found.push(...problems(key, field, m.name, await send(key, def, field, m.value, token)));
        }
      }),
    );
    expect(found).toEqual([]);
    const after = await tableItems();
    const stored = [...after.keys()].filter((k) => !before.has(k) || before.get(k) !== after.get(k));
    expect(stored).toEqual([]);
  });
});
