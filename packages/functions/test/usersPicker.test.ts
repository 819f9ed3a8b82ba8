import { describe, it, expect, beforeAll } from "vitest";
import { testTenant } from "./harness.ts";
import { FN, as, quickUser } from "./usersHelpers.ts";

/**
 * The staff picker's list (mgr/picklist): the client screens' 销售员 field and the channel form's
 * salespeople read it. It opens to the client module as well as the users module, and it answers
 * names and mobiles only — never the ID numbers, addresses or e-mails of the full staff list.
 */
let t: Awaited<ReturnType<typeof testTenant>>;
const PICK = "/gateway/api/manage/users/mgr/picklist";
const CLIENT_LIST = 2001;
const HOTELS = 1601;

beforeAll(async () => {
  t = await testTenant();
});

describe("the staff picker list", () => {
  it("answers a client-screen caller with names and mobiles only, a page of up to 1000", async () => {
    const seller = await quickUser(t.clientId, {}, { realname: "王销售", deptCodes: [t.depts.get("广州天河店")!.code] });
    const clerk = await quickUser(t.clientId, { [CLIENT_LIST]: "AE" });
    const r = await as(clerk.token, CLIENT_LIST).get(PICK, { currentPage: 1, pageSize: 1000 });
    expect(r.body.code).toBe("200");
    const row = r.body.dataList.find((u: { id: number }) => u.id === seller.user.id);
    expect(row).toEqual({ id: seller.user.id, realname: "王销售", username: seller.user.username, mobile: seller.user.mobile });
    for (const u of r.body.dataList) expect(Object.keys(u).sort()).toEqual(["id", "mobile", "realname", "username"]);
    expect((await as(clerk.token, CLIENT_LIST).get(PICK, { pageSize: 1001 })).body).toMatchObject({ desc: "每页条数不正确" });
  });

  it("answers the channel screen (module users) too, and refuses a screen of another module", async () => {
    const channels = await quickUser(t.clientId, { [FN.channels]: "AE" });
    expect((await as(channels.token, FN.channels).get(PICK, { pageSize: 1000 })).body.code).toBe("200");
    const hotels = await quickUser(t.clientId, { [HOTELS]: "AE" });
    const refused = await as(hotels.token, HOTELS).get(PICK, { pageSize: 1000 });
    expect(refused.status).toBe(403);
  });
});
