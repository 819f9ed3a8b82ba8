import { createRequire } from "node:module";
import { describe, it, expect } from "vitest";
import { Entity } from "electrodb";
import { SERVICE, entityConfig, idAttribute } from "@xiangyu/core/kernel/entity";

/**
 * The Lambda bundles' stand-in for ElectroDB's entry point (packages/functions/src/bundle/electrodb.cjs,
 * aliased by bundle/build.ts): `new Entity(…)` there builds the real entity on first use. Only the
 * bundles load it, so it is checked here against the real class, over DynamoDB Local.
 */
const standIn = createRequire(import.meta.url)("../src/bundle/electrodb.cjs") as { Entity: typeof Entity; Service: new () => unknown };

const model = {
  model: { entity: "bundleProbe", version: "1", service: SERVICE },
  attributes: {
    tenantId: { type: "string", required: true },
    id: idAttribute,
    name: { type: "string", default: "" },
    tags: { type: "list", items: { type: "string" }, default: () => [] },
  },
  indexes: { byId: { pk: { field: "pk", composite: ["tenantId"] }, sk: { field: "sk", composite: ["id"] } } },
} as const;

describe("the bundles' lazy Entity", () => {
  it("builds nothing until first used: a broken model throws then, not at construction", () => {
    const broken = new standIn.Entity({ model: { entity: "broken", version: "1", service: SERVICE }, attributes: {} } as never, entityConfig());
    expect(() => broken.query).toThrow();
  });

  it("answers the real entity's parameters and shape", () => {
    const lazy = new standIn.Entity(model, entityConfig());
    const real = new Entity(model, entityConfig());
    expect(lazy).toBeInstanceOf(Entity);
    expect(lazy.schema).toEqual(real.schema);
    expect(Object.keys(lazy).sort()).toEqual(Object.keys(real).sort());
    expect(
      lazy.query
        .byId({ tenantId: "t1" })
        .where(({ name }, { eq }) => eq(name, "x"))
        .params(),
    ).toEqual(
      real.query
        .byId({ tenantId: "t1" })
        .where(({ name }, { eq }) => eq(name, "x"))
        .params(),
    );
    expect(lazy.update({ tenantId: "t1", id: 7 }).set({ name: "y" }).params()).toEqual(real.update({ tenantId: "t1", id: 7 }).set({ name: "y" }).params());
  });

  it("writes and reads through the client like the real entity", async () => {
    const lazy = new standIn.Entity(model, entityConfig());
    const real = new Entity(model, entityConfig());
    await lazy.put({ tenantId: "bundle", id: 1, name: "懒加载", tags: ["a"] }).go();
    expect((await real.get({ tenantId: "bundle", id: 1 }).go()).data).toEqual({ tenantId: "bundle", id: 1, name: "懒加载", tags: ["a"] });
    await real.put({ tenantId: "bundle", id: 2, name: "真" }).go();
    const { data } = await lazy.query.byId({ tenantId: "bundle" }).go();
    expect(data.map((r) => r.name)).toEqual(["懒加载", "真"]);
  });

  it("keeps ElectroDB's Service out of the bundles", () => {
    expect(() => new standIn.Service()).toThrow(/left out of Lambda bundles/);
  });
});

describe("the bundles' stand-in for ElectroDB's validations", () => {
  type Validations = Record<string, (...args: unknown[]) => unknown>;
  const load = createRequire(import.meta.url);
  const standInChecks = load("../src/bundle/electrodbValidations.cjs") as Validations;
  const realChecks = load("electrodb/src/validations.js") as Validations;
  const signal = new AbortController().signal;
  /** What a predicate answers, or the kind of error it throws (the real one reads `length` of what it is given). */
  const answer = (check: (...args: unknown[]) => unknown, args: unknown[]) => {
    try {
      return check(...args);
    } catch (e) {
      return `throws ${(e as Error).constructor.name}`;
    }
  };
  const samples: unknown[][] = [
    [undefined],
    [null],
    [""],
    ["x"],
    [[]],
    [["a"]],
    [{}],
    [{ a: { _instance: "entity" } }],
    [{ a: { model: { entity: "e", version: "1", service: "s" } } }],
    [{ service: "s", version: "1" }],
    [{ name: "n", version: "" }],
    [() => 1],
    [signal],
    [
      ["a", "b"],
      ["a", "b"],
    ],
    [
      ["a", ""],
      ["a", ""],
    ],
    [["a"], ["b"]],
    ["default", "lower"],
    ["upper", "upper"],
    ["upper", "lower"],
    ["none", undefined],
    [undefined, "LOWER"],
    [undefined, undefined],
    ["all", undefined],
    ["keys_only", "keys_only"],
    [["x"], ["y"]],
    ["keys_only", "all"],
  ];

  it("has what the real module exports, and answers its predicates as it does", () => {
    expect(Object.keys(standInChecks).sort()).toEqual(Object.keys(realChecks).sort());
    for (const name of Object.keys(realChecks).filter((n) => n !== "model" && n !== "testModel"))
      for (const args of samples) expect([name, answer(standInChecks[name]!, args)]).toEqual([name, answer(realChecks[name]!, args)]);
  });

  it("takes every model as valid, as the bundles did with jsonschema's stand-in (the tests check models with the real package)", () => {
    expect(standInChecks.testModel!(model)).toEqual([true, ""]);
    expect(() => standInChecks.model!({ attributes: 1 })).not.toThrow();
    expect(() => realChecks.model!({ attributes: 1 })).toThrow();
  });
});
