import { describe, expect, it } from "vitest";
import { entriesOf, findEntry, guessEntry, screenLink, type MenuNode } from "./menu.ts";

const node = (id: number, typename: string, path = "", params = "", children: MenuNode[] = []): MenuNode => ({
  id,
  fatherid: 0,
  typename,
  path,
  params,
  module: "org",
  seq: 1,
  children,
});

const TREE = [
  node(1200, "组织与区域", "", "", [
    node(1201, "组织架构", "/organization", "orgType=dept&orgTypeName=组织架构"),
    node(1202, "目的地", "/organization", "orgType=destination&orgTypeName=目的地"),
    node(1203, "全国区域", "/chinaareamanage"),
  ]),
  node(2500, "系统", "", "", [node(2501, "操作日志", "/oplog")]),
];

describe("menu", () => {
  it("lists the screens in menu order with their folder", () => {
    expect(entriesOf(TREE).map((e) => [e.id, e.folder])).toEqual([
      [1201, "组织与区域"],
      [1202, "组织与区域"],
      [1203, "组织与区域"],
      [2501, "系统"],
    ]);
  });

  it("opens a screen by path, function id and its own parameters", () => {
    expect(screenLink(TREE[0].children[0])).toEqual({
      splat: "organization",
      search: { functionId: "1201", orgType: "dept", orgTypeName: "组织架构" },
    });
    expect(screenLink(node(1601, "会员酒店", "/hotel/hotel", "hotelType=1"))).toEqual({ splat: "hotel/hotel", search: { functionId: "1601", hotelType: "1" } });
  });

  it("finds the entry of a location, and guesses one when the function id is missing", () => {
    const all = entriesOf(TREE);
    expect(findEntry(all, "/organization", 1202)?.typename).toBe("目的地");
    expect(findEntry(all, "/oplog", 1202)).toBeUndefined();
    expect(guessEntry(all, "/organization", { orgType: "destination" })?.id).toBe(1202);
    expect(guessEntry(all, "/organization", {})?.id).toBe(1201);
    expect(guessEntry(all, "/nothing", {})).toBeUndefined();
  });
});
