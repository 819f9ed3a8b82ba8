import { describe, it, expect } from "vitest";
import { allOf, anyOf } from "../src/kernel/filter.ts";
import { Goods } from "../src/goods/entities.ts";

describe("filter combinators", () => {
  it("allOf joins the present conditions by AND, and is empty when none is present", () => {
    expect(allOf("#a = :a", false, "", null, "#b = :b", undefined)).toBe("#a = :a AND #b = :b");
    expect(allOf("#a = :a")).toBe("#a = :a");
    expect(allOf(false, "", null, undefined)).toBe("");
    expect(allOf()).toBe("");
  });

  it("anyOf groups the present conditions in one parenthesised OR, and is empty when none is present", () => {
    expect(anyOf("#a = :a", "", false, "#b = :b", "#c = :c")).toBe("(#a = :a OR #b = :b OR #c = :c)");
    expect(anyOf("#a = :a")).toBe("(#a = :a)");
    expect(anyOf(null, undefined, "")).toBe("");
  });

  it("nests: an OR group stays one condition within an AND", () => {
    expect(allOf(anyOf("#a = :a", "#b = :b"), "#c = :c")).toBe("(#a = :a OR #b = :b) AND #c = :c");
    expect(allOf(anyOf(), "#c = :c")).toBe("#c = :c");
  });

  it("builds ElectroDB filters: an empty one adds no expression", () => {
    const keyword = "茶";
    const typed = Goods.query
      .byId({ tenantId: "t" })
      .where((a, op) => allOf(anyOf(op.contains(a.goodsName, keyword)), op.eq(a.status, 1)))
      .params();
    expect(typed.FilterExpression).toBe("(contains(#goodsName, :goodsName0)) AND #status = :status0");
    const none = Goods.query
      .byId({ tenantId: "t" })
      .where(() => allOf(false, anyOf()))
      .params();
    expect(none.FilterExpression).toBeUndefined();
  });
});
