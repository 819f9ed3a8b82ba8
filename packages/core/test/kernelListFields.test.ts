import { describe, expect, it } from "vitest";
import * as v from "valibot";
import { BAD_INPUT, idsField, percentField, TOO_MANY_IDS } from "../src/kernel/fields.ts";

const messageOf = (schema: v.GenericSchema, x: unknown) => {
  const r = v.safeParse(schema, x);
  return r.success ? null : r.issues[0].message;
};

describe("idsField says its own bound", () => {
  const roles = idsField("请绑定身份", 20);
  it("refuses more than its max with that number, and none with its own message", () => {
    expect(messageOf(roles, Array.from({ length: 21 }, (_, i) => i + 1).join(","))).toBe("一次最多选择20项");
    expect(messageOf(roles, " , ")).toBe("请绑定身份");
    expect(messageOf(roles, "3,0")).toBe(BAD_INPUT);
    expect(v.parse(roles, "3, 2,3")).toEqual([3, 2]);
    expect(
      v.parse(
        roles,
        Array.from({ length: 20 }, (_, i) => i + 1),
      ),
    ).toHaveLength(20);
  });
  it("keeps 一次最多选择200项 for the default bound", () => {
    expect(TOO_MANY_IDS).toBe("一次最多选择200项");
    expect(
      messageOf(
        idsField(),
        Array.from({ length: 201 }, (_, i) => i + 1),
      ),
    ).toBe(TOO_MANY_IDS);
  });
});

describe("percentField", () => {
  const pct = percentField("所有金额和比例都需为正数");
  it("reads up to 2 decimals exactly, blank as 0", () => {
    expect(v.parse(pct, "10.1") + v.parse(pct, 9.9)).toBe(20);
    expect(v.parse(pct, "")).toBe(0);
    expect(v.parse(pct, "100")).toBe(100);
    expect(v.parse(pct, " 0.05 ")).toBe(0.05);
  });
  it.each(["-1", "100.01", "101", "1.234", "abc", "1e2"])("refuses %s", (x) => {
    expect(messageOf(pct, x)).toBe("所有金额和比例都需为正数");
  });
});
