import { describe, it, expect, beforeAll } from "vitest";
import { testTenant } from "./harness.ts";
import { FN, asAdmin, as, code, newClient, newProduct } from "./clientsHelpers.ts";
import { markBoughtItems } from "@xiangyu/core/products/priceOrders";
import { transact } from "@xiangyu/core/kernel/tx";
import { DENIAL } from "@xiangyu/core/kernel/rights";
import { quickUser } from "./usersHelpers.ts";
import { PriceOrderInput, ProductTypeInput } from "@xiangyu/core/products/schemas";
import { editOf } from "./editForm.ts";

let t: Awaited<ReturnType<typeof testTenant>>;
const P = (tt = t) => asAdmin(tt, FN.products);

beforeAll(async () => {
  t = await testTenant();
});

describe("product types (R359–R364)", () => {
  it("validates, lists without paging and blocks deleting a type in use (hasDelete)", async () => {
    expect((await P().post("/xiangyu/api/hotel/product/typesave", { contractType: "HY", productUnit: "周" })).body.desc).toBe("名称不能为空");
    expect((await P().post("/xiangyu/api/hotel/product/typesave", { typeName: "x".repeat(101), contractType: "HY", productUnit: "周" })).body.desc).toBe("名称不能超过100个字");
    expect((await P().post("/xiangyu/api/hotel/product/typesave", { typeName: "体验", productUnit: "次" })).body.desc).toBe("合同类型不能为空");
    expect((await P().post("/xiangyu/api/hotel/product/typesave", { typeName: "体验", contractType: "TY" })).body.desc).toBe("产品单位不能为空");
    expect((await P().post("/xiangyu/api/hotel/product/typesave", { typeName: "体验", contractType: "TY", productUnit: "次", hasRci: 2 })).body.desc).toBe("参数格式不正确");

    const free = (await P().post("/xiangyu/api/hotel/product/typesave", { typeName: "体验产品", contractType: "TY", productUnit: "次" })).body.data;
    expect(free).toMatchObject({ typeName: "体验产品", hasAccount: 0, hasRci: 0, hasMemberLevel: 0, hasDelete: 0 });
    const { type } = await newProduct(t);
    const list = (await P().get("/xiangyu/api/hotel/product/typelist")).body;
    expect(list.pageParams).toBeUndefined();
    expect(list.dataList.find((x: any) => x.id === type.id)).toMatchObject({ typeName: "会员周次", hasAccount: 1, hasRci: 1, hasMemberLevel: 1, hasDelete: 1 });
    expect((await P().get("/xiangyu/api/hotel/product/typeview", { id: free.id })).body.data.typeName).toBe("体验产品");

    expect((await P().post("/xiangyu/api/hotel/product/typedelete", { ids: `${type.id}` })).body).toEqual({ code: "409", desc: "会员周次：该类型已被使用，不能删除" });
    expect((await P().post("/xiangyu/api/hotel/product/typedelete", { ids: `${free.id}` })).body.desc).toBe("删除成功");
    const edited = await P().post(
      "/xiangyu/api/hotel/product/typesave",
      editOf(ProductTypeInput, type, { typeName: "会员周次A", contractType: "HY", productUnit: "周", hasAccount: 0 }),
    );
    expect(edited.body.data).toMatchObject({ id: type.id, typeName: "会员周次A", hasAccount: 0 });
  });
});

describe("type management needs R on the product list (R043, R348)", () => {
  it("refuses A, E and D holders without R, and lets them with it", async () => {
    const form = { typeName: "体验", contractType: "TY", productUnit: "次" };
    const [noR, withR] = await Promise.all([quickUser(t.clientId, { [FN.products]: "AED" }), quickUser(t.clientId, { [FN.products]: "AEDR" })]);
    const before = (await P().get("/xiangyu/api/hotel/product/typelist")).body.dataList.length;
    const refused = { code: "403", desc: DENIAL.R };
    expect((await as(noR.token, FN.products).post("/xiangyu/api/hotel/product/typesave", form)).body).toEqual(refused);
    // Checked before the input is read: a caller without R learns nothing of the form's rules.
    expect((await as(noR.token, FN.products).post("/xiangyu/api/hotel/product/typesave", {})).body).toEqual(refused);
    const made = (await as(withR.token, FN.products).post("/xiangyu/api/hotel/product/typesave", form)).body.data;
    expect(made).toMatchObject({ typeName: "体验" });
    expect((await as(noR.token, FN.products).post("/xiangyu/api/hotel/product/typesave", { ...form, id: made.id, typeName: "改名" })).body).toEqual(refused);
    expect((await as(noR.token, FN.products).post("/xiangyu/api/hotel/product/typedelete", { ids: `${made.id}` })).body).toEqual(refused);
    expect((await P().get("/xiangyu/api/hotel/product/typeview", { id: made.id })).body.data.typeName).toBe("体验");
    // R alone is not enough: the adapter still wants the action's own letter.
    const onlyR = await quickUser(t.clientId, { [FN.products]: "R" });
    expect((await as(onlyR.token, FN.products).post("/xiangyu/api/hotel/product/typesave", form)).body).toEqual({ code: "403", desc: DENIAL.A });
    expect((await as(withR.token, FN.products).post("/xiangyu/api/hotel/product/typedelete", { ids: `${made.id}` })).body.desc).toBe("删除成功");
    expect((await P().get("/xiangyu/api/hotel/product/typelist")).body.dataList.length).toBe(before);
  });
});

