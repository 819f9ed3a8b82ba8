import { beforeAll, describe, expect, it } from "vitest";
import { API, FN, goodsWorld, png, type GoodsWorld } from "./goodsHelpers.ts";
import { as } from "./clientsHelpers.ts";
import { get, memberToken, post } from "./harness.ts";
import { registerMobileUsers } from "@xiangyu/core/users/mobile";
import { noticeKey, signNotice, type NoticeFields } from "@xiangyu/core/orders/payNotice";
import { Goods, GoodsSpec } from "@xiangyu/core/goods/entities";
import { getGoodsOrder, memberAskRefund, memberCancel } from "@xiangyu/core/goods/orders";
import { runGoodsJobs } from "@xiangyu/core/goods/orderJobs";
import { payInSandbox } from "@xiangyu/core/goods/orderPayment";
import { storeOwnFile } from "@xiangyu/core/files/service";
import { filePath } from "@xiangyu/core/files/rules";
import { readMonth } from "@xiangyu/core/finance/tallies/tally";
import { formatDate, setClockOffset } from "@xiangyu/core/kernel/clock";
import { addDays } from "@xiangyu/core/goods/specs";
import { GoodsInput } from "@xiangyu/core/goods/schemas";
import { editOf } from "./editForm.ts";

/** The goods area through its routes: every message and right of R395–R429, specs, orders and their money. */
let w: GoodsWorld;
beforeAll(async () => {
  w = await goodsWorld();
});

const spec = async (goodsId: number, id: number) => (await GoodsSpec.get({ tenantId: w.t.clientId, goodsId, id }).go()).data!;

