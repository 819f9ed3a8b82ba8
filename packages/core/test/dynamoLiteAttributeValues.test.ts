import { describe, expect, it } from "vitest";
import * as sdk from "@aws-sdk/util-dynamodb";
import { NumberValue } from "@aws-sdk/lib-dynamodb";
import { marshall, unmarshall, type MarshallOptions } from "../src/kernel/dynamoLite/attributeValues.ts";

/**
 * Differential: our marshaller (which the Lambda bundles load in place of `@aws-sdk/util-dynamodb`,
 * ElectroDB included) answers what the SDK answers — the same attribute values, the same documents
 * back, the same refusals with the same messages — for generated documents and the edge cases.
 */
type Outcome = { value: unknown } | { error: string };
const outcome = (fn: () => unknown): Outcome => {
  try {
    return { value: fn() };
  } catch (e) {
    return { error: `${(e as Error).constructor.name}: ${(e as Error).message}` };
  }
};

/** What the code passes (dynamoLite/marshalling.ts), then the other combinations of the options ours takes. */
const OPTIONS: (MarshallOptions | undefined)[] = [
  { removeUndefinedValues: true, convertTopLevelContainer: false },
  undefined,
  { removeUndefinedValues: true, convertTopLevelContainer: true },
  { convertTopLevelContainer: true },
];

const sameMarshall = (data: unknown) => {
  for (const options of OPTIONS)
    expect(
      outcome(() => marshall(data, options)),
      JSON.stringify(options),
    ).toStrictEqual(outcome(() => sdk.marshall(data, options)));
};
const sameUnmarshall = (wire: unknown) => expect(outcome(() => unmarshall(wire as never))).toStrictEqual(outcome(() => sdk.unmarshall(wire as never)));

/** A small seeded generator (mulberry32), so a failure comes back the same on the next run. */
function random(seed: number) {
  let a = seed;
  const next = () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)]!;
  return { next, pick, int: (n: number) => Math.floor(next() * n) };
}

const STRINGS = ["", "a", "客户张三", "emoji 😀 and \u0000 nul", "line\nbreak", " ", "$xy#tenantid_t1", "0", "NaN"];
const NUMBERS = [0, -0, 1, -1, 42, 12.5, -3.25, 1e-7, 0.1 + 0.2, Number.MAX_SAFE_INTEGER, Number.MIN_SAFE_INTEGER, 2 ** 52 + 0.5, Number.MAX_VALUE / 1e300];
const BIGINTS = [0n, 2n ** 53n, -(2n ** 53n), 2n ** 63n - 1n, -(2n ** 70n), 12345678901234567890n];

function scalar(r: ReturnType<typeof random>): unknown {
  switch (r.int(12)) {
    case 0:
      return r.pick(STRINGS);
    case 1:
      return r.pick(NUMBERS);
    case 2:
      return r.pick(BIGINTS);
    case 3:
      return r.next() < 0.5;
    case 4:
      return null;
    case 5:
      return undefined;
    case 6:
      return Uint8Array.from({ length: r.int(4) }, () => r.int(256));
    case 7:
      return new Set(Array.from({ length: 1 + r.int(3) }, (_, i) => `${r.pick(STRINGS)}${i}`));
    case 8:
      return new Set(Array.from({ length: 1 + r.int(3) }, (_, i) => (i ? i / 4 : r.pick(NUMBERS))));
    case 9:
      return new Set([r.pick(BIGINTS), 7n]);
    case 10:
      return new Set([Uint8Array.of(1, 2), Uint8Array.of(r.int(256))]);
    default:
      return String(r.next());
  }
}

function value(r: ReturnType<typeof random>, depth: number): unknown {
  const roll = r.int(10);
  if (depth <= 0 || roll < 6) return scalar(r);
  if (roll < 8) return Array.from({ length: r.int(5) }, () => value(r, depth - 1));
  return documentOf(r, depth - 1);
}

function documentOf(r: ReturnType<typeof random>, depth: number): Record<string, unknown> {
  const doc: Record<string, unknown> = {};
  for (let i = r.int(7); i > 0; i--) doc[r.pick(["pk", "sk", "名字", "a b", "", "n", "list", "map", `k${i}`])] = value(r, depth);
  return doc;
}

