import { describe, it, expect, beforeAll } from "vitest";
import { testTenant } from "./harness.ts";
import { FN, as, quickUser } from "./usersHelpers.ts";
import { planUserKeyword, userTerms } from "@xiangyu/core/users/rules";
import { UserTally, UserTerm } from "@xiangyu/core/users/entities";
import { backfillUserKeys, forgetUserIndex } from "@xiangyu/core/users/userIndex";

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

describe("the digit-key backfill for staff saved before the keys existed", () => {
  it("writes the missing keys a bounded chunk at a time, resumes from its mark, and changes nothing when run again", async () => {
    const tn = await testTenant();
    const made = [];
    for (let i = 0; i < 5; i++) made.push(await quickUser(tn.clientId, {}, { realname: `旧员工${i}`, mobile: `1371111${String(4000 + i)}` }));
    // As a database of before: the users' digit keys gone, the backfill never run.
    for (const m of made) for (const term of userTerms({ realname: "", mobile: m.user.mobile! })) await UserTerm.delete({ tenantId: tn.clientId, term, userId: m.user.id }).go();
    await UserTally.delete({ tenantId: tn.clientId, name: "keys#v2" }).go();
    const digits = async () => (await UserTerm.query.byTerm({ tenantId: tn.clientId, term: "m7:1371111" }).go({ pages: "all" })).data.map((k) => k.userId).sort();
    expect(await digits()).toEqual([]);

    // Three users a call: the tenant's administrator and the five staff take three calls.
    const first = await backfillUserKeys(tn.clientId, 3);
    expect(first).toEqual({ done: false, indexed: 3 });
    const half = (await digits()).length;
    expect(half).toBeGreaterThan(0);
    expect(half).toBeLessThan(5);
    expect(await backfillUserKeys(tn.clientId, 3)).toEqual({ done: false, indexed: 3 });
    expect((await backfillUserKeys(tn.clientId, 3)).done).toBe(true);
    expect(await digits()).toEqual(made.map((m) => m.user.id).sort());
    // Done: a further call reads the mark alone; run again from the start, it writes the same keys once.
    expect(await backfillUserKeys(tn.clientId, 3)).toEqual({ done: true, indexed: 0 });
    await UserTally.delete({ tenantId: tn.clientId, name: "keys#v2" }).go();
    while (!(await backfillUserKeys(tn.clientId, 100)).done);
    expect(await digits()).toEqual(made.map((m) => m.user.id).sort());
  });

  it("runs by itself on the staff list's first calls, so a search by digits finds older staff", async () => {
    const tn = await testTenant();
    const old = await quickUser(tn.clientId, {}, { realname: "老员工", mobile: "13722225555" });
    for (const term of userTerms({ realname: "", mobile: "13722225555" })) await UserTerm.delete({ tenantId: tn.clientId, term, userId: old.user.id }).go();
    await UserTally.delete({ tenantId: tn.clientId, name: "keys#v2" }).go();
    forgetUserIndex(tn.clientId);
    const list = async (keyword: string) =>
      ((await as(tn.adminToken, FN.staff).get("/gateway/api/manage/users/mgr/list", { keyword })).body.dataList as Array<{ id: number }>).map((r) => r.id);
    // The first call indexes before it searches (a tenant this small is one chunk).
    expect(await list("5555")).toEqual([old.user.id]);
  });
});
