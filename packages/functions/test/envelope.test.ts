import { describe, it, expect, beforeAll } from "vitest";
import { get, post, testTenant } from "./harness.ts";

let t: Awaited<ReturnType<typeof testTenant>>;
beforeAll(async () => {
  t = await testTenant();
});

describe("the wire contract", () => {
  it("answers an unknown path with 404 in the envelope", async () => {
    const r = await get("/gateway/api/no/such/path", { token: t.adminToken });
    expect(r.status).toBe(404);
    expect(r.body).toEqual({ code: "404", desc: "接口不存在" });
  });

  it("answers without a session with HTTP 401", async () => {
    const r = await get("/gateway/api/manage/type/list");
    expect(r.status).toBe(401);
    expect(r.body.code).toBe("401");
    expect(r.body.desc).toBe("登录已过期，请重新登录");
  });

  it("reads form-encoded and JSON bodies alike", async () => {
    const form = await post("/gateway/api/organization/save", { token: t.adminToken, functionId: 1201, form: { parentId: 0, orgType: "dept", orgName: "表单节点" } });
    const json = await post("/gateway/api/organization/save", { token: t.adminToken, functionId: 1201, json: { parentId: 0, orgType: "dept", orgName: "JSON节点" } });
    expect(form.body.code).toBe("200");
    expect(json.body.code).toBe("200");
    expect(json.body.data.orgName).toBe("JSON节点");
  });

  it("turns bad input into a Chinese message, never a 500", async () => {
    const noName = await post("/gateway/api/organization/save", { token: t.adminToken, functionId: 1201, form: { parentId: 0, orgType: "dept", orgName: "  " } });
    expect(noName.status).toBe(200);
    expect(noName.body).toEqual({ code: "400", desc: "请输入名称" });
    const noType = await post("/gateway/api/organization/save", { token: t.adminToken, functionId: 1201, form: { parentId: 0, orgName: "x" } });
    expect(noType.body.desc).toBe("数据不完整，请刷新页面重新编辑。");
    const badJson = await post("/gateway/api/organization/save", { token: t.adminToken, functionId: 1201, raw: { body: Buffer.from("{oops"), contentType: "application/json" } });
    expect(badJson.status).toBe(200);
    expect(badJson.body.code).not.toBe("200");
    const badPage = await get("/gateway/api/manage/oplog/list", { token: t.adminToken, functionId: 2501, query: { pageSize: 5000 } });
    expect(badPage.body).toEqual({ code: "400", desc: "每页条数不正确" });
  });
});
