import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import { pathPattern, splitKey } from "../src/http/define.ts";
import { openApiDocument, type Operation } from "../src/openapi/document.ts";

/**
 * Every reply a route test records is checked against the OpenAPI document (docs/api.md, "The OpenAPI
 * document"): harness.ts `call` hands each JSON reply here, and a reply its route's schema for that
 * status does not admit throws, naming the route, the status and what did not match, so the test that
 * made the call fails. The document is built from today's tables once per test file; a schema is
 * compiled (Ajv, JSON Schema 2020-12) the first time its route and status are seen.
 */
const BASE = "https://xiangyu.local/openapi.json";
type Route = { key: string; method: string; re: RegExp; op: Operation };

let routes: Route[] | undefined;
let ajv: Ajv2020 | undefined;
let responses: Record<string, Record<string, unknown>> = {};
const compiled = new Map<string, ValidateFunction | null>();

function setUp(): Route[] {
  const doc = openApiDocument();
  // Component references resolve against the document, added once under its own id.
  const text = JSON.stringify(doc).replaceAll('"#/components/', `"${BASE}#/components/`);
  const rebased = JSON.parse(text) as typeof doc;
  ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });
  ajv.addSchema({ $id: BASE, components: rebased.components });
  responses = rebased.components.responses as Record<string, Record<string, unknown>>;
  return Object.values(rebased.paths).flatMap((item) =>
    Object.values(item).map((op) => {
      const { method, path } = splitKey(op["x-route"]);
      return { key: op["x-route"], method, re: pathPattern(path), op };
    }),
  );
}

function validatorFor(route: Route, status: number): ValidateFunction | null {
  const id = `${route.key} ${status}`;
  if (compiled.has(id)) return compiled.get(id)!;
  let response = (route.op.responses[String(status)] ?? route.op.responses.default) as Record<string, unknown> | undefined;
  const ref = response?.$ref as string | undefined;
  if (ref) response = responses[ref.slice(ref.lastIndexOf("/") + 1)];
  const schema = (response?.content as Record<string, { schema?: object }> | undefined)?.["application/json"]?.schema;
  const v = schema ? ajv!.compile(schema) : null;
  compiled.set(id, v);
  return v;
}

/** Throws when a JSON reply does not fit its route's schema for its status (a reply of no route is left alone). */
export function checkReply(method: string, path: string, status: number, body: unknown, contentType: string | undefined): void {
  if (!body || typeof body !== "object" || !/json/.test(contentType ?? "")) return;
  routes ??= setUp();
  const bare = path.split("?")[0];
  const route = routes.find((r) => r.method === method && r.re.test(bare));
  if (!route) return;
  const validate = validatorFor(route, status);
  if (!validate || validate(body)) return;
  const errors = (validate.errors ?? []).slice(0, 8).map((e) => `${e.instancePath || "/"} ${e.message}${e.params ? ` ${JSON.stringify(e.params)}` : ""}`);
  throw new Error(
    `reply of ${route.key} (HTTP ${status}) does not fit the OpenAPI document (a reply type changed? npx tsx scripts/openapi.ts):\n  ${errors.join("\n  ")}\nbody: ${JSON.stringify(body).slice(0, 600)}`,
  );
}
