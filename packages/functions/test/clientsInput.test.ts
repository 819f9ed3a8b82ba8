import { describe, it, expect, beforeAll } from "vitest";
import { post, testTenant } from "./harness.ts";
import { FN, asAdmin, newClient, newProduct } from "./clientsHelpers.ts";
import { addWeeksNow } from "@xiangyu/core/clients/ledger/ledger";

/**
 * The refusals the route schemas add (clients, channels, products): bounded id lists, strict ids,
 * bounded keywords, enumerations of their listed values only, counts never negative. Each is
 * answered before the handler runs, with a Chinese message.
 */
let t: Awaited<ReturnType<typeof testTenant>>;
const TOO_MANY = "一次最多选择200项";
const BAD = "参数格式不正确";
const tenThousand = Array.from({ length: 10_000 }, (_, i) => i + 1);

beforeAll(async () => {
  t = await testTenant();
});

/** A POST with a JSON body (booleans and lists travel only so). */
const postJson = (path: string, json: unknown, functionId: number = FN.clients) => post(path, { token: t.adminToken, functionId, json });

describe("id lists are bounded", () => {
  it("refuses a 10,000-id delete at once, comma-joined or as a JSON list", async () => {
    const deletes: [string, number][] = [
      ["/xiangyu/api/client/clientdelete", FN.clients],
      ["/xiangyu/api/hotel/product/delete", FN.products],
      ["/xiangyu/api/hotel/product/typedelete", FN.products],
      ["/xiangyu/api/hotel/product/passed", FN.products],
      ["/xiangyu/api/order/productprice/delete", FN.priceModification],
    ];
    for (const [path, fn] of deletes) {
      const started = Date.now();
      const r = await asAdmin(t, fn).post(path, { ids: tenThousand.join(",") });
      expect(r.body).toEqual({ code: "400", desc: TOO_MANY });
      expect(Date.now() - started).toBeLessThan(3000);
      expect((await postJson(path, { ids: tenThousand }, fn)).body).toEqual({ code: "400", desc: TOO_MANY });
    }
    // 200 is still one request's worth.
    expect((await asAdmin(t).post("/xiangyu/api/client/clientdelete", { ids: tenThousand.slice(0, 200).join(",") })).body).toEqual({ code: "404", desc: "并没有删除信息" });
  });

  it("binds at most 200 sales persons to a channel", async () => {
    const r = await asAdmin(t, FN.channels).post("/xiangyu/api/channel/save", { styleid: "many", stylename: "多", users: tenThousand.slice(0, 201).join(",") });
    expect(r.body.desc).toBe(TOO_MANY);
  });
});

describe("ids are whole numbers as forms and JSON send them", () => {
  it("refuses 0x43, 9e0, 67.0 and true as an id", async () => {
    const c = await newClient(t, { clientName: "严格编号" });
    for (const id of ["0x43", "9e0", "67.0", " 1e3", "-1", "0"]) {
      expect((await asAdmin(t).get("/xiangyu/api/client/clientview", { id })).body).toEqual({ code: "400", desc: "无效的客户信息" });
      expect((await asAdmin(t).post("/xiangyu/api/client/clientdelete", { ids: id })).body).toEqual({ code: "400", desc: BAD });
      expect((await asAdmin(t, FN.products).get("/xiangyu/api/hotel/product/view", { id })).body.code).toBe("400");
    }
    expect((await postJson("/xiangyu/api/client/clientdelete", { ids: true })).body).toEqual({ code: "400", desc: BAD });
    expect((await postJson("/xiangyu/api/client/clientdelete", { id: true })).body).toEqual({ code: "400", desc: BAD });
    expect((await postJson("/xiangyu/api/client/clientdelete", { ids: [c.id, true] })).body).toEqual({ code: "400", desc: BAD });
    expect((await postJson("/xiangyu/api/client/membershippassword", { id: true, productTypeId: 1 })).body).toEqual({ code: "400", desc: BAD });
    expect((await postJson("/xiangyu/api/client/clientdelete", { ids: 2 ** 53 })).body).toEqual({ code: "400", desc: BAD });
    // The client is still there.
    expect((await asAdmin(t).get("/xiangyu/api/client/clientview", { id: c.id })).body.code).toBe("200");
  });
});

describe("texts are bounded", () => {
  it("refuses an over-long keyword with its message", async () => {
    const keyword = "张".repeat(101);
    expect((await asAdmin(t).get("/xiangyu/api/client/clientlist", { keyword })).body).toEqual({ code: "400", desc: "关键词不能超过100个字" });
    expect((await asAdmin(t).get("/xiangyu/api/client/memberlist", { keyword })).body.desc).toBe("关键词不能超过100个字");
    expect((await asAdmin(t).get("/xiangyu/api/client/searchclient", { keyword })).body.desc).toBe("关键词不能超过100个字");
    expect((await asAdmin(t, FN.products).get("/xiangyu/api/hotel/product/list", { keyword })).body.desc).toBe("关键词不能超过100个字");
    expect((await asAdmin(t, FN.priceModification).get("/xiangyu/api/order/productprice/list", { keyword })).body.desc).toBe("关键词不能超过100个字");
    // 100 characters are a keyword.
    expect((await asAdmin(t).get("/xiangyu/api/client/clientlist", { keyword: "张".repeat(100) })).body.code).toBe("200");
  });

  it("refuses over-long form texts with the field's message", async () => {
    expect((await asAdmin(t).post("/xiangyu/api/client/clientsave", { clientName: "长号", mobile: "1".repeat(31), status: 1, shop: "x" })).body.desc).toBe("输入的手机号不正确");
    expect((await asAdmin(t, FN.channels).post("/xiangyu/api/channel/save", { styleid: "x".repeat(51), stylename: "长" })).body.desc).toBe("编码不能超过50个字");
    expect((await asAdmin(t, FN.channels).get("/xiangyu/api/channel/list", { styleen: "x".repeat(41) })).body.desc).toBe(BAD);
  });
});