describe("the catalogue", () => {
  it("says each form message (R395–R402) and the picture checks on the server (R399, R400)", async () => {
    const base = { goodsType: "goods", goodsName: "礼品", goodsClass: w.cls, pictureTitle: w.pictures.square };
    const desc = async (more: Record<string, string | number>) => (await w.admin.post(`${API}/goods/save`, { ...base, ...more })).body.desc;
    expect(await desc({ goodsType: "" })).toBe("商品性质必选");
    expect(await desc({ goodsName: "" })).toBe("商品名称不能为空");
    expect(await desc({ goodsClass: "" })).toBe("商品子分类必选");
    // The root class is not a sub-class, nor is a code of another tree.
    expect(await desc({ goodsClass: w.classes.get("会员服务")!.code })).toBe("商品子分类必选");
    expect(await desc({ goodsClass: "999999" })).toBe("商品子分类必选");
    expect(await desc({ pictureTitle: "" })).toBe("图片标题不能为空");
    expect(await desc({ pictureTitle: w.pictures.notSquare })).toBe("图片比例必须是1:1");
    expect(await desc({ pictureTitle: w.pictures.tiny })).toBe("图片宽高必须在375到750像素之间");
    expect(await desc({ pictureTitle: "https://elsewhere.example/a.png" })).toBe("图片不存在，请重新上传");
    expect(await desc({ atlas: JSON.stringify([w.pictures.square]) })).toBe("图片比例必须是4:3");
    const big = filePath(await storeOwnFile(w.t.clientId, { bytes: png(600, 600, 1001 * 1024), name: "big.png", kind: "image" }));
    expect(await desc({ pictureTitle: big })).toBe("图片大小不能超过1000KB");
    expect(await desc({ serviceGuarantee: "1\n2\n3\n4\n5" })).toBe("服务保障最多4条，每行一条");
    expect(await desc({ province: 440000, city: 110100 })).toBe("服务区域必须在广东省（440000）以内");
  });

  it("saves, sanitises the content on the server, lists by sort order and edits", async () => {
    const r = await w.admin.post(`${API}/goods/save`, {
      goodsType: "virtual",
      goodsName: "排序测试乙",
      goodsClass: w.cls,
      pictureTitle: w.pictures.square,
      atlas: JSON.stringify([w.pictures.wide]),
      content: `<p>好<script>alert(1)</script></p><img src="x" onerror="alert(2)">`,
      serviceGuarantee: "正品保障\n\n七天退换",
      price: "-1",
      sortOrder: 5,
    });
    expect([r.body.code, r.body.desc]).toEqual(["200", "保存成功"]);
    const g = r.body.data;
    expect(g.content).not.toContain("script");
    expect(g.content).not.toContain("onerror");
    expect([g.serviceGuarantee, g.price, g.goodsClassName]).toEqual(["正品保障\n七天退换", -1, "理疗预约"]);
    await w.admin.post(`${API}/goods/save`, { goodsType: "virtual", goodsName: "排序测试甲", goodsClass: w.cls, pictureTitle: w.pictures.square, sortOrder: 1 });
    const list = await w.admin.get(`${API}/goods/list`, { goodsName: "排序测试" });
    expect(list.body.dataList.map((x: any) => x.goodsName)).toEqual(["排序测试甲", "排序测试乙"]);
    const byClass = await w.admin.get(`${API}/goods/list`, { goodsClass: w.classes.get("实物礼品")!.code });
    expect(byClass.body.dataList).toEqual([]);
    const edit = await w.admin.post(
      `${API}/goods/save`,
      editOf(GoodsInput, g, { id: g.id, goodsType: "virtual", goodsName: "排序测试乙改", goodsClass: w.cls, pictureTitle: w.pictures.square }),
    );
    expect(edit.body.data.goodsName).toBe("排序测试乙改");
    expect((await w.admin.get(`${API}/goods/view`, { id: g.id })).body.data.goodsName).toBe("排序测试乙改");
  });

  it("needs A to add, E to edit, D to delete, P for the shelf switch, and opens the list with the function alone", async () => {
    const g = await w.newGoods("goods");
    const none = as((await w.t.userWith({ [FN.goods]: "" })).token, FN.goods);
    const form = { goodsType: "goods", goodsName: "x", goodsClass: w.cls, pictureTitle: w.pictures.square };
    expect((await none.get(`${API}/goods/list`)).body.code).toBe("200");
    expect((await none.post(`${API}/goods/save`, form)).body.desc).toBe("你没有新增权限");
    expect((await none.post(`${API}/goods/save`, editOf(GoodsInput, g, { ...form, id: g.id }))).body.desc).toBe("你没有修改权限");
    expect((await none.post(`${API}/goods/specsave`, { id: g.id, specList: "[]" })).body.desc).toBe("你没有修改权限");
    expect((await none.post(`${API}/goods/delete`, { ids: g.id })).body.desc).toBe("你没有删除权限");
    expect((await none.post(`${API}/goods/passed`, { id: g.id })).body.desc).toBe("你没有启禁用权限");
    const other = as((await w.t.userWith({ 1101: "ADEPRS" })).token, FN.goods);
    expect((await other.get(`${API}/goods/list`)).status).toBe(403);
  });

  it("puts on shelf only goods with specs, switches back, and deletes goods without orders", async () => {
    const g = await w.newGoods("goods");
    expect((await w.admin.post(`${API}/goods/passed`, { id: g.id })).body.desc).toBe("请先设置规格再上架");
    await w.saveSpecs(g.id, [{ specName: "大", goodsCount: 1 }]);
    expect((await w.admin.post(`${API}/goods/passed`, { id: g.id })).body.data).toEqual({ id: g.id, status: 1 });
    expect((await w.admin.post(`${API}/goods/passed`, { id: g.id })).body.data).toEqual({ id: g.id, status: 0 });
    expect((await w.admin.post(`${API}/goods/delete`, { ids: g.id })).body.desc).toBe("删除成功");
    expect((await w.admin.get(`${API}/goods/view`, { id: g.id })).body.desc).toBe("商品不存在");
  });
});

