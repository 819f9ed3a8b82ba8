import { brotliDecompressSync } from "node:zlib";
import { describe, it, expect } from "vitest";
import { Spectral, type RulesetDefinition } from "@stoplight/spectral-core";
import { oas } from "@stoplight/spectral-rulesets";
import { AREAS } from "../src/manifest.ts";
import { splitKey } from "../src/http/define.ts";
import { openApiDocument } from "../src/openapi/document.ts";
import { openApiText } from "../src/openapi/serve.ts";
import { invoke } from "../src/http/invoke.ts";
import { get } from "./harness.ts";

/**
 * The OpenAPI document (docs/api.md, "The OpenAPI document"): one operation for every key of every
 * area's route table and none besides; the copy the website Lambda serves is the one the tables give
 * today (else `npx tsx scripts/openapi.ts`); Spectral's OpenAPI rules find no error in it. That every
 * reply the API tests record validates against it is checked by the harness itself (harness.ts).
 */
const doc = openApiDocument();
const METHODS = ["get", "post", "put", "delete", "patch", "head", "options"];

describe("the OpenAPI document", () => {
  it("has one operation per route of the manifest, at the route's method and path", () => {
    const keys = Object.values(AREAS).flatMap((a) => Object.keys(a.routes));
    const operations = Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.entries(item)
        .filter(([m]) => METHODS.includes(m))
        .map(([m, op]) => ({ path, method: m.toUpperCase(), route: op["x-route"] })),
    );
    expect(operations.map((o) => o.route).sort()).toEqual([...keys].sort());
    expect(new Set(operations.map((o) => o.route)).size).toBe(keys.length);
    for (const o of operations) {
      const { method, path } = splitKey(o.route);
      expect([o.method, o.path], o.route).toEqual([method, path.replace(/\{(\w+)\+\}/g, "{$1}")]);
    }
    expect(doc["x-generated"].routes).toBe(keys.length);
  });

  it("says who may call each route as the table does", () => {
    for (const area of Object.values(AREAS))
      for (const [key, def] of Object.entries(area.routes)) {
        const { method, path } = splitKey(key);
        const op = doc.paths[path.replace(/\{(\w+)\+\}/g, "{$1}")][method.toLowerCase()];
        expect(op["x-access"], key).toEqual(def.access);
        expect(op.security, key).toEqual(def.access.auth === "public" ? [] : [{ [def.access.auth === "member" ? "member" : "staff"]: [] }]);
        expect(op["x-operator"], key).toBe(def.operator);
      }
  });

  it("is served as the tables give it today (else run npx tsx scripts/openapi.ts)", async () => {
    expect(openApiText() === JSON.stringify(doc), "packages/functions/src/openapi/served.ts is stale: run npx tsx scripts/openapi.ts").toBe(true);
    const r = await get("/gateway/openapi.json");
    expect(r.status).toBe(200);
    expect(r.headers["content-type"]).toMatch(/^application\/json/);
    expect(r.headers["cache-control"]).toMatch(/^public, max-age=\d+/);
    expect(r.body.openapi).toBe("3.1.0");
    const again = await get("/gateway/openapi.json", { headers: { "if-none-match": r.headers.etag } });
    expect([again.status, again.body]).toEqual([304, ""]);
  });

  it("is sent to a client that takes Brotli (CloudFront) as the compressed bytes it carries", async () => {
    const send = (headers: Record<string, string>) => invoke({ method: "GET", url: "/gateway/openapi.json", headers: { host: "localhost", ...headers } });
    const r = (await send({ "accept-encoding": "gzip, br;q=0.9" }))!;
    expect([r.statusCode, r.headers?.["content-encoding"], r.headers?.vary, r.isBase64Encoded]).toEqual([200, "br", "Accept-Encoding", true]);
    expect(brotliDecompressSync(Buffer.from(r.body!, "base64")).toString("utf8")).toBe(openApiText());
    const refused = (await send({ "accept-encoding": "br;q=0, gzip" }))!;
    expect(refused.headers?.["content-encoding"]).toBeUndefined();
    expect(Buffer.from(refused.body!, "base64").toString("utf8")).toBe(openApiText());
    const again = (await send({ "accept-encoding": "br", "if-none-match": r.headers!.etag! }))!;
    expect([again.statusCode, again.body]).toEqual([304, ""]);
  });

  it("passes Spectral's OpenAPI rules without an error", async () => {
    const spectral = new Spectral();
    // `extends: spectral:oas` as a .spectral.yaml says it: the ruleset's recommended rules.
    spectral.setRuleset({ extends: [[oas as RulesetDefinition, "recommended"]] });
    const results = await spectral.run(JSON.stringify(doc));
    const errors = results.filter((r) => r.severity === 0);
    const warnings = results.filter((r) => r.severity === 1);
    const byRule = (list: typeof results) => {
      const counts = new Map<string, number>();
      for (const r of list) counts.set(String(r.code), (counts.get(String(r.code)) ?? 0) + 1);
      return [...counts].map(([code, n]) => `${code} ×${n}`);
    };
    console.log(`Spectral (spectral:oas): ${errors.length} errors, ${warnings.length} warnings${warnings.length ? ` (${byRule(warnings).join(", ")})` : ""}`);
    expect(
      errors.map((e) => `${e.code} at ${e.path.join(".")}: ${e.message}`),
      "Spectral errors",
    ).toEqual([]);
  }, 120_000);

  it("gives every JSON reply a schema but the permissive parts it counts", () => {
    const g = doc["x-generated"];
    console.log(
      `replies: ${g.replies.typed} JSON replies typed, permissive parts: ${g.replies.permissive.join("; ") || "none"}; inputs' permissive parts: ${g.inputs.permissive.length}`,
    );
    expect(g.replies.missing, "routes newer than replies.json: run npx tsx scripts/openapi.ts").toEqual([]);
    expect(g.replies.permissive.length).toBeLessThanOrEqual(5);
  });
});