describe("enumerations take only their listed values", () => {
  it("refuses an unknown client status, flag or type", async () => {
    const form = { clientName: "枚举", mobile: "13700000001", shop: "x" };
    expect((await asAdmin(t).post("/xiangyu/api/client/clientsave", { ...form, status: 7 })).body.desc).toBe("会员状态不正确");
    expect((await asAdmin(t).post("/xiangyu/api/client/clientsave", { ...form, status: "会员" })).body.desc).toBe("会员状态不能为空");
    expect((await asAdmin(t).get("/xiangyu/api/client/clientlist", { status: 9 })).body.desc).toBe("会员状态不正确");
    expect((await asAdmin(t).get("/xiangyu/api/client/clientlist", { excludeMgr: "maybe" })).body.desc).toBe(BAD);
    expect((await asAdmin(t).post("/xiangyu/api/client/membershippassword", { id: 1, productTypeId: 1, type: 3 })).body.desc).toBe(BAD);
    expect((await asAdmin(t).post("/xiangyu/api/client/membershipsave", { id: 1, productTypeId: 1, type: 0 })).body.desc).toBe(BAD);
    expect((await asAdmin(t, FN.channels).post("/xiangyu/api/channel/save", { styleid: "e", stylename: "e", displayornot: 2 })).body.desc).toBe("状态不正确");
    expect((await asAdmin(t, FN.products).post("/xiangyu/api/hotel/product/passed", { ids: "1", idisplay: 2 })).body.desc).toBe("状态不正确");
    expect((await asAdmin(t, FN.products).post("/xiangyu/api/hotel/product/typesave", { typeName: "x", contractType: "x", productUnit: "x", hasAccount: "yes" })).body.desc).toBe(
      BAD,
    );
    expect((await asAdmin(t, FN.priceModification).get("/xiangyu/api/order/productprice/list", { status: 3 })).body.desc).toBe("状态不正确");
  });
});

describe("counts and money are never negative", () => {
  it("refuses negative counts, ages and amounts, and percentages above 100", async () => {
    const { type } = await newProduct(t);
    const save = (f: Record<string, string | number>) =>
      asAdmin(t, FN.products).post("/xiangyu/api/hotel/product/save", { productType: type.id, productName: "负数", proCount: 5, amount: "50000", shop: "0", ...f });
    expect((await save({ proCount: -1 })).body.desc).toBe("数量必须是正整数");
    expect((await save({ duration: -1 })).body.desc).toBe("年限必须是数字");
    expect((await save({ groupAmount: "-1" })).body.desc).toBe("所有金额和比例都需为正数");
    expect((await save({ agentAmount: 101 })).body.desc).toBe("所有金额和比例都需为正数");
    expect((await save({ amount: "1e5" })).body.desc).toBe("金额不能为空");
    const form = { clientName: "年龄", mobile: "13700000002", status: 1, shop: "x" };
    expect((await asAdmin(t).post("/xiangyu/api/client/clientsave", { ...form, age: -1 })).body.desc).toBe("年龄必须是0到150之间的整数");
  });
});

describe("the operation log names what was acted on", () => {
  it("logs the client whose password was revealed and the clients actually deleted", async () => {
    const { type } = await newProduct(t);
    const c = await newClient(t, { clientName: "揭示", status: 2 });
    await addWeeksNow({ tenantId: t.clientId, clientId: c.id, productTypeId: type.id }, { weeks: 1, shipDuration: "2035-01-01" });
    await asAdmin(t).post("/xiangyu/api/client/membershipsave", { id: c.id, productTypeId: type.id, type: 1, account: "a", password: "p-1" });
    // `id` names the client on this route; a stray clientId is not what the log records.
    const shown = await asAdmin(t).post("/xiangyu/api/client/membershippassword", { id: c.id, clientId: 424242, productTypeId: type.id, type: 1 });
    expect(shown.body.data).toEqual({ password: "p-1" });

    const gone = await newClient(t, { clientName: "删除" });
    expect((await asAdmin(t).post("/xiangyu/api/client/clientdelete", { ids: `${gone.id},424243,424244` })).body.desc).toBe("删除成功");

    const log = (await asAdmin(t, 2501).get("/gateway/api/manage/oplog/list", { pageSize: 50 })).body.dataList as any[];
    expect(log.find((e) => e.route === "/xiangyu/api/client/membershippassword")).toMatchObject({ event: "reveal", ids: String(c.id), module: "clients" });
    expect(log.find((e) => e.route === "/xiangyu/api/client/clientdelete")).toMatchObject({ event: "write", ids: String(gone.id) });
  });

  it("logs every read of a list of people's data with who, where from and how many rows", async () => {
    await newClient(t, { clientName: "名单一" });
    await newClient(t, { clientName: "名单二" });
    const page = await asAdmin(t).get("/xiangyu/api/client/clientlist", { pageSize: 20 });
    const rows = (page.body.dataList as unknown[]).length;
    expect(rows).toBeGreaterThan(1);
    await asAdmin(t).get("/xiangyu/api/client/searchclient", { keyword: "名单" });
    const log = (await asAdmin(t, 2501).get("/gateway/api/manage/oplog/list", { pageSize: 10 })).body.dataList as any[];
    expect(log[0]).toMatchObject({ event: "export", route: "/xiangyu/api/client/searchclient", method: "GET", rows: 2, ip: "127.0.0.1", username: "admin" });
    expect(log[1]).toMatchObject({ event: "export", route: "/xiangyu/api/client/clientlist", method: "GET", rows, module: "clients" });
  });
});
