import type { AttributeValue } from "@aws-sdk/client-dynamodb";

/**
 * `marshall` and `unmarshall` as `@aws-sdk/util-dynamodb` 3.9xx has them, for the options used
 * here: the same rules, the same answers and the same refusals with the same messages (the
 * differential test, packages/core/test/dynamoLiteAttributeValues.test.ts, holds them equal). Ours
 * because importing that package cost every Lambda ≈ 8 ms of its cold start and its unmarshall
 * (closures and arrays built per attribute) several ms of a first request; the Lambda bundles alias
 * the package here (packages/functions/src/bundle/build.ts), which ElectroDB's `unmarshall` then
 * uses too. Left out, to keep every bundle ≈ 1 kB smaller: the options nothing here passes
 * (`convertEmptyValues`, `convertClassInstanceToMap`, `allowImpreciseNumbers`, `wrapNumbers`,
 * `convertWithoutMapWrapper`) and the `NumberValue` class (one built elsewhere is written, by its name).
 */
export type MarshallOptions = { removeUndefinedValues?: boolean; convertTopLevelContainer?: boolean };

type Attr = AttributeValue;
// The SDK's own loose view of a value: it tells types by constructor name, as does this file.
type Loose = { constructor?: { name?: string }; toString(): string; valueOf(): unknown };

const BINARY = new Set(
  ["ArrayBuffer", "Blob", "Buffer", "DataView", "File"].concat(
    ["Int8", "Uint8", "Uint8Clamped", "Int16", "Uint16", "Int32", "Uint32", "Float32", "Float64", "BigInt64", "BigUint64"].map((t) => `${t}Array`),
  ),
);
const kindOf = (data: unknown): string | undefined => (data as Loose | null | undefined)?.constructor?.name;
const isBinary = (data: unknown): boolean => BINARY.has(kindOf(data) as string);

const UNDEFINED_REFUSED = "Pass options.removeUndefinedValues=true to remove undefined values from map/array/set.";
const skipped = (value: unknown, options: MarshallOptions | undefined) => typeof value === "function" || (value === undefined && !!options?.removeUndefinedValues);

function toNumberAttr(num: Loose): { N: string } {
  const text = num.toString();
  if (text === "NaN" || text === "Infinity" || text === "-Infinity") throw new Error(`Special numeric value ${text} is not allowed`);
  const n = Number(num);
  const bound = n > Number.MAX_SAFE_INTEGER ? "greater than Number.MAX_SAFE_INTEGER" : n < Number.MIN_SAFE_INTEGER ? "lesser than Number.MIN_SAFE_INTEGER" : "";
  if (bound) throw new Error(`Number ${text} is ${bound}. Use NumberValue from @aws-sdk/lib-dynamodb.`);
  return { N: text };
}

/** A map from a Map's entries, or from an object's enumerable properties, inherited ones too (`for … in`, as the SDK walks them). */
function toMap(data: object, options: MarshallOptions | undefined, fromEntries: boolean): Attr {
  const map: Record<string, Attr> = {};
  const put = (key: unknown, value: unknown) => {
    if (!skipped(value, options)) map[key as string] = toAttr(value, options);
  };
  if (fromEntries) for (const [key, value] of data as Map<unknown, unknown>) put(key, value);
  else for (const key in data) put(key, (data as Record<string, unknown>)[key]);
  return { M: map };
}

/** A set's type is its first member's; the others are written as that type, as the SDK writes them. */
function toSet(set: Set<unknown>, options: MarshallOptions | undefined): Attr {
  if (!options?.removeUndefinedValues && set.has(undefined)) throw new Error(UNDEFINED_REFUSED);
  const members = [...set].filter((v) => v !== undefined) as Loose[];
  if (members.length === 0) throw new Error("Pass a non-empty set, or options.convertEmptyValues=true.");
  const first = members[0] as unknown;
  if (typeof first === "number") return { NS: members.map((m) => toNumberAttr(m).N) };
  if (typeof first === "bigint" || kindOf(first) === "NumberValue") return { NS: members.map((m) => m.toString()) };
  if (typeof first === "string") return { SS: members.map((m) => m.toString()) };
  if (isBinary(first)) return { BS: members as unknown as Uint8Array[] };
  throw new Error("Only Number Set (NS), Binary Set (BS) or String Set (SS) are allowed.");
}

