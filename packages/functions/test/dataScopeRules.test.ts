import { describe, it, expect } from "vitest";
import { inReach, narrowed, reachOf, reachPrefixes, resolveReach, shopCondition, widestScope, withinPrefixes } from "@xiangyu/core/kernel/dataScope";

/** The pure part of data scope (kernel/dataScope.ts): caller × scope → the departments a request may touch. */
const store = { userId: 7, deptCodes: ["001002"] };
const twoStores = { userId: 7, deptCodes: ["001002", "002001"] };
const headOffice = { userId: 1, deptCodes: [""] };

describe("resolveReach", () => {
  it("gives each scope its departments", () => {
    expect(resolveReach({ ...store, dataScope: "all" })).toEqual({ scope: "all", codes: [""], exact: false });
    expect(resolveReach({ ...twoStores, dataScope: "branch" })).toEqual({ scope: "branch", codes: ["001", "002"], exact: false });
    expect(resolveReach({ ...twoStores, dataScope: "deptTree" })).toEqual({ scope: "deptTree", codes: ["001002", "002001"], exact: false });
    expect(resolveReach({ ...twoStores, dataScope: "dept" })).toEqual({ scope: "dept", codes: ["001002", "002001"], exact: true });
    expect(resolveReach({ ...store, dataScope: "self" })).toEqual({ scope: "self", codes: ["001002"], exact: true, ownerId: 7 });
  });

  it("reads a caller without a scope as deptTree, and drops departments under another", () => {
    expect(resolveReach({ userId: 1, deptCodes: ["001", "001002", "003"] })).toEqual({ scope: "deptTree", codes: ["001", "003"], exact: false });
  });

  it("lets head office reach the whole tenant under branch and deptTree, and only its own records under dept", () => {
    expect(reachPrefixes({ ...headOffice, dataScope: "branch" })).toEqual([""]);
    expect(reachPrefixes({ ...headOffice, dataScope: "deptTree" })).toEqual([""]);
    expect(reachPrefixes({ ...headOffice, dataScope: "dept" })).toEqual(["$"]);
    expect(inReach({ ...headOffice, dataScope: "dept" }, "")).toBe(true);
    expect(inReach({ ...headOffice, dataScope: "dept" }, "001002")).toBe(false);
  });

  it("computes a caller's reach once", () => {
    const caller = { ...store, dataScope: "dept" as const };
    expect(reachOf(caller)).toBe(reachOf(caller));
  });
});

describe("matching records", () => {
  it("matches a prefix's subtree but an exact code alone", () => {
    expect(withinPrefixes(["001"], "001002")).toBe(true);
    expect(withinPrefixes(["001002$"], "001002")).toBe(true);
    expect(withinPrefixes(["001002$"], "001002001")).toBe(false);
    expect(withinPrefixes(["001002$"], "001")).toBe(false);
    expect(inReach({ ...store, dataScope: "branch" }, "001003")).toBe(true);
    expect(inReach({ ...store, dataScope: "deptTree" }, "001003")).toBe(false);
  });

  it("narrows a list by a store filter inside the reach, above it, or refuses one outside", () => {
    const branchUser = { userId: 2, deptCodes: ["001"] };
    expect(narrowed(branchUser, "001002")).toEqual(["001002"]);
    expect(narrowed({ ...branchUser, dataScope: "dept" }, "001002")).toBeNull();
    expect(narrowed({ ...store, dataScope: "dept" }, "001")).toEqual(["001002$"]);
    expect(narrowed({ ...store, dataScope: "dept" }, "001002")).toEqual(["001002$"]);
    expect(narrowed(store, "002")).toBeNull();
    expect(narrowed(store, "")).toEqual(["001002"]);
  });

  it("builds DynamoDB filters: = for exact codes, begins_with for prefixes, nothing for the whole tenant", () => {
    const op = { eq: (a: string, v: string) => `${a} = ${v}`, begins: (a: string, v: string) => `begins_with(${a}, ${v})` };
    expect(shopCondition(op, "shop", [""])).toBe("");
    expect(shopCondition(op, "shop", ["001", "002001$"])).toBe("(begins_with(shop, 001) OR shop = 002001)");
  });
});

describe("widestScope", () => {
  it("takes the widest of a user's roles, and self for none", () => {
    expect(widestScope(["dept", "branch", "self"])).toBe("branch");
    expect(widestScope([])).toBe("self");
    expect(widestScope(["bogus"])).toBe("self");
  });
});