describe("products (R348–R358)", () => {
  let type: any;
  beforeAll(async () => {
    ({ type } = await newProduct(t, { productName: "基础" }));
  });
  const save = (f: Record<string, string | number>) =>
    P().post("/xiangyu/api/hotel/product/save", { productType: type.id, productName: "五年会籍", proCount: 5, amount: "50000", groupAmount: "10000", shop: "0", ...f });

  it("validates with the spec's messages and the split cap", async () => {
    expect((await save({ productName: "" })).body.desc).toBe("产品名称不能为空");
    expect((await save({ proCount: "" })).body.desc).toBe("数量不能为空");
    expect((await save({ proCount: "五" })).body.desc).toBe("数量必须是正整数");
    expect((await save({ amount: "" })).body.desc).toBe("金额不能为空");
    expect((await save({ amount: "12.345" })).body.desc).toBe("金额不能为空");
    expect((await save({ shop: "" })).body.desc).toBe("必须指定门店");
    expect((await save({ productType: "" })).body.desc).toBe("产品类型不能为空");
    expect((await save({ productType: 777777 })).body.desc).toBe("产品类型不能为空");
    expect((await save({ groupAmount: "50000" })).body.desc).toBe("集团独立收款金额不能大于等于产品金额");
    expect((await save({ amount: "0" })).body.desc).toBe("所有金额和比例都需为正数");
    expect((await save({ agentAmount: -1 })).body.desc).toBe("所有金额和比例都需为正数");
    // floor(30 × (50000 − 10000) / 50000) = 24
    expect((await save({ profitsharingAmount: 10, agentAmount: 10, channelAmount: 5 })).body.desc).toBe("分账合计比例不能大于24");
    expect((await save({ picJson: JSON.stringify(Array.from({ length: 21 }, (_, i) => `p${i}.jpg`)) })).body.desc).toBe("最多只能上传20张图片");
    const ok = await save({ profitsharingAmount: 10, agentAmount: 10, channelAmount: 4, picJson: '["a.jpg"]', onlineSales: 1, content: "<p>说明</p>" });
    expect(ok.body.data).toMatchObject({
      productName: "五年会籍",
      amount: 50000,
      groupAmount: 10000,
      productTypeName: "会员周次",
      productUnit: "周",
      contractType: "HY",
      idisplay: 1,
      onlineSales: 1,
    });
  });

  it("cleans the introduction (rich text) and refuses script picture links and markup in the name (issue 38)", async () => {
    expect((await save({ picJson: '["javascript:alert(1)"]' })).body.desc).toBe("图片地址格式不正确");
    expect((await save({ productName: "<img src=x onerror=alert(1)>" })).body.desc).toBe("产品名称不能包含HTML标签");
    const saved = await save({ productName: "价格<100", content: '<p onclick="x()">说明<script>alert(1)</script></p><img src="javascript:alert(1)">' });
    const view = await P().get("/xiangyu/api/hotel/product/view", { id: saved.body.data.id });
    expect(view.body.data).toMatchObject({ productName: "价格<100", content: "<p>说明</p><img>" });
  });

  it("lists by type and keyword with totals, and all enabled products for pickers", async () => {
    const other = (await P().post("/xiangyu/api/hotel/product/typesave", { typeName: "体验产品", contractType: "TY", productUnit: "次" })).body.data;
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) ids.push((await save({ productType: other.id, productName: `体验${i}`, proCount: 1, amount: "999", groupAmount: "0" })).body.data.id);
    const byType = await P().get("/xiangyu/api/hotel/product/list", { productType: other.id, pageSize: 2 });
    expect(byType.body.dataList.map((p: any) => p.productName)).toEqual(["体验2", "体验1"]);
    expect(byType.body.pageParams).toMatchObject({ maxCount: 3, maxPage: 2 });
    const page2 = await P().get("/xiangyu/api/hotel/product/list", { productType: other.id, pageSize: 2, currentPage: 2 });
    expect(page2.body.dataList.map((p: any) => p.productName)).toEqual(["体验0"]);
    const kw = await P().get("/xiangyu/api/hotel/product/list", { keyword: "体验1" });
    expect(kw.body.dataList.map((p: any) => p.productName)).toEqual(["体验1"]);
    expect(kw.body.pageParams.maxCount).toBe(1);
    const all = await P().get("/xiangyu/api/hotel/product/list", { productType: 999999999 });
    expect(all.body.pageParams.maxCount).toBeGreaterThanOrEqual(5);

    // Enable switch needs P; a disabled product leaves the pickers.
    const noP = await t.userWith({ [FN.products]: "ADE" });
    expect((await as(noP.token, FN.products).post("/xiangyu/api/hotel/product/passed", { id: ids[0]! })).body).toEqual({ code: "403", desc: "你没有启禁用权限" });
    expect((await P().post("/xiangyu/api/hotel/product/passed", { ids: "" })).body.desc).toBe("并没有选择审核项");
    expect((await P().post("/xiangyu/api/hotel/product/passed", { id: ids[0]! })).body.code).toBe("200");
    expect((await P().get("/xiangyu/api/hotel/product/view", { id: ids[0]! })).body.data.idisplay).toBe(0);
    const picker = await asAdmin(t, FN.priceModification).get("/xiangyu/api/hotel/product/alllist", { productType: other.id });
    expect(picker.body.dataList.map((p: any) => p.productName)).toEqual(["体验2", "体验1"]);
    const everything = await asAdmin(t, FN.priceModification).get("/xiangyu/api/hotel/product/alllist", { productType: 999999999 });
    expect(everything.body.dataList.length).toBeGreaterThanOrEqual(3);
    await P().post("/xiangyu/api/hotel/product/passed", { ids: `${ids[0]}`, idisplay: 1 });
    expect((await P().get("/xiangyu/api/hotel/product/view", { id: ids[0]! })).body.data.idisplay).toBe(1);

    // Deleting frees the type again.
    expect((await P().post("/xiangyu/api/hotel/product/delete", { ids: ids.join(",") })).body.desc).toBe("删除成功");
    expect((await P().get("/xiangyu/api/hotel/product/list", { productType: other.id })).body.pageParams.maxCount).toBe(0);
    expect((await P().post("/xiangyu/api/hotel/product/typedelete", { ids: `${other.id}` })).body.desc).toBe("删除成功");
  });

  it("switches a product deleted at the same instant without a server error (found by the tenant sweep)", async () => {
    for (let round = 0; round < 3; round++) {
      const { product } = await newProduct(t);
      const replies = await Promise.all(
        Array.from({ length: 24 }, (_, i) =>
          i === 12 ? P().post("/xiangyu/api/hotel/product/delete", { ids: `${product.id}` }) : P().post("/xiangyu/api/hotel/product/passed", { ids: `${product.id}` }),
        ),
      );
      expect(replies.map((r) => r.status)).not.toContain(500);
      // Each switch either found the product or answered that nothing was chosen; the delete went through.
      for (const r of replies) expect(["操作成功", "并没有选择审核项", "删除成功"]).toContain(r.body.desc);
      expect((await P().get("/xiangyu/api/hotel/product/view", { id: product.id })).body.code).not.toBe("200");
    }
  });

  it("keeps a store's staff to general products and their own shops", async () => {
    const gz = (await save({ productName: "天河专属", shop: code(t, "广州天河店") })).body.data;
    const store = await t.userWith({ [FN.products]: "ADEP" }, { deptCodes: [code(t, "上海浦东店")] });
    const u = as(store.token, FN.products);
    const names = (await u.get("/xiangyu/api/hotel/product/list", { pageSize: 100 })).body.dataList.map((p: any) => p.productName);
    expect(names).not.toContain("天河专属");
    expect(names).toContain("基础");
    expect((await u.get("/xiangyu/api/hotel/product/view", { id: gz.id })).body.code).toBe("404");
    expect((await u.post("/xiangyu/api/hotel/product/save", { productType: type.id, productName: "x", proCount: 1, amount: "1", shop: code(t, "广州天河店") })).body.desc).toBe(
      "你没有该部门的操作权限",
    );
  });
});

