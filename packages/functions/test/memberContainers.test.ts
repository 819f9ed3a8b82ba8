import { describe, it, expect, beforeAll, vi } from "vitest";
import { MobileUser } from "@xiangyu/core/users/entities";
import { registerMobileUsers } from "@xiangyu/core/users/mobile";
import { Tenant } from "@xiangyu/core/platform/entities";
import { get, memberToken, testTenant } from "./harness.ts";
import { FN, as, mobile } from "./usersHelpers.ts";
import { code } from "./clientsHelpers.ts";

/**
 * A container remembers the members it has read enabled (auth/memberAuth.ts, issue 39), under the
 * tenant's session version. Whatever disables, deletes or rebinds a mobile user in one container
 * must be seen at once by another that remembers it: here the harness's handlers are one container
 * and a second copy of the modules (their own memory) the other.
 */
type Invoke = typeof import("@xiangyu/functions/http/invoke").invoke;
let other: Invoke;
let t: Awaited<ReturnType<typeof testTenant>>;

beforeAll(async () => {
  t = await testTenant();
  vi.resetModules();
  other = (await import("@xiangyu/functions/http/invoke")).invoke;
}, 60_000);

const ME = "/xiangyu/api/mp/me";
/** Who-am-I through the other container: its status and the member it answers. */
const meThere = async (token: string) => {
  const r = (await other({ method: "GET", url: ME, headers: { host: "localhost", authorization: `Bearer ${token}` } }))!;
  return { status: r.statusCode, member: r.statusCode === 200 ? JSON.parse(String(r.body)).data : null };
};
/** Read twice there: the second answer comes from the container's memory of the member. */
const remembered = async (token: string) => {
  expect((await meThere(token)).status).toBe(200);
  expect((await meThere(token)).status).toBe(200);
};
/** A new mobile user of the tenant and its member token. */
async function newMember(): Promise<{ id: number; token: string }> {
  const m = mobile();
  const [id] = await registerMobileUsers(t.clientId, [{ userId: `mp_${m}`, realname: "容器会员", mobile: m }]);
  return { id: id!, token: await memberToken(t.clientId, id!) };
}
const staff = () => as(t.adminToken, FN.mobileUsers);

describe("a member changed in one container is seen at once by another that remembers it", () => {
  it("the other container does serve from memory (a mobile user changed behind core's back is not seen)", async () => {
    const m = await newMember();
    await remembered(m.token);
    await MobileUser.patch({ tenantId: t.clientId, id: m.id }).set({ displayornot: 0 }).go();
    expect((await meThere(m.token)).status).toBe(200);
    // A container that never saw it reads the item: disabled.
    expect((await get(ME, { token: m.token })).status).toBe(401);
  });

  it("disabled by staff, enabled again, deleted", async () => {
    const m = await newMember();
    await remembered(m.token);
    expect((await staff().post("/gateway/api/manage/users/m/passed", { ids: String(m.id) })).body.code).toBe("200");
    expect((await meThere(m.token)).status).toBe(401);
    expect((await staff().post("/gateway/api/manage/users/m/passed", { ids: String(m.id) })).body.code).toBe("200");
    await remembered(m.token);
    expect((await staff().post("/gateway/api/manage/users/m/delete", { ids: String(m.id) })).body.code).toBe("200");
    expect((await meThere(m.token)).status).toBe(401);
  });

  it("bound to a client and unbound by staff: the other container answers the current client", async () => {
    const m = await newMember();
    await remembered(m.token);
    const client = await as(t.adminToken, 2001).post("/xiangyu/api/client/clientsave", {
      clientName: "容器客户",
      mobile: mobile(),
      status: 2,
      shop: code(t as any, "广州天河店"),
      memberLevel: "1",
    });
    expect(client.body.code, client.body.desc).toBe("200");
    const clientId = client.body.data.id as number;
    expect((await staff().post("/gateway/api/manage/users/m/bind", { id: m.id, clientId })).body.code).toBe("200");
    expect((await meThere(m.token)).member).toMatchObject({ mobileUserId: m.id, clientId });
    expect((await meThere(m.token)).member).toMatchObject({ clientId });
    expect((await staff().post("/gateway/api/manage/users/m/unbind", { id: m.id })).body.code).toBe("200");
    expect((await meThere(m.token)).member).toMatchObject({ clientId: 0 });
  });

  it("a disabled tenant refuses its remembered members at once", async () => {
    const m = await newMember();
    await remembered(m.token);
    await Tenant.patch({ clientId: t.clientId }).set({ idisplay: 0 }).go();
    try {
      expect((await meThere(m.token)).status).toBe(401);
    } finally {
      await Tenant.patch({ clientId: t.clientId }).set({ idisplay: 1 }).go();
    }
    expect((await meThere(m.token)).status).toBe(200);
  });
});
