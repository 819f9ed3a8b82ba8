import * as v from "valibot";
import { toJsonSchema, type ConversionConfig, type JsonSchema } from "@valibot/to-json-schema";
import { AREAS, type AreaName } from "../manifest.ts";
import { splitKey, type RouteDef } from "../http/define.ts";
import repliesJson from "./replies.json";

/**
 * The OpenAPI 3.1 document of every route (docs/api.md, "The OpenAPI document"), built from the
 * route tables: one operation per key of every area's table. Inputs are the routes' valibot
 * schemas as sent (`@valibot/to-json-schema`, input types: every field as the wire carries it,
 * before the schema's transforms); replies are the envelope around the JSON Schemas that
 * scripts/openapi.ts wrote from the reply types (replies.json); who may call a route is the
 * `x-access` extension and the security requirement. Pure: the same tables give the same document.
 * scripts/openapi.ts writes it compressed into served.ts, which the website Lambda serves.
 */
type Schema = Record<string, unknown>;
/** A route's reply as scripts/openapi.ts writes it from the reply type. */
export type RouteReply = { kind: "envelope"; data?: Schema; dataOptional?: true; list?: Schema } | { kind: "response" } | { kind: "raw"; body: Schema };
/** replies.json: named reply types as component schemas, each route's reply, and where a type said nothing (`any`, `unknown`). */
export type Replies = { schemas: Record<string, Schema>; routes: Record<string, RouteReply>; loose: string[] };
const committed = repliesJson as unknown as Replies;

export type OpenApiDocument = {
  openapi: "3.1.0";
  info: Schema;
  servers: Schema[];
  tags: { name: string; description: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema>; securitySchemes: Record<string, Schema>; responses: Record<string, Schema> };
  "x-generated": { routes: number; replies: { typed: number; permissive: string[]; missing: string[] }; inputs: { permissive: string[] } };
};
export type Operation = Schema & { "x-route": string; responses: Record<string, Schema> };

const REF = "#/components/schemas/";
/** The components the envelope adds beside the reply types' own (their names must not collide). */
const ENVELOPE_SCHEMAS: Record<string, Schema> = {
  PageParams: {
    type: "object",
    description: "A paged list's position: `maxCount` rows in all (at least that many when `totalCapped`).",
    properties: {
      maxCount: { type: "number" },
      currentPage: { type: "number" },
      pageSize: { type: "number" },
      maxPage: { type: "number" },
      sort: { type: "string" },
      order: { type: "string", enum: ["asc", "desc"] },
      keyword: { type: "string" },
      keyValue: { type: "string" },
      totalCapped: { const: true },
    },
    required: ["maxCount", "currentPage", "pageSize", "maxPage", "sort", "order", "keyword", "keyValue"],
  },
  Refusal: {
    type: "object",
    description: 'The envelope of a refusal or a failure: `code` says which ("401", "403", "404", "500", …), `desc` why, in Chinese.',
    properties: { code: { type: "string" }, desc: { type: "string" } },
    required: ["code", "desc"],
  },
};

/** "/gateway/api/hotel/{id}" as OpenAPI writes it: `{key+}` (the rest of the path) is `{key}`. */
const openApiPath = (path: string) => path.replace(/\{(\w+)\+\}/g, "{$1}");
const pathParamsOf = (path: string) => [...path.matchAll(/\{(\w+)(\+?)\}/g)].map((m) => ({ name: m[1], rest: m[2] === "+" }));
const operationId = (method: string, path: string) =>
  method.toLowerCase() +
  path
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w) => w[0].toUpperCase() + w.slice(1))
    .join("");

/** `anyOf` of plain types written as one type list: `{ type: ["string", "number", "null"] }`. */
function simplify(s: unknown): unknown {
  if (Array.isArray(s)) return s.map(simplify);
  if (!s || typeof s !== "object") return s;
  const out: Schema = {};
  for (const [k, x] of Object.entries(s)) if (k !== "$schema") out[k] = k === "properties" || k === "$defs" ? mapValues(x as Record<string, unknown>, simplify) : simplify(x);
  if (Array.isArray(out.anyOf)) {
    const flat = (out.anyOf as Schema[]).flatMap((m) => (Object.keys(m).length === 1 && Array.isArray(m.anyOf) ? (m.anyOf as Schema[]) : [m]));
    const types = flat.flatMap((m) => (Object.keys(m).length === 1 && m.type !== undefined ? [m.type].flat() : [null]));
    if (!types.includes(null)) {
      delete out.anyOf;
      out.type = types.length === 1 ? types[0] : [...new Set(types)];
    } else out.anyOf = flat;
  }
  return out;
}
const mapValues = <T, U>(o: Record<string, T>, f: (x: T) => U): Record<string, U> => Object.fromEntries(Object.entries(o).map(([k, x]) => [k, f(x)]));

