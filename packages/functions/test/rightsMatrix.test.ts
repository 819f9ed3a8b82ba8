import { describe, it, expect, beforeAll } from "vitest";
import { AREAS, type AreaName } from "../src/manifest.ts";
import { splitKey, type RouteDef } from "../src/http/define.ts";
import { mapLimit } from "@xiangyu/core/kernel/batch";
import { DENIAL, LETTERS, type Letter } from "@xiangyu/core/kernel/rights";
import { FN_OF_MODULE } from "./menuFunctions.ts";
import { NOT_PLATFORM_OPERATOR } from "@xiangyu/core/platform/operator";
import { call, testTenant, type Reply } from "./harness.ts";
import { quickUser } from "./usersHelpers.ts";

/**
 * The rights matrix, generated from the routes table: for every route of the manifest and every
 * module it serves, a caller holding each single letter on that module's function, a caller holding
 * nothing, and a caller holding every letter on another module's function, each get exactly what
 * the route declares — allowed, refused for the letter (the spec's denial text), or refused the
 * module (HTTP 403). A route added later is covered without a new test.
 *
 * "Allowed" means "not refused for rights": the call is sent without a body, so an allowed caller
 * usually gets the route's own validation message. Callers are made once with sessions opened
 * directly (no password sign-in, which costs a second of scrypt each).
 */
const ROUTES = (Object.keys(AREAS) as AreaName[]).flatMap((area) => Object.entries(AREAS[area].routes).map(([key, def]) => ({ key, def: def as RouteDef })));
/** Sign-out ends the caller's session; it has no rights to check. */
const SKIP = new Set(["POST /gateway/oauth/logout"]);

let tenantId = "";
const letterUser = new Map<string, string>(); // `${module}:${letter}` → token
const otherUser = new Map<number, string>(); // function id → token of a user holding ADEPRS on it
let nobody = "";

const pathOf = (path: string) => path.replace(/\{\w+\+\}/g, "a/b").replace(/\{\w+\}/g, "1");

async function send(key: string, token: string, functionId: number | undefined, withId: boolean): Promise<Reply> {
  const { method, path } = splitKey(key);
  const fields: Record<string, string> = withId ? { id: "1" } : {};
  return call(method, pathOf(path), { token, ...(functionId ? { functionId } : {}), ...(method === "GET" ? { query: fields } : { form: fields }) });
}

type Outcome = "allow" | "letter" | "module" | "operator";
/** What a reply says about rights: refused the module (403), refused for a letter, or not refused for rights. */
function outcomeOf(r: Reply, def: RouteDef): Outcome | "session" {
  if (r.status === 401) return "session";
  if (r.status === 403) return "module";
  // A platform route (`operator: true`) refuses anyone but the platform operator after the letter check.
  // (Its text is also S's denial, so only a platform route's reply is read this way.)
  if (def.operator && r.body?.code === "403" && r.body?.desc === NOT_PLATFORM_OPERATOR) return "operator";
  const denials = [...Object.values(DENIAL), ...(def.denial ? [def.denial] : [])] as string[];
  if (r.body?.code === "403" && denials.includes(r.body?.desc)) return "letter";
  return "allow";
}

/** The letters a route takes for a call with or without an id, any one of them ("save": A for new, E for edit). */
const needed = (def: RouteDef, withId: boolean): readonly Letter[] => {
  if (def.access.auth !== "function") return [];
  const r = def.access.right;
  if (r === "save") return [withId ? "E" : "A"];
  return r === undefined ? [] : typeof r === "string" ? [r] : r;
};

/** The `${module}:${letters}` callers holding a route's letter and its `also` letter together. */
function pairsOf(def: RouteDef): string[] {
  if (def.access.auth !== "function" || !def.access.also) return [];
  const also = def.access.also;
  const variants = def.access.right === "save" ? [false, true] : [false];
  return def.access.modules
    .filter((m) => FN_OF_MODULE.has(m))
    .flatMap((m) => variants.flatMap((withId) => (needed(def, withId).length ? needed(def, withId) : [""]).map((l) => `${m}:${l}${also}`)));
}

/** A function of a module the route does not serve. */
const otherFunction = (modules: readonly string[]): number => [...FN_OF_MODULE.entries()].find(([m]) => !modules.includes(m))![1];

