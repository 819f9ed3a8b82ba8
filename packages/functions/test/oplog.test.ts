import { describe, it, expect, beforeAll } from "vitest";
import { get, post, testTenant } from "./harness.ts";

let t: Awaited<ReturnType<typeof testTenant>>;
const ORG = 1201;
const OPLOG = 2501;

beforeAll(async () => {
  t = await testTenant();
});

const logPage = (query: Record<string, string | number> = {}, token = t.adminToken) => get("/gateway/api/manage/oplog/list", { token, functionId: OPLOG, query });

describe("the operation log", () => {
  it("records every successful write with who, which function, route and ids — never the body", async () => {
    const ids: number[] = [];
    for (let i = 0; i < 25; i++) {
      const r = await post("/gateway/api/organization/save", { token: t.adminToken, functionId: ORG, form: { parentId: 0, orgType: "dept", orgName: `节点${i}` } });
      ids.push(r.body.data.id);
    }
    // A refused write is not logged.
    await post("/gateway/api/organization/save", { token: t.adminToken, functionId: ORG, form: { parentId: 0, orgType: "dept", orgName: "" } });
    await post("/gateway/api/organization/delete", { token: t.adminToken, functionId: ORG, form: { id: ids[0] } });
    await post("/gateway/api/manage/users/changepassword", { token: t.adminToken, form: { oldPassword: "wrong", newPassword: "Secret123x" } });

    const first = await logPage();
    expect(first.body.pageParams).toMatchObject({ maxCount: 26, currentPage: 1, pageSize: 20, maxPage: 2 });
    const newest = first.body.dataList[0];
    expect(newest).toMatchObject({ username: "admin", functionId: ORG, functionName: "组织架构", module: "org", route: "/gateway/api/organization/delete", ids: String(ids[0]) });
    expect(newest.createTime).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect(JSON.stringify(first.body)).not.toContain("节点");
    expect(JSON.stringify(first.body)).not.toContain("Secret123x");

    const second = await logPage({ currentPage: 2 });
    expect(second.body.dataList).toHaveLength(6);
    const all = [...first.body.dataList, ...second.body.dataList].map((r: any) => r.id);
    expect(new Set(all).size).toBe(26);
    expect(all).toEqual([...all].sort((a, b) => b - a));
    expect((await logPage({ currentPage: 3 })).body.dataList).toEqual([]);
    const asc = await logPage({ order: "asc", pageSize: 30 });
    expect(asc.body.dataList[0].route).toBe("/gateway/api/organization/save");
  });

  it("filters by user and by module", async () => {
    const u = await t.userWith({ [ORG]: "A", [OPLOG]: "" });
    await post("/gateway/api/organization/save", { token: u.token, functionId: ORG, form: { parentId: 0, orgType: "dept", orgName: "他建的" } });
    const mine = await logPage({ userId: u.user.id }, u.token);
    expect(mine.body.pageParams.maxCount).toBe(1);
    expect(mine.body.dataList[0].username).toBe(u.username);
    const org = await logPage({ module: "org" });
    expect(org.body.pageParams.maxCount).toBe(27);
    const none = await logPage({ module: "hotels" });
    expect(none.body.pageParams.maxCount).toBe(0);
  });
});