describe("specifications", () => {
  it("reads a goods' type and specs; no id says 商品不存在 (R406), an unknown type 商品性质设置有误 (R407)", async () => {
    expect((await w.admin.get(`${API}/goods/speclist`, {})).body.desc).toBe("商品不存在");
    expect((await w.admin.get(`${API}/goods/speclist`, { id: 999999 })).body.desc).toBe("商品不存在");
    const g = await w.newGoods("appointment");
    await Goods.patch({ tenantId: w.t.clientId, id: g.id }).set({ goodsType: "lottery" }).go();
    expect((await w.admin.get(`${API}/goods/speclist`, { id: g.id })).body.desc).toBe("商品性质设置有误");
    expect((await w.saveSpecs(g.id, [{ specName: "a" }])).body.desc).toBe("商品性质设置有误");
    const ok = await w.newGoods("virtual");
    expect((await w.admin.get(`${API}/goods/speclist`, { id: ok.id })).body.data).toEqual({
      goodsInfo: { id: ok.id, goodsType: "virtual", goodsName: "测试virtual" },
      specList: [],
    });
  });

  it("needs at least one spec (R414), a name in the general editor (R415), valid slots in the appointment editor", async () => {
    const g = await w.newGoods("goods");
    expect((await w.saveSpecs(g.id, [])).body.desc).toBe("必须设置一个或以上的规格。");
    expect((await w.admin.post(`${API}/goods/specsave`, { id: g.id, specList: "not json" })).body.desc).toBe("规格数据格式不正确");
    expect((await w.saveSpecs(g.id, [{ specName: "  ", goodsCount: 1 }])).body.desc).toBe("规格名称不能为空。");
    expect((await w.saveSpecs(g.id, [{ specName: "一二三四五六七八九十一二三四五六" }])).body.desc).toBe("规格名称不能超过15个字");
    expect((await w.saveSpecs(g.id, [{ specName: "a", goodsCount: -1 }])).body.desc).toBe("库存必须是0到999999之间的整数");
    const a = await w.newGoods("appointment");
    expect((await w.saveSpecs(a.id, [{ startTime: "2099-01-01 10:00:00", endTime: "2099-01-01 09:00:00" }])).body.desc).toBe("规格时段不正确");
    const longAgo = addDays(formatDate(), -2);
    expect((await w.saveSpecs(a.id, [{ startTime: `${longAgo} 09:00:00`, endTime: `${longAgo} 10:00:00` }])).body.desc).toBe("日期不能早于昨天");
    const twice = { startTime: "2099-01-01 09:00:00", endTime: "2099-01-01 10:00:00" };
    expect((await w.saveSpecs(a.id, [twice, twice])).body.desc).toBe("规格时段重复");
  });

  it("saves the whole list: new rows added, left-out rows deleted, totals on the goods; stock never below sold, a spec with orders never deleted", async () => {
    const g = await w.onShelf("goods", 5);
    const o = await w.order(w.member(), g, 3);
    expect(o.status).toBe(1);
    const cut = await w.saveSpecs(g.goodsId, [{ id: g.specId, specName: "标准", goodsCount: 2 }]);
    expect(cut.body.desc).toBe("规格「标准」的库存不能少于已售数量3");
    const gone = await w.saveSpecs(g.goodsId, [{ id: 0, specName: "新", goodsCount: 1 }]);
    expect(gone.body.desc).toBe("规格「标准」已有订单，不能删除");
    const r = await w.saveSpecs(g.goodsId, [
      { id: g.specId, specName: "标准", goodsCount: 3, price: 10 },
      { id: 0, specName: "新", goodsCount: 4, price: 20 },
    ]);
    expect(r.body.code).toBe("200");
    expect(r.body.data.specList.map((s: any) => [s.specName, s.goodsCount, s.sold, s.left, s.price])).toEqual([
      ["标准", 3, 3, 0, 10],
      ["新", 4, 0, 4, 20],
    ]);
    const goods = (await w.admin.get(`${API}/goods/view`, { id: g.goodsId })).body.data;
    expect([goods.goodsCount, goods.specCount]).toEqual([7, 2]);
    expect((await w.admin.post(`${API}/goods/delete`, { ids: g.goodsId })).body.desc).toBe("商品「测试goods」已有订单，不能删除");
    // Dropping the new one deletes it.
    const again = await w.saveSpecs(g.goodsId, [{ id: g.specId, specName: "标准", goodsCount: 3 }]);
    expect(again.body.data.specList).toHaveLength(1);
  });
});