beforeAll(async () => {
  const t = await testTenant();
  tenantId = t.clientId;
  const modules = new Set(ROUTES.flatMap(({ def }) => (def.access.auth === "function" ? def.access.modules : [])).filter((m) => FN_OF_MODULE.has(m)));
  const jobs = [...modules].flatMap((m) => LETTERS.map((l) => ({ m, l })));
  const t0 = Date.now();
  await mapLimit(jobs, async ({ m, l }) => letterUser.set(`${m}:${l}`, (await quickUser(tenantId, { [FN_OF_MODULE.get(m)!]: l })).token));
  const others = new Set(ROUTES.flatMap(({ def }) => (def.access.auth === "function" ? [otherFunction(def.access.modules)] : [])));
  await mapLimit([...others], async (fid) => otherUser.set(fid, (await quickUser(tenantId, { [fid]: LETTERS.join("") })).token));
  // A route that needs a letter besides the action's own (`also`): a caller holding both.
  const pairs = new Set(ROUTES.flatMap(({ def }) => pairsOf(def)));
  await mapLimit([...pairs], async (key) => {
    const [m, letters] = key.split(":");
    letterUser.set(key, (await quickUser(tenantId, { [FN_OF_MODULE.get(m!)!]: letters! })).token);
  });
  nobody = (await quickUser(tenantId, {})).token;
  console.log(`rights matrix: ${letterUser.size + otherUser.size + 1} callers in ${Date.now() - t0} ms`);
}, 120_000);

describe("the rights matrix", () => {
  it("covers every route of the manifest", () => {
    // A module route must serve at least one module that has a screen, or nobody could ever call it.
    const orphans = ROUTES.filter(({ def }) => def.access.auth === "function" && !def.access.modules.some((m) => FN_OF_MODULE.has(m))).map((r) => r.key);
    expect(orphans).toEqual([]);
    expect(ROUTES.length).toBeGreaterThan(100);
  });

  it("each single letter, no function and another module's function get exactly what each route declares", { timeout: 600_000 }, async () => {
    const wrong: string[] = [];
    const check = (what: string, r: Reply, want: Outcome, def: RouteDef) => {
      const got = outcomeOf(r, def);
      if (got !== want) wrong.push(`${what}: wanted ${want}, got ${got} (${r.status} ${JSON.stringify(r.body).slice(0, 80)})`);
    };
    const jobs: Array<() => Promise<void>> = [];
    for (const { key, def } of ROUTES) {
      if (SKIP.has(key) || def.access.auth === "public") continue;
      if (def.access.auth === "session") {
        // Any signed-in caller, even one holding nothing.
        jobs.push(async () => check(`${key} as nobody`, await send(key, nobody, undefined, false), "allow", def));
        continue;
      }
      if (def.access.auth === "member") {
        // A mini-program member's route: a staff token, whatever it holds, is not a member's.
        jobs.push(async () => {
          const r = await send(key, nobody, undefined, false);
          if (r.status !== 401) wrong.push(`${key} with a staff token: wanted 401, got ${r.status}`);
        });
        continue;
      }
      const { modules, right, also } = def.access;
      const variants = right === "save" ? [false, true] : [false];
      for (const m of modules.filter((x) => FN_OF_MODULE.has(x))) {
        const fid = FN_OF_MODULE.get(m)!;
        for (const withId of variants) {
          const need = needed(def, withId);
          for (const l of LETTERS) {
            // The matrix's tenant is not the platform tenant: where the letter is right, a platform route still refuses.
            // A route with an `also` letter wants both: one letter alone is never enough.
            const want: Outcome = (!need.length || need.includes(l)) && (!also || also === l) ? (def.operator ? "operator" : "allow") : "letter";
            jobs.push(async () => check(`${key}${withId ? " (id)" : ""} with ${m}:${l}`, await send(key, letterUser.get(`${m}:${l}`)!, fid, withId), want, def));
          }
          for (const l of also ? (need.length ? need : [""]) : []) {
            const both = `${m}:${l}${also}`;
            jobs.push(async () =>
              check(`${key}${withId ? " (id)" : ""} with ${both}`, await send(key, letterUser.get(both)!, fid, withId), def.operator ? "operator" : "allow", def),
            );
          }
        }
        jobs.push(async () => check(`${key} holding nothing`, await send(key, nobody, fid, false), "module", def));
        const holder = letterUser.get(`${m}:${needed(def, false)[0] ?? "A"}`)!;
        jobs.push(async () => check(`${key} without a functionId`, await send(key, holder, undefined, false), "module", def));
      }
      const other = otherFunction(modules);
      const token = otherUser.get(other)!;
      // Every letter, but on another module's function: named in the header, or naming this module's function it lacks.
      jobs.push(async () => check(`${key} with another module's function`, await send(key, token, other, false), "module", def));
      jobs.push(async () =>
        check(`${key} with another module's letters`, await send(key, token, FN_OF_MODULE.get(modules.find((x) => FN_OF_MODULE.has(x))!)!, false), "module", def),
      );
    }
    await mapLimit(jobs, (job) => job(), 6);
    expect(wrong).toEqual([]);
    expect(jobs.length).toBeGreaterThan(ROUTES.length * 6);
  });
});
