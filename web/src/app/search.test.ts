import { describe, expect, it } from "vitest";
import { parseSearch, screenParams, stringifySearch } from "./search.ts";

describe("plain-string search params", () => {
  it("reads values as strings, Chinese and numbers included", () => {
    expect(parseSearch("?functionId=1201&orgType=dept&orgTypeName=%E7%BB%84%E7%BB%87%E6%9E%B6%E6%9E%84")).toEqual({
      functionId: "1201",
      orgType: "dept",
      orgTypeName: "组织架构",
    });
  });

  it("writes values unquoted and drops empty ones", () => {
    expect(stringifySearch({ functionId: 1201, orgType: "dept", keyword: "", page: undefined, flag: true })).toBe("?functionId=1201&orgType=dept&flag=true");
    expect(stringifySearch({})).toBe("");
  });

  it("round-trips", () => {
    const s = { functionId: "1201", orgTypeName: "组织架构", keyword: "a&b=c" };
    expect(parseSearch(stringifySearch(s))).toEqual(s);
  });

  it("keeps the screen's own parameters apart from the function id", () => {
    expect(screenParams({ functionId: "1201", orgType: "dept" })).toEqual({ orgType: "dept" });
  });
});