describe("goods orders", () => {
  const staff = () => as(w.t.adminToken, FN.goodsOrders);
  const handle = (orderId: number, currentCtrl: number, more: Record<string, string | number> = {}, who = staff()) =>
    who.post(`${API}/order/manage/handelorder`, { orderId, currentCtrl, ...more });

  it("an order reserves stock; paying moves it to 待审核 once, adds to the month's online takings, and is listed by status with exact totals", async () => {
    const g = await w.onShelf("goods", 10, 12.5);
    const before = (await readMonth(w.t.clientId, formatDate().slice(0, 7))).store.get("")?.onlineFen ?? 0;
    const o = await w.order(w.member(), g, 2);
    expect([o.price, (await spec(g.goodsId, g.specId)).left]).toEqual([2500, 8]);
    expect(await w.pay(o)).toBe(true);
    expect(await w.pay(o)).toBe(false);
    const paid = (await getGoodsOrder(w.t.clientId, o.id))!;
    expect([paid.status, paid.outTradeNo, !!paid.payTime]).toEqual([2, o.orderNo, true]);
    expect((await readMonth(w.t.clientId, formatDate().slice(0, 7))).store.get("")?.onlineFen).toBe(before + 2500);
    const list = await staff().get(`${API}/order/manage/list`, { goodsType: "goods", orderStatus: 2 });
    expect(list.body.dataList.map((x: any) => x.id)).toContain(o.id);
    expect(list.body.pageParams.maxCount).toBe(list.body.dataList.length);
    const byNo = await staff().get(`${API}/order/manage/list`, { goodsType: "goods", orderNo: o.orderNo });
    expect(byNo.body.dataList.map((x: any) => [x.id, x.price, x.status])).toEqual([[o.id, 25, 2]]);
    expect((await staff().get(`${API}/order/manage/list`, { goodsType: "virtual", orderNo: o.orderNo })).body.dataList).toEqual([]);
    expect((await staff().get(`${API}/order/manage/list`, { goodsType: "nothing" })).body.desc).toBe("商品性质设置有误");
    const detail = (await staff().get(`${API}/order/manage/orderdetail`, { orderId: o.id })).body.data;
    expect([detail.globalId, detail.outTradeNo, detail.buyCount, detail.unitPrice]).toEqual([o.orderNo, o.orderNo, 2, 12.5]);
  });

  it("refuses orders beyond stock, for goods off shelf, and of a closed spec", async () => {
    const g = await w.onShelf("virtual", 1);
    await expect(w.order(w.member(), g, 2)).rejects.toThrow("库存不足");
    await w.admin.post(`${API}/goods/passed`, { id: g.goodsId, status: 0 });
    await expect(w.order(w.member(), g, 1)).rejects.toThrow("商品已下架");
  });

  it("review: pass 2→3, fail 2→5 with a result (money and stock back); complete 3→4; every other status refused", async () => {
    const g = await w.onShelf("goods", 10, 5);
    const [a, b] = [await w.order(w.member(), g), await w.order(w.member(), g)];
    await w.pay(a);
    await w.pay(b);
    expect((await handle(a.id, 3)).body.desc).toBe("订单当前状态不能进行此操作");
    expect((await handle(a.id, 1, { status: 1 })).body.data.status).toBe(3);
    expect((await handle(a.id, 1, { status: 1 })).body.desc).toBe("订单当前状态不能进行此操作");
    expect((await handle(a.id, 1, { status: 0 })).body.desc).toBe("审核状态必须是数字");
    expect((await handle(a.id, 3)).body.data.status).toBe(4);
    expect((await handle(b.id, 1, { status: 2 })).body.desc).toBe("请填写处理结果");
    const failed = (await handle(b.id, 1, { status: 2, handleResult: "资料不全" })).body.data;
    expect([failed.status, failed.handleResult, failed.refundDetail[0].refundPrice, failed.refundDetail[0].status]).toEqual([5, "资料不全", 500, 0]);
    expect((await spec(g.goodsId, g.specId)).left).toBe(9);
  });

  it("refund: the member asks (2/3 → 6), E approves (→ 7, stock and money back, settled by the job) or rejects (→ 3)", async () => {
    const g = await w.onShelf("appointment", 4, 30);
    const m1 = w.member();
    const m2 = w.member();
    const a = await w.order(m1, g, 2);
    const b = await w.order(m2, g, 1);
    await w.pay(a);
    await w.pay(b);
    await expect(memberAskRefund(m2, a.id, "x")).rejects.toThrow("订单不存在");
    await memberAskRefund(m1, a.id, "行程有变");
    await memberAskRefund(m2, b.id, "");
    expect((await spec(g.goodsId, g.specId)).left).toBe(1);
    const month = formatDate().slice(0, 7);
    const before = (await readMonth(w.t.clientId, month)).store.get("")?.onlineFen ?? 0;
    const ap = (await handle(a.id, 2, { status: 1 }, as(w.t.adminToken, FN.appointmentOrders))).body.data;
    expect([ap.status, ap.refundDetail[0].refundPrice, ap.refundDetail[0].reason]).toEqual([7, 6000, "行程有变"]);
    expect((await spec(g.goodsId, g.specId)).left).toBe(3);
    expect((await readMonth(w.t.clientId, month)).store.get("")?.onlineFen).toBe(before - 6000);
    expect((await handle(b.id, 2, { status: 2 }, as(w.t.adminToken, FN.appointmentOrders))).body.data.status).toBe(3);
    setClockOffset(10_000);
    try {
      expect((await runGoodsJobs()).refunded).toBeGreaterThanOrEqual(1);
    } finally {
      setClockOffset(0);
    }
    const settled = (await as(w.t.adminToken, FN.appointmentOrders).get(`${API}/order/manage/orderdetail`, { orderId: a.id })).body.data;
    expect(settled.refundDetail[0].status).toBe(1);
  });

  it("proxy cancel needs P and gives the stock back; the member cancels an unpaid order; the job closes an unpaid order past its deadline", async () => {
    const g = await w.onShelf("goods", 5, 1);
    const [a, b, c] = [await w.order(w.member(), g), await w.order(w.member(), g), await w.order(w.member(), g)];
    expect((await spec(g.goodsId, g.specId)).left).toBe(2);
    const noP = as((await w.t.userWith({ [FN.goodsOrders]: "ADE" })).token, FN.goodsOrders);
    expect((await handle(a.id, 4, {}, noP)).body.desc).toBe("你没有启禁用权限");
    expect((await handle(a.id, 4)).body.data.status).toBe(8);
    await memberCancel({ tenantId: w.t.clientId, mobileUserId: b.mobileUserId, clientId: 0 }, b.id);
    expect((await getGoodsOrder(w.t.clientId, b.id))!.status).toBe(8);
    setClockOffset(16 * 60_000);
    try {
      await runGoodsJobs(1000);
    } finally {
      setClockOffset(0);
    }
    const closed = (await getGoodsOrder(w.t.clientId, c.id))!;
    expect(closed.status).toBe(9);
    expect((await spec(g.goodsId, g.specId)).left).toBe(5);
    // The member cannot pay a closed order; a payment the provider still reports after the close is taken and refunded, once.
    await expect(payInSandbox({ tenantId: w.t.clientId, mobileUserId: c.mobileUserId, clientId: 0 }, c.id)).rejects.toThrow("订单已关闭，不能支付");
    const onlineTakings = async () => (await readMonth(w.t.clientId, formatDate().slice(0, 7))).store.get("")?.onlineFen ?? 0;
    const online = await onlineTakings();
    const late = await Promise.all(Array.from({ length: 20 }, () => w.pay(c).catch((e) => e)));
    expect(late.filter((r) => r === true)).toHaveLength(1);
    for (const r of late.filter((x) => x !== true)) if (r !== false) expect(r).toMatchObject({ desc: "订单状态已变化，请刷新后重试" });
    const refunded = (await getGoodsOrder(w.t.clientId, c.id))!;
    expect([refunded.status, refunded.payTime !== undefined]).toEqual([9, true]);
    expect(JSON.parse(refunded.refundJson!)).toMatchObject({ status: 0, refundPrice: c.price, reason: "订单已关闭，支付款原路退回" });
    setClockOffset(16 * 60_000 + 10_000);
    try {
      expect((await runGoodsJobs(1000)).refunded).toBeGreaterThanOrEqual(1);
    } finally {
      setClockOffset(0);
    }
    expect(JSON.parse((await getGoodsOrder(w.t.clientId, c.id))!.refundJson!)).toMatchObject({ status: 1 });
    expect(await onlineTakings()).toBe(online);
  });

  it("rights: review and complete need A, refund E (R428); delete needs D and a final status (R425)", async () => {
    const g = await w.onShelf("goods", 5, 1);
    const o = await w.order(w.member(), g);
    await w.pay(o);
    const onlyE = as((await w.t.userWith({ [FN.goodsOrders]: "E" })).token, FN.goodsOrders);
    expect((await handle(o.id, 1, { status: 1 }, onlyE)).body.desc).toBe("你没有审核权限");
    const onlyA = as((await w.t.userWith({ [FN.goodsOrders]: "A" })).token, FN.goodsOrders);
    expect((await handle(o.id, 2, { status: 1 }, onlyA)).body.desc).toBe("你没有修改权限");
    expect((await staff().post(`${API}/order/manage/delete`, { orderId: o.id })).body.desc).toBe("只有已完成、审核不通过、已退款、已取消、已关闭的订单才能删除");
    await handle(o.id, 1, { status: 1 }, onlyA);
    expect((await handle(o.id, 3, {}, onlyA)).body.data.status).toBe(4);
    expect((await onlyA.post(`${API}/order/manage/delete`, { orderId: o.id })).body.desc).toBe("你没有删除权限");
    const total = async () => (await staff().get(`${API}/order/manage/list`, { goodsType: "goods", orderStatus: 4 })).body.pageParams.maxCount;
    const n = await total();
    expect((await staff().post(`${API}/order/manage/delete`, { orderId: o.id })).body.desc).toBe("删除成功");
    expect(await total()).toBe(n - 1);
    expect((await staff().get(`${API}/order/manage/orderdetail`, { orderId: o.id })).body.desc).toBe("订单不存在");
  });
});

