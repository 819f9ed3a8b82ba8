// The OpenAPI document (docs/api.md, "The OpenAPI document"), written at build time:
//
//   npx tsx scripts/openapi.ts           writes packages/functions/src/openapi/replies.json and served.ts
//   npx tsx scripts/openapi.ts --check   fails when either is stale (npm run lint)
//
// replies.json: the reply schemas, from the route tables' reply types with TypeScript's own checker
// (a reply exists as a type only: `data<T>()`, `list<T>()`, http/define.ts). Every named object type
// (an interface or a type alias without type arguments) becomes one component schema; anything else
// is written inline. `any` and `unknown` are the only permissive schemas: each is listed under `loose`.
// served.ts: the whole document (document.ts openApiDocument: inputs from the valibot schemas, these
// replies) brotli-compressed, as the website Lambda serves it at GET /gateway/openapi.json without
// carrying every area's schemas (openapi.test.ts checks it is the document the tables give today).
import { createHash } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { brotliCompressSync, brotliDecompressSync, constants } from "node:zlib";
import * as prettier from "prettier";
import ts from "typescript";

import type { Replies, RouteReply } from "../packages/functions/src/openapi/document.ts";

type Schema = Record<string, unknown>;

const root = resolve(import.meta.dirname, "..");
// The machines run Node 20; the SDK's notice that its 2027 releases need Node 22 is known (docs/decisions.md).
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= "true";
const REPLIES = join(root, "packages/functions/src/openapi/replies.json");
const SERVED = join(root, "packages/functions/src/openapi/served.ts");
const ENTRY = join(root, "packages/functions/src/openapi/__replies__.ts");
const ENTRY_TEXT = `import type { Contract } from "../contract.ts";
import type { ShapeOf } from "../http/define.ts";
export type Replies = { [K in keyof Contract]: ShapeOf<Contract[K]> };
`;
const REF = "#/components/schemas/";

function program(): ts.Program {
  const config = ts.getParsedCommandLineOfConfigFile(join(root, "tsconfig.json"), {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} });
  if (!config) throw new Error("tsconfig.json not read");
  const host = ts.createCompilerHost(config.options);
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (name, lang, ...rest) => (resolve(name) === ENTRY ? ts.createSourceFile(name, ENTRY_TEXT, lang) : getSourceFile(name, lang, ...rest));
  const fileExists = host.fileExists.bind(host);
  host.fileExists = (name) => resolve(name) === ENTRY || fileExists(name);
  return ts.createProgram({ rootNames: [ENTRY], options: config.options, host });
}

