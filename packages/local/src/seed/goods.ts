import { createDepartments } from "@xiangyu/core/org/provision";
import { Goods } from "@xiangyu/core/goods/entities";
import { saveSpecs } from "@xiangyu/core/goods/specStore";
import { handleOrder, memberAskRefund, memberCancel, placeOrder, type GoodsMember } from "@xiangyu/core/goods/orders";
import { completeGoodsPayment } from "@xiangyu/core/goods/orderPayment";
import { addDays } from "@xiangyu/core/goods/specs";
import type { GoodsType, SpecRow } from "@xiangyu/core/goods/schemas";
import { MobileUser } from "@xiangyu/core/users/entities";
import { nextId, readTotal, totalDelta } from "@xiangyu/core/kernel/counters";
import { headOffice } from "@xiangyu/core/kernel/context";
import { formatDateTime, today } from "@xiangyu/core/kernel/clock";
import { transact, txPut } from "@xiangyu/core/kernel/tx";
import { since, type Log } from "./progress.ts";

/**
 * The demo tenant's goods (issue 18): a goods-class tree, a few items of each type on shelf with
 * specs (a week of slots for appointments), and orders in several statuses placed by the seeded
 * mobile users through the same services the routes use (stock reserved, payments through the
 * sandbox's completion, moves through the state machine). Pictures are the website's demo files.
 * Runs once per database (the goods total says it ran).
 */
const pic = (name: string) => `/site/demo/${name}.svg`;
const fen = (yuan: number) => Math.round(yuan * 100);

type Item = { goodsType: GoodsType; goodsName: string; cls: string; picture: string; price: number; guarantee: string; specs: Array<Partial<SpecRow>> };
/** One catalogue item: its type, name, class, the website's demo picture, price in yuan (−1 unquoted), guarantees and specs. */
const item = (goodsType: GoodsType, goodsName: string, cls: string, picture: string, price: number, guarantee: string, specs: Array<Partial<SpecRow>>): Item => ({
  goodsType,
  goodsName,
  cls,
  picture: pic(picture),
  price,
  guarantee,
  specs,
});
/** A general spec (goods and virtual goods): name, stock and the sale and market prices in yuan. */
const variant = (specName: string, goodsCount: number, price: number, marketPrice: number): Partial<SpecRow> => ({
  specName,
  goodsCount,
  price: fen(price),
  marketPrice: fen(marketPrice),
});