describe("the member's routes (mini-program)", () => {
  it("orders, pays through the sandbox, asks a refund; cancels another; never reaches another member's order; staff tokens refused", async () => {
    const g = await w.onShelf("appointment", 3, 20);
    const [a, b] = await registerMobileUsers(w.t.clientId, [
      { userId: `ua${Date.now()}`, realname: "甲", mobile: "13911110001" },
      { userId: `ub${Date.now()}`, realname: "乙", mobile: "13911110002" },
    ]);
    const ta = await memberToken(w.t.clientId, a!);
    const tb = await memberToken(w.t.clientId, b!);
    const mp = (path: string, token: string, form: Record<string, string | number>) => post(`${API}/mp/order/${path}`, { token, form });
    expect((await mp("create", ta, { goodsId: g.goodsId, specId: g.specId, buyCount: 0 })).body.desc).toBe("购买数量必须是正整数");
    expect((await mp("create", ta, { goodsId: g.goodsId, specId: g.specId, buyCount: 4 })).body.desc).toBe("库存不足");
    const created = await mp("create", ta, { goodsId: g.goodsId, specId: g.specId, buyCount: 2, remark: "靠窗" });
    expect([created.body.desc, created.body.data.status, created.body.data.price, created.body.data.realname]).toEqual(["下单成功", 1, 40, "甲"]);
    const id = created.body.data.id;
    expect((await mp("pay", tb, { orderId: id })).body.desc).toBe("订单不存在");
    expect((await get(`${API}/mp/order/view`, { token: tb, query: { orderId: id } })).body.desc).toBe("订单不存在");
    expect((await mp("pay", ta, { orderId: id })).body.data).toEqual({ completed: true });
    expect((await mp("pay", ta, { orderId: id })).body.data).toEqual({ completed: false });
    expect((await mp("cancel", ta, { orderId: id })).body.desc).toBe("订单当前状态不能进行此操作");
    const asked = await mp("refund", ta, { orderId: id, reason: "改期" });
    expect([asked.body.data.status, asked.body.data.refundReason]).toEqual([6, "改期"]);
    const other = await mp("create", tb, { goodsId: g.goodsId, specId: g.specId, buyCount: 1 });
    expect((await mp("create", ta, { goodsId: g.goodsId, specId: g.specId, buyCount: 1 })).body.desc).toBe("库存不足");
    expect((await mp("cancel", tb, { orderId: other.body.data.id })).body.data.status).toBe(8);
    expect((await mp("create", ta, { goodsId: g.goodsId, specId: g.specId, buyCount: 1 })).body.desc).toBe("下单成功");
    // A staff token on a member route, a member token on a staff route: 401.
    expect((await mp("create", w.t.adminToken, { goodsId: g.goodsId, specId: g.specId, buyCount: 1 })).status).toBe(401);
    expect((await get(`${API}/goods/list`, { token: ta, functionId: FN.goods })).status).toBe(401);
  });

  it("the provider's signed notice at the goods notify address pays once; a bad signature or amount is refused", async () => {
    const g = await w.onShelf("virtual", 5, 9.9);
    const o = await w.order(w.member(), g);
    const key = (await noticeKey(w.t.clientId))!;
    const n: NoticeFields = {
      outTradeNo: o.orderNo,
      amount: "990",
      tradeNo: "WX123",
      tradeState: "SUCCESS",
      timestamp: String(Math.floor(Date.now() / 1000)),
      nonce: "abcdefgh1234",
    };
    const send = (f: NoticeFields, sign = signNotice(key, w.t.clientId, f)) => post(`${API}/pay/notify/${w.t.clientId}`, { form: { ...f, sign } });
    expect((await send(n, "0".repeat(64))).status).toBe(401);
    expect((await send({ ...n, amount: "991" })).status).toBe(400);
    expect((await getGoodsOrder(w.t.clientId, o.id))!.status).toBe(1);
    const ok = await send(n);
    expect([ok.status, ok.body]).toEqual([200, { code: "SUCCESS", message: "成功" }]);
    expect((await send(n)).body).toEqual({ code: "SUCCESS", message: "已处理" });
    expect((await getGoodsOrder(w.t.clientId, o.id))!.status).toBe(2);
  });
});