/** One value as an attribute value: the SDK's tests in the SDK's order (a constructor's name decides). */
function toAttr(data: unknown, options: MarshallOptions | undefined): Attr {
  if (data === undefined) throw new Error(UNDEFINED_REFUSED);
  if (data === null) return { NULL: true };
  if (Array.isArray(data)) return { L: data.filter((x) => !skipped(x, options)).map((x) => toAttr(x, options)) };
  const value = data as Loose;
  const kind = value.constructor?.name;
  if (kind === "Set") return toSet(data as Set<unknown>, options);
  if (kind === "Map") return toMap(data as object, options, true);
  if (kind === "Object" || (!value.constructor && typeof data === "object")) return toMap(data as object, options, false);
  if (isBinary(data)) return { B: data as Uint8Array };
  if (typeof data === "boolean" || kind === "Boolean") return { BOOL: value.valueOf() as boolean };
  if (typeof data === "number" || kind === "Number") return toNumberAttr(value);
  if (typeof data === "bigint" || kind === "NumberValue") return { N: value.toString() };
  if (typeof data === "string" || kind === "String") return { S: value.toString() };
  // A template, not String(): a symbol throws here as in the SDK.
  throw new Error(`Unsupported type passed: ${data as string}. Pass options.convertClassInstanceToMap=true to marshall typeof object as map attribute.`);
}

/**
 * A value as DynamoDB's attribute value; a map or list (the top-level container) unwrapped unless
 * `convertTopLevelContainer`, so an item gives its attributes.
 */
export function marshall(data: Record<string, unknown>, options?: MarshallOptions): Record<string, Attr>;
export function marshall(data: unknown, options?: MarshallOptions): Record<string, Attr> | Attr[] | Attr;
export function marshall(data: unknown, options?: MarshallOptions): Record<string, Attr> | Attr[] | Attr {
  const attr = toAttr(data, options);
  return options?.convertTopLevelContainer ? attr : (attr.M ?? attr.L ?? attr);
}

/** Numbers as JS numbers; past the safe integers as a BigInt, as the SDK reads them. */
function toNumber(text: string): unknown {
  const num = Number(text);
  if ((num > Number.MAX_SAFE_INTEGER || num < Number.MIN_SAFE_INTEGER) && num !== Infinity && num !== -Infinity) {
    try {
      return BigInt(text);
    } catch {
      throw new Error(`${text} can't be converted to BigInt. Set options.wrapNumbers to get string value.`);
    }
  }
  return num;
}

/** The first field holding a value decides, as in the SDK (DynamoDB sends one). */
function toNative(data: Attr): unknown {
  const fields = data as unknown as Record<string, unknown>;
  for (const key of Object.keys(fields)) {
    const value = fields[key];
    if (value === undefined) continue;
    switch (key) {
      case "NULL":
        return null;
      case "BOOL":
        return Boolean(value);
      case "N":
        return toNumber(value as string);
      case "B":
      case "S":
        return value;
      case "L":
        return (value as Attr[]).map(toNative);
      case "M": {
        const map = value as Record<string, Attr>;
        const doc: Record<string, unknown> = {};
        for (const k of Object.keys(map)) doc[k] = toNative(map[k]!);
        return doc;
      }
      case "NS":
        return new Set((value as string[]).map(toNumber));
      case "BS":
      case "SS":
        return new Set(value as unknown[]);
      default:
        throw new Error(`Unsupported type passed: ${key}`);
    }
  }
  throw new Error(`No value defined: ${JSON.stringify(data)}`);
}

/** An item's attribute values as a document (wrapped as the SDK wraps it: an undefined item is refused with its message). */
export const unmarshall = (data: Record<string, Attr>): Record<string, unknown> => toNative({ M: data }) as Record<string, unknown>;