/** A field the schema refuses when it is left out (a required text or id: the field's own message speaks). */
const refusesMissing = (field: v.GenericSchema) => !v.safeParse(field, undefined).success;
/** A field that takes an uploaded file (a multipart part) and no text. */
const takesFile = (field: v.GenericSchema) => v.safeParse(field, new File(["x"], "x.txt")).success && !v.safeParse(field, "x").success;

/** The object entries of a route's input, through its pipes (a list query is a pipe of an object). */
function entriesOf(schema: v.GenericSchema): Record<string, v.GenericSchema> {
  const s = schema as v.GenericSchema & { entries?: Record<string, v.GenericSchema>; pipe?: unknown[]; wrapped?: v.GenericSchema };
  if (s.entries) return s.entries;
  if (s.pipe && s.pipe[0] && typeof s.pipe[0] === "object" && (s.pipe[0] as { kind?: string }).kind === "schema") return entriesOf(s.pipe[0] as v.GenericSchema);
  if (s.wrapped) return entriesOf(s.wrapped);
  return {};
}

/**
 * How a valibot schema is said: its input type (what the wire carries, before transforms), in draft
 * 2020-12 (OpenAPI 3.1's dialect). A schema or action with no JSON Schema (a custom check) is
 * permissive there ({}), counted under `x-generated`; a metadata action says only its title,
 * description and examples (a field's `label` as its title), and a whole-record save's field
 * (kernel/fields.ts orAbsent, a custom schema carrying the field it checks) is said as that field.
 */
const conversion = (): ConversionConfig => ({
  target: "draft-2020-12",
  typeMode: "input",
  errorMode: "ignore",
  overrideAction: ({ valibotAction, jsonSchema }) => {
    if (valibotAction.type !== "metadata") return undefined;
    const metadata = (valibotAction as unknown as { metadata: Record<string, unknown> }).metadata;
    if (metadata.field) return toJsonSchema(metadata.field as v.GenericSchema, conversion());
    const out: JsonSchema = { ...jsonSchema };
    for (const k of Object.keys(metadata)) if (!["title", "description", "examples"].includes(k)) delete (out as Schema)[k];
    if (typeof metadata.label === "string" && !out.title) out.title = metadata.label;
    return out;
  },
  overrideSchema: ({ errors }) => {
    // Counted where it is left in the document (permissiveParts): a whole-record save's custom schema is replaced above.
    return errors ? {} : undefined;
  },
});

/** Where a schema says nothing (`{}`): what the converter could not say (a custom check, an unknown). */
function permissiveParts(s: Schema, where: string, out: string[]): void {
  if (!Object.keys(s).length) out.push(where);
  for (const [k, x] of Object.entries((s.properties ?? {}) as Record<string, Schema>)) permissiveParts(x, `${where} ${k}`, out);
  if (s.items && typeof s.items === "object") permissiveParts(s.items as Schema, `${where}[]`, out);
  for (const m of (s.anyOf ?? []) as Schema[]) permissiveParts(m, where, out);
}

/** A route's input as JSON Schema, as sent (before transforms); a part that cannot be said is permissive and counted. */
function inputSchema(key: string, def: RouteDef, permissive: string[]): Schema {
  const json = toJsonSchema(def.input, conversion()) as Schema;
  delete json.$schema;
  if (json.$defs) throw new Error(`${key}: a recursive input schema needs its definitions moved to components`);
  const out = simplify(json) as Schema;
  const entries = entriesOf(def.input);
  const properties = (out.properties ?? {}) as Record<string, Schema>;
  // The adapter's own: a module route's function, said as the header.
  delete properties.functionId;
  const required = new Set((out.required as string[] | undefined) ?? []);
  for (const [name, field] of Object.entries(entries)) {
    if (!properties[name]) continue;
    if (refusesMissing(field)) required.add(name);
    if (takesFile(field)) properties[name] = { type: "string", contentMediaType: "application/octet-stream", description: "the file (multipart/form-data)" };
  }
  if (required.size) out.required = [...required].filter((n) => properties[n]);
  permissiveParts(out, key, permissive);
  return out;
}

