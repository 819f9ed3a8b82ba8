import { describe, it, expect, beforeAll } from "vitest";
import { OrgNodeInput } from "@xiangyu/core/org/schemas";
import { editOf } from "./editForm.ts";
import { get, post, testTenant } from "./harness.ts";

let t: Awaited<ReturnType<typeof testTenant>>;
const DEST = 1202; // 目的地, orgType destination

beforeAll(async () => {
  t = await testTenant();
});

/** As the console's form sends it: an edit carries every field of the node (blank where the test gives none). */
const save = (form: Record<string, string | number>) => {
  const whole = { orgType: "destination", ...form };
  return post("/gateway/api/organization/save", { token: t.adminToken, functionId: DEST, form: form.id ? editOf(OrgNodeInput, {}, whole) : whole });
};
const list = async (parentId: number) =>
  (await get("/gateway/api/organization/list", { token: t.adminToken, functionId: DEST, query: { orgType: "destination", parentId } })).body.dataList;

describe("organisation trees", () => {
  it("codes children 3 characters per level and keeps hasChild true to the data", async () => {
    const asia = (await save({ parentId: 0, orgName: "亚洲", seq: 2 })).body.data;
    const europe = (await save({ parentId: 0, orgName: "欧洲", seq: 1 })).body.data;
    expect(asia.orgCode).toMatch(/^\d{3}$/);
    const japan = (await save({ parentId: asia.id, orgName: "日本", address: "热门免签", orgExtraCode: "RB", lng: "139.69", lat: "35.68" })).body.data;
    const thai = (await save({ parentId: asia.id, orgName: "泰国", address: "落地签" })).body.data;
    expect(japan.orgCode).toBe(`${asia.orgCode}001`);
    expect(thai.orgCode).toBe(`${asia.orgCode}002`);
    expect(japan).toMatchObject({ address: "热门免签", orgExtraCode: "RB", seq: 99, idisplay: 1, branchId: 0 });

    const top = await list(0);
    expect(top.map((n: any) => n.orgName)).toEqual(["欧洲", "亚洲"]); // by seq
    expect(top.find((n: any) => n.id === asia.id).hasChild).toBe(true);
    expect(top.find((n: any) => n.id === europe.id).hasChild).toBe(false);
    expect((await list(asia.id)).map((n: any) => n.orgName)).toEqual(["日本", "泰国"]);
  });

  it("validates name, seq, parent and type with the spec's messages", async () => {
    expect((await save({ parentId: 0, orgName: "" })).body.desc).toBe("请输入名称");
    expect((await save({ parentId: 0, orgName: "x", seq: 0 })).body.desc).toBe("排序不能小于1");
    expect((await save({ parentId: "", orgName: "x" })).body.desc).toBe("数据不完整，请刷新页面重新编辑。");
    expect((await save({ parentId: 987654, orgName: "x" })).body.desc).toBe("上级节点不存在或已被删除");
    const noType = await get("/gateway/api/organization/list", { token: t.adminToken, functionId: DEST, query: { parentId: 0 } });
    expect(noType.body).toEqual({ code: "400", desc: "组织类型未定义，无法加载" });
    expect((await save({ parentId: 0, orgName: "x", idisplay: 0 })).body.desc).toBe("状态不正确");
  });

  it("edits in place and deletes a node with every node below it", async () => {
    const a = (await save({ parentId: 0, orgName: "美洲" })).body.data;
    const b = (await save({ parentId: a.id, orgName: "美国" })).body.data;
    const c = (await save({ parentId: b.id, orgName: "纽约" })).body.data;
    const edited = (await save({ id: b.id, parentId: a.id, orgName: "美利坚", idisplay: 2 })).body.data;
    expect(edited).toMatchObject({ id: b.id, orgCode: b.orgCode, orgName: "美利坚", idisplay: 2 });
    // Disabled nodes stay in the admin tree but leave the cascaders.
    const cascader = (await get("/gateway/api/organization/app/list", { token: t.adminToken, query: { orgType: "destination" } })).body.dataList;
    expect(cascader.find((n: any) => n.id === a.id).children).toEqual([]);

    const del = await post("/gateway/api/organization/delete", { token: t.adminToken, functionId: DEST, form: { id: b.id } });
    expect(del.body).toEqual({ code: "200", desc: "删除成功" });
    for (const id of [b.id, c.id]) {
      expect((await get("/gateway/api/organization/view", { token: t.adminToken, functionId: DEST, query: { id } })).body.code).toBe("404");
    }
    expect((await list(0)).find((n: any) => n.id === a.id).hasChild).toBe(false);
  });

  it("bounds every field: over-long names and types refused with the limit, ids and numbers strictly", async () => {
    expect((await save({ parentId: 0, orgName: "名".repeat(51) })).body).toEqual({ code: "400", desc: "名称不能超过50个字" });
    expect((await save({ parentId: 0, orgName: "名".repeat(50) })).body.code).toBe("200");
    expect((await save({ parentId: 0, orgName: "x", address: "址".repeat(201) })).body.desc).toBe("地址不能超过200个字");
    expect((await save({ parentId: 0, orgName: "x", info: "说".repeat(2001) })).body.desc).toBe("说明不能超过2000个字");
    expect((await save({ parentId: 0, orgName: "x", seq: 1_000_000 })).body.desc).toBe("排序不能超过999999");
    expect((await save({ parentId: 0, orgName: "x", seq: "1e2" })).body.desc).toBe("排序必须是数字");
    expect((await save({ parentId: "0x1", orgName: "x" })).body.desc).toBe("数据不完整，请刷新页面重新编辑。");
    expect((await save({ orgType: "t".repeat(31), parentId: 0, orgName: "x" })).body.desc).toBe("数据不完整，请刷新页面重新编辑。");
    const longType = await get("/gateway/api/organization/list", { token: t.adminToken, functionId: DEST, query: { orgType: "t".repeat(31), parentId: 0 } });
    expect(longType.body).toEqual({ code: "400", desc: "组织类型未定义，无法加载" });
    const badParent = await get("/gateway/api/organization/list", { token: t.adminToken, functionId: DEST, query: { orgType: "destination", parentId: "1;2" } });
    expect(badParent.body).toEqual({ code: "400", desc: "参数格式不正确" });
    const badView = await get("/gateway/api/organization/view", { token: t.adminToken, functionId: DEST, query: { id: "99999999999" } });
    expect(badView.body).toEqual({ code: "400", desc: "参数格式不正确" });
    const del = (form: Record<string, string | number>) => post("/gateway/api/organization/delete", { token: t.adminToken, functionId: DEST, form });
    expect((await del({})).body).toEqual({ code: "400", desc: "并没有选择删除项" });
    expect((await del({ id: "1,2" })).body).toEqual({ code: "400", desc: "参数格式不正确" });
    const cascader = await get("/gateway/api/organization/app/list", { token: t.adminToken, query: { orgType: "destination", isNotTree: "maybe" } });
    expect(cascader.body).toEqual({ code: "400", desc: "参数格式不正确" });
  });

  it("offers a flat list for cascaders when asked (isNotTree)", async () => {
    const flat = (await get("/gateway/api/organization/app/list", { token: t.adminToken, query: { orgType: "dept", isNotTree: 1 } })).body.dataList;
    expect(flat.map((n: any) => n.orgName)).toEqual(["华南分公司", "华东分公司"]);
    expect(flat.every((n: any) => n.children.length === 0 && n.hasChild)).toBe(true);
  });
});
