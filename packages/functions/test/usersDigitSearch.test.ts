import { describe, it, expect, beforeAll } from "vitest";
import { testTenant } from "./harness.ts";
import { FN, as, quickUser } from "./usersHelpers.ts";
import { planUserKeyword, userTerms } from "@xiangyu/core/users/rules";

let t: Awaited<ReturnType<typeof testTenant>>;
beforeAll(async () => {
  t = await testTenant();
});

describe("staff search by a partial mobile", () => {
  it("keeps the clients' digit keys (last four, first seven) beside the name keys", () => {
    expect(userTerms({ realname: "王小明", mobile: "13912345678" }).sort()).toEqual(["m4:5678", "m7:1391234", "n:王", "n:王小"].sort());
    expect(planUserKeyword("5678")).toMatchObject({ term: "m4:5678", prefix: "" });
    expect(planUserKeyword("139-1234")).toMatchObject({ term: "m7:1391234" });
    expect(planUserKeyword("13912345678")).toEqual({ kind: "mobile", mobile: "13912345678" });
  });

  it("finds staff by the last four or the first seven digits, and only them", async () => {
    const a = await quickUser(t.clientId, {}, { realname: "甲员工", mobile: "13512348765" });
    const b = await quickUser(t.clientId, {}, { realname: "乙员工", mobile: "13612348765" });
    await quickUser(t.clientId, {}, { realname: "丙员工", mobile: "13512340000" });
    const list = async (keyword: string) =>
      ((await as(t.adminToken, FN.staff).get("/gateway/api/manage/users/mgr/list", { keyword })).body.dataList as Array<{ id: number }>).map((r) => r.id).sort();
    expect(await list("8765")).toEqual([a.user.id, b.user.id].sort());
    expect(await list("1351234")).toHaveLength(2);
    expect(await list("1361234")).toEqual([b.user.id]);
    expect(await list("9999")).toEqual([]);
  });
});