function generateReplies(): Replies {
  const prog = program();
  const checker = prog.getTypeChecker();
  const entry = prog.getSourceFile(ENTRY)!;
  const errors = ts.getPreEmitDiagnostics(prog, entry);
  if (errors.length) throw new Error(ts.formatDiagnostics(errors, { getCanonicalFileName: (f) => f, getCurrentDirectory: () => root, getNewLine: () => "\n" }));
  const alias = entry.statements.find(ts.isTypeAliasDeclaration)!;
  const replies = checker.getTypeAtLocation(alias.name);

  const schemas: Record<string, Schema> = {};
  const named = new Map<ts.Type, string>();
  const taken = new Set<string>();
  const loose: string[] = [];
  const expanding = new Set<ts.Type>();

  const isUndefined = (t: ts.Type) => (t.flags & (ts.TypeFlags.Undefined | ts.TypeFlags.Void)) !== 0;
  const hasUndefined = (t: ts.Type) => isUndefined(t) || (t.isUnion() && t.types.some(isUndefined));

  /** The component name of a named object type, or undefined for one written inline. */
  function nameOf(t: ts.Type): string | undefined {
    if (t.aliasSymbol && !t.aliasTypeArguments?.length) return t.aliasSymbol.name;
    const s = t.getSymbol();
    if (!s || !(s.flags & (ts.SymbolFlags.Interface | ts.SymbolFlags.Class))) return undefined;
    if ((t as ts.TypeReference).typeArguments?.length || checker.getTypeArguments(t as ts.TypeReference)?.length) return undefined;
    return s.name;
  }

  function objectSchema(t: ts.Type, where: string): Schema {
    const properties: Record<string, Schema> = {};
    const required: string[] = [];
    for (const p of checker.getPropertiesOfType(t)) {
      if (p.name.startsWith("__@")) continue;
      const pt = checker.getTypeOfSymbol(p);
      if (checker.getSignaturesOfType(pt, ts.SignatureKind.Call).length && !checker.getPropertiesOfType(pt).length) continue;
      const s = toSchema(pt, `${where}.${p.name}`);
      if (s === undefined) continue;
      properties[p.name] = s;
      if (!(p.flags & ts.SymbolFlags.Optional) && !hasUndefined(pt)) required.push(p.name);
    }
    const out: Schema = { type: "object", properties };
    if (required.length) out.required = required;
    const index = checker.getIndexInfosOfType(t).find((i) => i.keyType.flags & (ts.TypeFlags.String | ts.TypeFlags.Number));
    if (index) {
      const s = toSchema(index.type, `${where}[]`);
      if (s !== undefined) out.additionalProperties = s;
    }
    return out;
  }

  /** undefined: the value is never written in JSON (undefined, a function). */
  function toSchema(t: ts.Type, where: string): Schema | undefined {
    const f = t.flags;
    if (f & (ts.TypeFlags.Any | ts.TypeFlags.Unknown)) {
      loose.push(where);
      return {};
    }
    if (f & ts.TypeFlags.Never) return { not: {} };
    if (isUndefined(t)) return undefined;
    if (f & ts.TypeFlags.Null) return { type: "null" };
    if (f & ts.TypeFlags.StringLiteral) return { const: (t as ts.StringLiteralType).value };
    if (f & ts.TypeFlags.NumberLiteral) return { const: (t as ts.NumberLiteralType).value };
    if (f & ts.TypeFlags.BooleanLiteral) return { const: (t as unknown as { intrinsicName: string }).intrinsicName === "true" };
    if (f & (ts.TypeFlags.String | ts.TypeFlags.TemplateLiteral | ts.TypeFlags.StringMapping)) return { type: "string" };
    if (f & ts.TypeFlags.Number) return { type: "number" };
    if (f & ts.TypeFlags.Boolean) return { type: "boolean" };
    if (f & ts.TypeFlags.EnumLiteral && t.isUnion()) return union(t.types, where);
    if (t.isUnion()) return union(t.types, where);
    if (t.isIntersection()) {
      const parts = t.types.filter((x) => !(x.flags & ts.TypeFlags.Object) || checker.getPropertiesOfType(x).length || checker.getIndexInfosOfType(x).length);
      // A branded primitive (string & { brand }) is its primitive.
      const primitive = t.types.find((x) => x.flags & (ts.TypeFlags.StringLike | ts.TypeFlags.NumberLike | ts.TypeFlags.BooleanLike));
      if (primitive) return toSchema(primitive, where);
      if (parts.every((x) => !nameOf(x))) return objectSchema(t, where);
      return { allOf: parts.map((x) => toSchema(x, where)).filter((x): x is Schema => x !== undefined) };
    }
    if (f & ts.TypeFlags.Object) {
      if (checker.isArrayType(t)) {
        const items = toSchema(checker.getTypeArguments(t as ts.TypeReference)[0], `${where}[]`);
        return { type: "array", items: items ?? { type: "null" } };
      }
      if (checker.isTupleType(t)) {
        const items = checker.getTypeArguments(t as ts.TypeReference).map((x, i) => toSchema(x, `${where}[${i}]`) ?? { type: "null" });
        return { type: "array", prefixItems: items, minItems: items.length, maxItems: items.length };
      }
      const symbol = t.getSymbol();
      if (symbol?.name === "Date") return { type: "string", format: "date-time" };
      if (checker.getSignaturesOfType(t, ts.SignatureKind.Call).length && !checker.getPropertiesOfType(t).length) return undefined;
      const name = nameOf(t);
      if (name) {
        let ref = named.get(t);
        if (!ref) {
          ref = name;
          for (let i = 2; taken.has(ref); i++) ref = `${name}${i}`;
          taken.add(ref);
          named.set(t, ref);
          schemas[ref] = {};
          schemas[ref] = objectSchema(t, ref);
        }
        return { $ref: REF + ref };
      }
      if (expanding.has(t)) {
        loose.push(`${where} (recursive)`);
        return {};
      }
      expanding.add(t);
      try {
        return objectSchema(t, where);
      } finally {
        expanding.delete(t);
      }
    }
    loose.push(`${where} (${checker.typeToString(t)})`);
    return {};
  }

  function union(types: readonly ts.Type[], where: string): Schema | undefined {
    const members = types.filter((x) => !isUndefined(x));
    if (!members.length) return undefined;
    const strings = members.filter((x) => x.flags & ts.TypeFlags.StringLiteral).map((x) => (x as ts.StringLiteralType).value);
    const numbers = members.filter((x) => x.flags & ts.TypeFlags.NumberLiteral).map((x) => (x as ts.NumberLiteralType).value);
    const bools = members.filter((x) => x.flags & ts.TypeFlags.BooleanLiteral);
    const rest = members.filter((x) => !(x.flags & (ts.TypeFlags.StringLiteral | ts.TypeFlags.NumberLiteral | ts.TypeFlags.BooleanLiteral)));
    const hasString = rest.some((x) => x.flags & ts.TypeFlags.String);
    const hasNumber = rest.some((x) => x.flags & ts.TypeFlags.Number);
    const out: Schema[] = [];
    if (strings.length && !hasString) out.push(strings.length === 1 ? { const: strings[0] } : { type: "string", enum: strings });
    if (numbers.length && !hasNumber) out.push(numbers.length === 1 ? { const: numbers[0] } : { type: "number", enum: numbers });
    if (bools.length === 2) out.push({ type: "boolean" });
    else if (bools.length === 1) out.push(toSchema(bools[0], where)!);
    for (const x of rest) {
      const s = toSchema(x, where);
      if (s !== undefined) out.push(s);
    }
    // `string | null`, `number | null`: one type list rather than anyOf.
    const simple = out.every((s) => Object.keys(s).length === 1 && typeof s.type === "string");
    if (out.length > 1 && simple) return { type: out.map((s) => s.type) };
    return out.length === 1 ? out[0] : { anyOf: out };
  }

  const routes: Record<string, RouteReply> = {};
  for (const route of checker.getPropertiesOfType(replies).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
    const shape = checker.getTypeOfSymbol(route);
    const prop = (n: string) => {
      const s = shape.getProperty(n);
      return s && checker.getTypeOfSymbol(s);
    };
    const kind = (prop("kind") as ts.StringLiteralType | undefined)?.value;
    if (kind === "response") routes[route.name] = { kind };
    else if (kind === "raw") routes[route.name] = { kind, body: toSchema(prop("body")!, `${route.name} body`) ?? {} };
    else if (kind === "envelope") {
      const out: RouteReply = { kind };
      const data = prop("data")!;
      const list = prop("list")!;
      if (!(data.flags & ts.TypeFlags.Never)) {
        out.data = toSchema(data, `${route.name} data`) ?? {};
        if (hasUndefined(data)) out.dataOptional = true;
      }
      if (!(list.flags & ts.TypeFlags.Never)) out.list = toSchema(list, `${route.name} dataList[]`) ?? {};
      routes[route.name] = out;
    } else throw new Error(`${route.name}: no reply shape (${checker.typeToString(shape)})`);
  }
  const sorted = Object.fromEntries(
    Object.keys(schemas)
      .sort()
      .map((k) => [k, schemas[k]]),
  );
  return { schemas: sorted, routes, loose };
}

