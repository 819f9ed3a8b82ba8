import { randomBytes } from "node:crypto";
import { testTenant } from "./harness.ts";
import { as } from "./clientsHelpers.ts";
import { createDepartments } from "@xiangyu/core/org/provision";
import { storeOwnFile } from "@xiangyu/core/files/service";
import { filePath } from "@xiangyu/core/files/rules";
import { placeOrder, type GoodsMember } from "@xiangyu/core/goods/orders";
import { receiveGoodsNotice } from "@xiangyu/core/goods/orderPayment";
import { sandboxNotice } from "@xiangyu/core/orders/payNotice";

/** A tenant with a goods-class tree, uploaded pictures of each shape, and helpers to make goods with specs and orders. */
export const FN = { goods: 2401, appointmentOrders: 2402, goodsOrders: 2403, virtualOrders: 2404 } as const;
export const API = "/goods/api";

/** The first bytes of a PNG of w × h (what the size reader and the upload check read), padded to `bytes`. */
export function png(w: number, h: number, bytes = 64): Uint8Array {
  const b = new Uint8Array(bytes);
  b.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
  new DataView(b.buffer).setUint32(16, w);
  new DataView(b.buffer).setUint32(20, h);
  // A random tail, so each picture is a file of its own.
  b.set(randomBytes(8), bytes - 8);
  return b;
}

export async function goodsWorld() {
  const t = await testTenant();
  const classes = await createDepartments(t.clientId, [{ orgName: "会员服务", children: [{ orgName: "理疗预约" }, { orgName: "实物礼品" }] }], "goodsclass");
  const store = async (b: Uint8Array) => filePath(await storeOwnFile(t.clientId, { bytes: b, name: "p.png", kind: "image" }));
  const pictures = {
    square: await store(png(500, 500)),
    wide: await store(png(800, 600)),
    notSquare: await store(png(500, 400)),
    tiny: await store(png(300, 300)),
  };
  const admin = as(t.adminToken, FN.goods);
  const cls = classes.get("理疗预约")!.code;
  let memberSeq = 1;
  async function newGoods(goodsType: "appointment" | "goods" | "virtual", more: Record<string, string | number> = {}) {
    const r = await admin.post(`${API}/goods/save`, { goodsType, goodsName: `测试${goodsType}`, goodsClass: cls, pictureTitle: pictures.square, price: "99", status: 0, ...more });
    if (r.body.code !== "200") throw new Error(JSON.stringify(r.body));
    return r.body.data as { id: number };
  }
  async function saveSpecs(id: number, specList: unknown[]) {
    return admin.post(`${API}/goods/specsave`, { id, specList: JSON.stringify(specList) });
  }
  /** Goods of a type on shelf with one spec of `stock` at `price` yuan; answers the goods and spec ids. */
  async function onShelf(goodsType: "appointment" | "goods" | "virtual", stock: number, price = 10) {
    const g = await newGoods(goodsType);
    const row =
      goodsType === "appointment"
        ? { id: 0, startTime: "2099-01-01 09:00:00", endTime: "2099-01-01 10:00:00", goodsCount: stock, price, marketPrice: price, idisplay: 1 }
        : { id: 0, specName: "标准", goodsCount: stock, price, marketPrice: price, idisplay: 1 };
    const s = await saveSpecs(g.id, [row]);
    if (s.body.code !== "200") throw new Error(JSON.stringify(s.body));
    const p = await admin.post(`${API}/goods/passed`, { id: g.id, status: 1 });
    if (p.body.code !== "200") throw new Error(JSON.stringify(p.body));
    return { goodsId: g.id, specId: s.body.data.specList[0].id as number };
  }
  const member = (): GoodsMember => ({ tenantId: t.clientId, mobileUserId: memberSeq++, clientId: 0, realname: "会员", mobile: "13900000000" });
  const order = (m: GoodsMember, g: { goodsId: number; specId: number }, buyCount = 1) => placeOrder(m, { goodsId: g.goodsId, specId: g.specId, buyCount, remark: "" });
  /** Pays an order through the sandbox provider's signed notice. */
  async function pay(o: { orderNo: string; price?: number }) {
    const n = await sandboxNotice(t.clientId, { outTradeNo: o.orderNo, amountFen: o.price ?? 0, tradeNo: `SB${o.orderNo}` });
    return receiveGoodsNotice(t.clientId, n);
  }
  return { t, classes, pictures, admin, cls, newGoods, saveSpecs, onShelf, member, order, pay };
}
export type GoodsWorld = Awaited<ReturnType<typeof goodsWorld>>;