export async function seedGoods(tenantId: string, log: Log): Promise<void> {
  if ((await readTotal(tenantId, "goods")) > 0) return;
  const t0 = Date.now();
  const classes = await createDepartments(
    tenantId,
    [
      { orgName: "会员服务", children: [{ orgName: "康体理疗" }, { orgName: "亲子活动" }] },
      { orgName: "会员商城", children: [{ orgName: "特产礼品" }, { orgName: "电子卡券" }] },
    ],
    "goodsclass",
  );
  const code = (name: string) => classes.get(name)!.code;
  const day = today();
  const week = Array.from({ length: 7 }, (_, i) => addDays(day, i + 1));
  const slots = (price: number, stock: number) =>
    week.flatMap((d) =>
      [
        ["09:00", "10:30"],
        ["14:00", "15:30"],
      ].map(([a, b]) => ({ startTime: `${d} ${a}:00`, endTime: `${d} ${b}:00`, goodsCount: stock, price: fen(price), marketPrice: fen(price * 1.5) })),
    );
  const items: Item[] = [
    item("appointment", "温泉理疗体验", "康体理疗", "spring", 199, "专业理疗师\n随时取消", slots(199, 5)),
    item("appointment", "亲子自然课堂", "亲子活动", "garden", 99, "小班教学", slots(99, 8)),
    item("goods", "西湖龙井礼盒", "特产礼品", "lake", 268, "正品保障\n七天无理由退换", [variant("250克装", 50, 268, 328), variant("500克装", 20, 498, 598)]),
    item("goods", "海滨度假纪念册", "特产礼品", "resort", -1, "", [variant("精装", 100, 58, 88)]),
    item("virtual", "酒店餐饮代金券", "电子卡券", "city", 100, "全国会员酒店通用", [variant("100元券", 200, 90, 100), variant("300元券", 100, 260, 300)]),
    item("virtual", "景区门票兑换码", "电子卡券", "mountain", 120, "", [variant("成人票", 300, 120, 150)]),
  ];
  const made: Array<{ id: number; goodsType: GoodsType; specIds: number[] }> = [];
  for (const [i, it] of items.entries()) {
    const id = await nextId(tenantId, "goods");
    // Written directly: the demo pictures are the website's files, not uploads the picture check reads.
    await transact([
      txPut(
        Goods.create({
          tenantId,
          id,
          goodsType: it.goodsType,
          goodsClass: code(it.cls),
          goodsClassName: it.cls,
          goodsName: it.goodsName,
          pictureTitle: it.picture,
          atlas: JSON.stringify([it.picture]),
          province: 440000,
          city: 440100,
          area: 440106,
          address: "天河路385号",
          lat: "23.112223",
          lng: "113.331084",
          serviceGuarantee: it.guarantee,
          content: `<p>${it.goodsName}，会员专享。</p>`,
          price: fen(it.price),
          status: 0,
          sortOrder: (i + 1) * 10,
          createTime: formatDateTime(),
        }),
      ),
      totalDelta(tenantId, "goods", 1),
    ]);
    const rows = it.specs.map(
      (s) => ({ id: 0, specName: "", startTime: "", endTime: "", imageUrl: "", specUnit: "", marketPrice: 0, price: 0, goodsCount: 0, idisplay: 1, ...s }) as SpecRow,
    );
    const page = await saveSpecs(tenantId, id, rows);
    await Goods.patch({ tenantId, id }).set({ status: 1 }).go();
    made.push({ id, goodsType: it.goodsType, specIds: page.specList.map((s) => s.id) });
  }

  // Orders by the seeded mobile users, moved into each status of the machine.
  const { data: users } = await MobileUser.query.byId({ tenantId }).go({ limit: 30 });
  const staff = (fn: number) => headOffice(tenantId, { realname: "系统管理员", rights: { [fn]: "ADEPRS" }, functionId: fn });
  const FN: Record<GoodsType, number> = { appointment: 2402, goods: 2403, virtual: 2404 };
  let n = 0;
  for (const [gi, g] of made.entries()) {
    const plan = ["unpaid", "paid", "passed", "done", "failed", "asked", "refunded", "cancelled"] as const;
    for (const [k, step] of plan.entries()) {
      const u = users[(gi * plan.length + k) % Math.max(1, users.length)];
      if (!u) break;
      const m: GoodsMember = { tenantId, mobileUserId: u.id, clientId: u.clientId ?? 0, userId: u.userId, realname: u.realname ?? "", mobile: u.mobile ?? "" };
      const o = await placeOrder(m, { goodsId: g.id, specId: g.specIds[k % g.specIds.length]!, buyCount: 1 + (k % 2), remark: k === 1 ? "请尽快安排" : "" });
      n++;
      if (step === "unpaid") continue;
      if (step === "cancelled") {
        await memberCancel(m, o.id);
        continue;
      }
      await completeGoodsPayment(tenantId, o.orderNo, o.price ?? 0, `SB${o.orderNo}`);
      const who = staff(FN[g.goodsType]);
      const act = (currentCtrl: 1 | 2 | 3 | 4, status = 0, handleResult = "") => handleOrder(who, { orderId: o.id, currentCtrl, status, handleResult });
      if (step === "passed" || step === "done") await act(1, 1);
      if (step === "done") await act(3);
      if (step === "failed") await act(1, 2, "预约信息不完整");
      if (step === "asked" || step === "refunded") await memberAskRefund(m, o.id, "行程有变");
      if (step === "refunded") await act(2, 1, "同意退款");
    }
  }
  log(`goods: ${made.length} items with specs, ${n} orders (${since(t0)})`);
}
