import { beforeEach, describe, expect, it } from "vitest";
import { mostUsed, recordOpen } from "./usage.ts";

describe("most-used screens", () => {
  beforeEach(() => localStorage.clear());

  it("counts opens per screen, most used first, ties by recency", () => {
    recordOpen("xiangyu", 1, 1201, 1);
    recordOpen("xiangyu", 1, 2501, 2);
    recordOpen("xiangyu", 1, 2501, 3);
    recordOpen("xiangyu", 1, 1203, 4);
    expect(mostUsed("xiangyu", 1)).toEqual([
      { functionId: 2501, count: 2 },
      { functionId: 1203, count: 1 },
      { functionId: 1201, count: 1 },
    ]);
  });

  it("keeps each user's record apart", () => {
    recordOpen("xiangyu", 1, 1201);
    recordOpen("xiangyu", 2, 2501);
    expect(mostUsed("xiangyu", 1).map((u) => u.functionId)).toEqual([1201]);
    expect(mostUsed("xiangyu", 2).map((u) => u.functionId)).toEqual([2501]);
    expect(mostUsed("other", 1)).toEqual([]);
  });

  it("survives a damaged record", () => {
    localStorage.setItem("xy.usage.xiangyu.1", "{not json");
    expect(mostUsed("xiangyu", 1)).toEqual([]);
    recordOpen("xiangyu", 1, 1201);
    expect(mostUsed("xiangyu", 1)).toEqual([{ functionId: 1201, count: 1 }]);
  });
});