describe("dynamoLite attribute values, against @aws-sdk/util-dynamodb", () => {
  it("marshals and unmarshals 2,000 generated documents exactly as the SDK does", () => {
    const r = random(39);
    for (let i = 0; i < 2000; i++) {
      const doc = documentOf(r, 4);
      sameMarshall(doc);
      const wire = sdk.marshall(doc, { removeUndefinedValues: true, convertTopLevelContainer: false });
      expect(marshall(doc, { removeUndefinedValues: true, convertTopLevelContainer: false })).toStrictEqual(wire);
      sameUnmarshall(wire);
      expect(unmarshall(wire)).toStrictEqual(sdk.unmarshall(wire));
    }
  });

  it("takes top-level containers and scalars as the SDK does", () => {
    for (const data of [
      [1, "a", undefined, [null]],
      [],
      {},
      "x",
      "",
      5,
      10n,
      true,
      null,
      new Set(["a"]),
      new Map<unknown, unknown>([
        ["a", 1],
        [2, { b: undefined }],
      ]),
    ])
      sameMarshall(data);
    for (const data of [
      new String("s"),
      new Number(3),
      new Boolean(false),
      Object.assign(Object.create(null) as object, { a: 1 }),
      Buffer.from("hi"),
      new ArrayBuffer(2),
      new DataView(new ArrayBuffer(1)),
    ])
      sameMarshall(data);
  });

  it("drops undefined and functions from maps, lists and sets as the SDK does", () => {
    sameMarshall({ a: undefined, b: [undefined, 1, () => 2], c: new Set(["x", undefined]), d: () => 1, e: new Map([["u", undefined]]) });
    sameMarshall({ inherited: Object.create({ fromProto: 1 }) as object });
  });

  it("writes numbers at the safe-integer edges, BigInts and NumberValues as the SDK does", () => {
    for (const n of [Number.MAX_SAFE_INTEGER, Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER + 1, Number.MIN_SAFE_INTEGER - 1, 2 ** 60, 1e300, -0, 5e-324]) sameMarshall({ n });
    sameMarshall({ n: 2n ** 64n, s: new Set([1, 2n ** 60n]), v: NumberValue.from("123456789012345678901234567890") });
    sameMarshall({ ns: new Set([NumberValue.from("1"), NumberValue.from("99999999999999999999")]) });
  });

  it("refuses what the SDK refuses, with its messages", () => {
    const refused: unknown[] = [
      undefined,
      { n: Number.NaN },
      { n: Infinity },
      { n: -Infinity },
      { n: new Number(Number.NaN) },
      { s: new Set() },
      { s: new Set([undefined]) },
      { s: new Set([true]) },
      { s: new Set([{ a: 1 }]) },
      { s: new Set([null]) },
      { s: new Set([1, "NaN"]) },
      { s: new Set(["a", null]) },
      { d: new Date(0) },
      {
        c: new (class Point {
          x = 1;
        })(),
      },
      { f: Symbol("s") },
      (() => 1) as unknown,
    ];
    for (const data of refused) sameMarshall(data);
    // A "constructor" field that is not one: the object is refused, as the SDK refuses it.
    sameMarshall({ weird: { constructor: "not a function" } });
    expect(() => marshall({ n: Number.NaN })).toThrow("Special numeric value NaN is not allowed");
    expect(() => marshall({ s: new Set() })).toThrow("Pass a non-empty set, or options.convertEmptyValues=true.");
  });

  it("reads every attribute type back as the SDK does, BigInt past the safe integers", () => {
    const wire = {
      s: { S: "文" },
      e: { S: "" },
      n: { N: "42" },
      f: { N: "-12.50" },
      safe: { N: "9007199254740991" },
      big: { N: "9007199254740993" },
      neg: { N: "-123456789012345678901234567890" },
      huge: { N: "1e400" },
      b: { B: Uint8Array.of(1, 2, 3) },
      t: { BOOL: true },
      z: { NULL: true },
      l: { L: [{ S: "a" }, { N: "1" }, { L: [] }, { M: {} }] },
      m: { M: { deep: { M: { x: { NS: ["1", "2", "99999999999999999999"] } } } } },
      ss: { SS: ["a", "b"] },
      bs: { BS: [Uint8Array.of(1)] },
      first: { S: undefined, N: "7" },
    };
    sameUnmarshall(wire);
    expect(unmarshall(wire).big).toBe(9007199254740993n);
  });

  it("refuses unreadable attribute values with the SDK's messages", () => {
    for (const wire of [{ a: { N: "1e20" } }, { a: { N: "abc" } }, { a: { X: "?" } }, { a: {} }, { a: { S: undefined } }, undefined, null]) sameUnmarshall(wire);
  });
});