/** The served module: the document brotli-compressed (base64) and its ETag. */
const servedModule = (doc: string) => {
  const brotli = brotliCompressSync(Buffer.from(doc), { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT } });
  const etag = `"${createHash("sha256").update(doc).digest("base64url").slice(0, 27)}"`;
  return [
    "// Written by scripts/openapi.ts (npx tsx scripts/openapi.ts): do not edit.",
    "/** The OpenAPI document (openapi/document.ts), brotli-compressed, base64. */",
    `export const OPENAPI_BROTLI = "${brotli.toString("base64")}";`,
    "/** A hash of the document: its ETag. */",
    `export const OPENAPI_ETAG = ${JSON.stringify(etag)};`,
    "",
  ].join("\n");
};
/** The document a served module holds, "" when there is none. */
const servedDocument = (text: string) => {
  const b64 = /OPENAPI_BROTLI =\s*"([^"]*)"/.exec(text)?.[1];
  return b64 ? brotliDecompressSync(Buffer.from(b64, "base64")).toString("utf8") : "";
};
const read = (file: string) => {
  try {
    return readFileSync(file, "utf8");
  } catch {
    return "";
  }
};
const format = async (text: string, file: string) => prettier.format(text, { ...(await prettier.resolveConfig(file)), filepath: file });

async function main() {
  const replies = generateReplies();
  const { openApiDocument } = await import("../packages/functions/src/openapi/document.ts");
  const doc = JSON.stringify(openApiDocument(replies));
  const repliesText = await format(JSON.stringify(replies), REPLIES);
  if (process.argv.includes("--check")) {
    const stale = [read(REPLIES) !== repliesText && REPLIES, servedDocument(read(SERVED)) !== doc && SERVED].filter(Boolean);
    if (stale.length) {
      console.error(`stale: ${stale.join(", ")}: run npx tsx scripts/openapi.ts`);
      process.exit(1);
    }
    return;
  }
  writeFileSync(REPLIES, repliesText);
  writeFileSync(SERVED, await format(servedModule(doc), SERVED));
  const typed = Object.values(replies.routes).filter((r) => r.kind !== "response").length;
  console.log(
    `openapi: ${Object.keys(replies.routes).length} routes, ${typed} JSON replies with schemas, ${replies.loose.length} permissive parts; served document ${doc.length} bytes`,
  );
}

await main();