describe("product price modification and membership purchase orders (R365–R370)", () => {
  let client: any;
  let product: any;
  const F = () => asAdmin(t, FN.priceModification);
  beforeAll(async () => {
    client = await newClient(t, { clientName: "改价客户", status: 2 });
    // amount 100000, groupAmount 20000, splits 10 + 5 + 5 = 20 → minimum floor(30 × 20000 / 10) = 60000
    ({ product } = await newProduct(t, { productName: "改价套餐" }));
  });

  it("validates client, package and price with the minimum", async () => {
    expect((await F().post("/xiangyu/api/order/productprice/save", { productId: product.id, payAmount: "70000" })).body.desc).toBe("客户不能为空");
    expect((await F().post("/xiangyu/api/order/productprice/save", { clientId: client.id, payAmount: "70000" })).body.desc).toBe("会员套餐不能为空");
    expect((await F().post("/xiangyu/api/order/productprice/save", { clientId: client.id, productId: 98765, payAmount: "70000" })).body.desc).toBe("会员套餐不能为空");
    expect((await F().post("/xiangyu/api/order/productprice/save", { clientId: client.id, productId: product.id })).body.desc).toBe("支付金额不能为空");
    expect((await F().post("/xiangyu/api/order/productprice/save", { clientId: client.id, productId: product.id, payAmount: "19999.99" })).body.desc).toBe(
      "支付金额不能小于集团独立收款金额",
    );
    expect((await F().post("/xiangyu/api/order/productprice/save", { clientId: client.id, productId: product.id, payAmount: "59999.99" })).body.desc).toBe("支付金额不能小于60000");
    const ok = await F().post("/xiangyu/api/order/productprice/save", {
      clientId: client.id,
      productId: product.id,
      payAmount: "60000",
      remark: "老客户优惠",
      amount: "1",
      groupAmount: "0",
    });
    expect(ok.body.data).toMatchObject({
      clientId: client.id,
      clientName: "改价客户",
      productName: "改价套餐",
      amount: 100000,
      groupAmount: 20000,
      payAmount: 60000,
      duration: 10,
      proCount: 10,
      status: 0,
      contractType: "HY",
      shop: client.shop,
    });
    expect(ok.body.data.orderId).toMatch(/^CP\d{8}\d{6}$/);
  });

  it("lists for both screens, and a bought order cannot be deleted", async () => {
    const a = (await F().post("/xiangyu/api/order/productprice/save", { clientId: client.id, productId: product.id, payAmount: "88000" })).body.data;
    const b = (await F().post("/xiangyu/api/order/productprice/save", { clientId: client.id, productId: product.id, payAmount: "90000" })).body.data;
    const orders = asAdmin(t, FN.purchaseOrders);
    const list = await orders.get("/xiangyu/api/order/productprice/list", { keyword: "改价客户" });
    expect(list.body.dataList[0]).toMatchObject({ id: b.id, payAmount: 90000 });
    expect(list.body.pageParams.maxCount).toBe(3);
    expect((await F().get("/xiangyu/api/order/productprice/list", { keyword: b.orderId })).body.dataList.map((o: any) => o.id)).toEqual([b.id]);

    await transact(markBoughtItems(t.clientId, a.id));
    await expect(transact(markBoughtItems(t.clientId, a.id))).rejects.toThrow("该单已完成购买");
    expect((await orders.post("/xiangyu/api/order/productprice/delete", { id: a.id })).body).toEqual({ code: "409", desc: "该单已完成购买，不允许删除" });
    expect(
      (await orders.post("/xiangyu/api/order/productprice/save", editOf(PriceOrderInput, a, { clientId: client.id, productId: product.id, payAmount: "99000" }))).body.desc,
    ).toBe("该单已完成购买，不允许修改");
    expect((await orders.post("/xiangyu/api/order/productprice/delete", { id: b.id })).body.desc).toBe("删除成功");
    expect((await orders.get("/xiangyu/api/order/productprice/list", { status: 1 })).body.dataList.map((o: any) => o.id)).toEqual([a.id]);

    const noD = await t.userWith({ [FN.priceModification]: "AE" });
    expect((await as(noD.token, FN.priceModification).post("/xiangyu/api/order/productprice/delete", { id: a.id })).body.desc).toBe("你没有删除权限");
    // The client screen's function cannot open price modification.
    expect((await asAdmin(t, FN.clients).get("/xiangyu/api/order/productprice/list")).status).toBe(403);
  });
});