const securityOf = (def: RouteDef) => (def.access.auth === "public" ? [] : def.access.auth === "member" ? [{ member: [] }] : [{ staff: [] }]);

/** What the route says of its callers beside the security requirement: the spec's words for the console's readers. */
function accessText(def: RouteDef): string {
  const a = def.access;
  if (a.auth === "public") return "Public: no token.";
  if (a.auth === "member") return "A mini-program member's token.";
  if (a.auth === "session") return "Any signed-in staff user's token.";
  const right =
    a.right === "save"
      ? "A to add (no id) or E to edit (an id)"
      : typeof a.right === "string"
        ? `the letter ${a.right}`
        : a.right
          ? `any of the letters ${a.right.join(", ")}`
          : "no letter (a read)";
  const also = "also" in a && a.also ? `, and ${a.also} besides` : "";
  return `A staff token and the \`functionId\` header naming a function of module ${a.modules.map((m) => `\`${m}\``).join(" or ")}; ${right}${also}.`;
}

function responsesOf(key: string, def: RouteDef, replies: Replies, missing: string[]): Record<string, Schema> {
  const reply = replies.routes[key];
  const refusal = { $ref: "#/components/responses/Refusal" };
  const out: Record<string, Schema> = {};
  const json = (schema: Schema, description: string) => ({ description, content: { "application/json": { schema } } });
  if (!reply) {
    // A route newer than replies.json: said permissively, so the route tests still run; openapi.test.ts and the lint fail on it.
    missing.push(key);
    out["200"] = json({}, "Not generated yet: npx tsx scripts/openapi.ts.");
  } else if (reply.kind === "response") {
    // The route answers in its own terms (a file, a page, a redirect, a payment provider's acknowledgement), refusals included.
    out["200"] = { description: "A file, a page or a redirect (not the envelope).", content: { "*/*": {} } };
    out["302"] = { description: "A redirect (a file's presigned address)." };
    out.default = { description: "The route's own answer (not the envelope), or a refusal in the envelope.", content: { "*/*": {} } };
    return out;
  } else if (reply.kind === "raw") {
    out["200"] = json({ anyOf: [reply.body, { $ref: REF + "Refusal" }] }, "A body of its own (not the envelope), or a refusal in the envelope.");
  } else {
    const properties: Record<string, Schema> = { code: { type: "string", description: '"200" on success' }, desc: { type: "string" } };
    const onSuccess: string[] = [];
    if (reply.data) {
      properties.data = reply.data;
      if (!reply.dataOptional) onSuccess.push("data");
    }
    if (reply.list) {
      properties.dataList = { type: "array", items: reply.list };
      properties.pageParams = { $ref: REF + "PageParams" };
      onSuccess.push("dataList");
    }
    const schema: Schema = { type: "object", properties, required: ["code", "desc"] };
    if (onSuccess.length) Object.assign(schema, { if: { properties: { code: { const: "200" } } }, then: { required: onSuccess } });
    out["200"] = json(schema, 'The envelope: `code` "200" with the reply, or a refusal (another code, with `desc`).');
    if (def.cache && def.access.auth === "public") out["304"] = { description: "Not modified: the `If-None-Match` named the reply's ETag." };
  }
  if (def.access.auth !== "public") out["401"] = refusal;
  if (def.access.auth === "function" || def.access.auth === "session") out["403"] = refusal;
  out.default = refusal;
  return out;
}

/**
 * One route's operation: its path, query or body parameters from its input schema, its replies and
 * who may call it. An input the converter could not say exactly is added to `permissiveInputs`, a
 * route without a recorded reply to `missing`.
 */
function operationOf(area: AreaName, key: string, def: RouteDef, replies: Replies, permissiveInputs: string[], missing: string[]) {
  const { method, path } = splitKey(key);
  const params = pathParamsOf(path);
  const input = inputSchema(key, def, permissiveInputs);
  const properties = { ...((input.properties ?? {}) as Record<string, Schema>) };
  for (const p of params) delete properties[p.name];
  const required = ((input.required ?? []) as string[]).filter((n) => properties[n]);
  const parameters: Schema[] = params.map((p) => ({
    name: p.name,
    in: "path",
    required: true,
    schema: { type: "string" },
    ...(p.rest ? { description: "The rest of the path: may hold `/`." } : {}),
  }));
  if (def.access.auth === "function")
    parameters.push({ name: "functionId", in: "header", required: true, description: "The function (screen) the call is made from.", schema: { type: "string" } });
  let requestBody: Schema | undefined;
  if (method === "GET") {
    for (const [name, schema] of Object.entries(properties)) parameters.push({ name, in: "query", required: required.includes(name), schema });
  } else if (Object.keys(properties).length) {
    const body: Schema = { type: "object", properties, ...(required.length ? { required } : {}) };
    if (input.additionalProperties === false) body.additionalProperties = false;
    const multipart = Object.values(properties).some((p) => p.contentMediaType);
    requestBody = {
      required: required.length > 0,
      content: multipart ? { "multipart/form-data": { schema: body } } : { "application/x-www-form-urlencoded": { schema: body }, "application/json": { schema: body } },
    };
  }
  const access: Schema = { ...def.access };
  const op: Operation = {
    operationId: operationId(method, path),
    tags: [area],
    summary: typeof def.log === "string" ? def.log : path,
    description: accessText(def),
    ...(parameters.length ? { parameters } : {}),
    ...(requestBody ? { requestBody } : {}),
    responses: responsesOf(key, def, replies, missing),
    security: securityOf(def),
    "x-route": key,
    "x-access": access,
    ...(def.operator ? { "x-operator": true } : {}),
    ...(def.scope ? { "x-scope": def.scope } : {}),
    ...(def.denial ? { "x-denial": def.denial } : {}),
    ...(def.audit ? { "x-audit": def.audit } : {}),
    ...(def.cache ? { "x-cache": def.cache } : {}),
    ...(def.log !== undefined ? { "x-log": def.log } : {}),
  };
  return { method, path, op };
}

export function openApiDocument(replies: Replies = committed): OpenApiDocument {
  const permissiveInputs: string[] = [];
  const missing: string[] = [];
  const paths: OpenApiDocument["paths"] = {};
  const tags: OpenApiDocument["tags"] = [];
  let routes = 0;
  for (const area of Object.keys(AREAS) as AreaName[]) {
    tags.push({ name: area, description: `The ${area} area (one Lambda: packages/functions/src/${area}).` });
    for (const [key, def] of Object.entries(AREAS[area].routes)) {
      routes++;
      const { method, path, op } = operationOf(area, key, def, replies, permissiveInputs, missing);
      (paths[openApiPath(path)] ??= {})[method.toLowerCase()] = op;
    }
  }
  for (const name of Object.keys(ENVELOPE_SCHEMAS)) if (replies.schemas[name]) throw new Error(`reply type ${name} collides with the envelope's schema`);
  const typed = Object.values(replies.routes).filter((r) => r.kind !== "response").length;
  return {
    openapi: "3.1.0",
    info: {
      title: "Xiangyu API",
      version: "1.0.0",
      description:
        "The hotel-club back office's API: every route of every area, generated from the route tables (packages/functions/src/openapi). " +
        "Every JSON reply is the envelope `{ code, desc, data?, dataList?, pageParams? }` unless the route says otherwise; a refusal keeps HTTP 200 and says its code in `code`, except 401 (no or an ended session), 403 (no right) and 429. " +
        "Staff routes take `Authorization: Bearer <access_token>` from `POST /gateway/oauth/login`; a screen's routes also the `functionId` header.",
      contact: { name: "Xiangyu developers" },
    },
    servers: [{ url: "/", description: "The stage's own domain (the console's origin)." }],
    tags,
    paths,
    components: {
      schemas: { ...ENVELOPE_SCHEMAS, ...replies.schemas },
      responses: { Refusal: { description: "A refusal in the envelope.", content: { "application/json": { schema: { $ref: REF + "Refusal" } } } } },
      securitySchemes: {
        staff: { type: "http", scheme: "bearer", description: "A staff session's access_token (POST /gateway/oauth/login)." },
        member: { type: "http", scheme: "bearer", description: "A mini-program member's token (POST /xiangyu/api/mp/login)." },
      },
    },
    "x-generated": { routes, replies: { typed, permissive: replies.loose, missing }, inputs: { permissive: permissiveInputs } },
  };
}
