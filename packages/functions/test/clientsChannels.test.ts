import { describe, it, expect, beforeAll } from "vitest";
import { testTenant } from "./harness.ts";
import { FN, asAdmin, as } from "./clientsHelpers.ts";

let t: Awaited<ReturnType<typeof testTenant>>;
const C = () => asAdmin(t, FN.channels);

beforeAll(async () => {
  t = await testTenant();
});

describe("channels (R390–R394)", () => {
  it("requires code and name", async () => {
    expect((await C().post("/xiangyu/api/channel/save", { stylename: "线上" })).body.desc).toBe("编码不能为空");
    expect((await C().post("/xiangyu/api/channel/save", { styleid: "online" })).body.desc).toBe("名称不能为空");
  });

  it("saves a channel with bound sales persons and lists them (value, name, cannel)", async () => {
    const a = await t.userWith({ [FN.clients]: "" });
    const b = await t.userWith({ [FN.clients]: "" });
    const saved = await C().post("/xiangyu/api/channel/save", { styleid: "online", stylename: "线上推广", pseudocode: "小程序与公众号", users: `${a.user.id},${b.user.id}` });
    expect(saved.body).toMatchObject({
      code: "200",
      desc: "保存成功",
      data: { styleid: "online", stylename: "线上推广", styleen: "clientSource", bindUsers: [a.user.id, b.user.id] },
    });
    await C().post("/xiangyu/api/channel/save", { styleid: "walkin", stylename: "到店" });

    const list = await C().get("/xiangyu/api/channel/list", { styleen: "clientSource" });
    const online = list.body.dataList.find((c: any) => c.value === "online");
    expect(online).toMatchObject({ name: "线上推广", pseudocode: "小程序与公众号", displayornot: 1 });
    expect(online.cannel).toEqual([
      { bindUserId: a.user.id, bindUser: a.username },
      { bindUserId: b.user.id, bindUser: b.username },
    ]);
    // The client form reads the same list for its channel source.
    const forClients = await asAdmin(t, FN.clients).get("/xiangyu/api/channel/list");
    expect(forClients.body.dataList.map((c: any) => c.value)).toEqual(["online", "walkin"]);

    // Editing rebinds: b leaves, the code changes (existing clients keep the old code: R392 warns).
    const edited = await C().post("/xiangyu/api/channel/save", {
      id: saved.body.data.id,
      styleen: "clientSource",
      styleid: "online2",
      stylename: "线上",
      pseudocode: "小程序与公众号",
      displayornot: 1,
      seq: 99,
      users: `${a.user.id}`,
    });
    expect(edited.body.data.cannel).toEqual([{ bindUserId: a.user.id, bindUser: a.username }]);
    const view = await C().get("/xiangyu/api/channel/view", { styleid: "online2", styleen: "clientSource" });
    expect(view.body.data).toMatchObject({ id: saved.body.data.id, stylename: "线上", bindUsers: [a.user.id] });
    expect((await C().get("/xiangyu/api/channel/view", { styleid: "online" })).body.desc).toBe("渠道不存在或已被删除");

    expect((await C().post("/xiangyu/api/channel/save", { styleid: "walkin", stylename: "重复" })).body.desc).toBe("参数编码已存在");
    expect((await C().post("/xiangyu/api/channel/save", { styleid: "x1", stylename: "x", users: "999999" })).body.desc).toBe("绑定用户不存在");
    expect((await C().post("/xiangyu/api/channel/save", { styleid: "x1", stylename: "x", users: "abc" })).body.desc).toBe("绑定用户不正确");
  });

  it("needs A to add and E to edit; deleting goes through style/attrdelete", async () => {
    const u = await t.userWith({ [FN.channels]: "D" });
    expect((await as(u.token, FN.channels).post("/xiangyu/api/channel/save", { styleid: "new", stylename: "新" })).body).toEqual({ code: "403", desc: "你没有新增权限" });
    const row = (await C().get("/xiangyu/api/channel/list")).body.dataList.find((c: any) => c.value === "walkin");
    expect((await as(u.token, FN.channels).post("/xiangyu/api/channel/save", { id: row.id, styleid: "walkin", stylename: "改" })).body).toEqual({
      code: "403",
      desc: "你没有修改权限",
    });
    const del = await as(u.token, FN.channels).post("/gateway/api/manage/style/attrdelete", { ids: String(row.id) });
    expect(del.body).toEqual({ check: 1, msg: "删除成功" });
    expect((await C().get("/xiangyu/api/channel/list")).body.dataList.map((c: any) => c.value)).toEqual(["online2"]);
  });
});
