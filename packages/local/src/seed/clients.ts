import { saveProductType } from "@xiangyu/core/products/types";
import { headOffice, type Caller } from "@xiangyu/core/kernel/context";
import { saveProduct } from "@xiangyu/core/products/service";
import { listProductTypes } from "@xiangyu/core/products/types";
import { savePriceOrder } from "@xiangyu/core/products/priceOrders";
import { saveChannel } from "@xiangyu/core/channels/service";
import { createItems } from "@xiangyu/core/clients/service";
import { addToTally } from "@xiangyu/core/clients/tally";
import { bucketOf } from "@xiangyu/core/clients/rules";
import { seal } from "@xiangyu/core/clients/secretBox";
import type { ClientItem } from "@xiangyu/core/clients/entities";
import { OrgNode } from "@xiangyu/core/org/entities";
import { findUserByLogin } from "@xiangyu/core/users/service";
import { nextIds } from "@xiangyu/core/kernel/counters";
import { formatDateTime, shanghai } from "@xiangyu/core/kernel/clock";
import { since } from "./progress.ts";
import { putItems, putsOf } from "./batchPut.ts";
import { memberItems, type MemberPlan } from "./members.ts";

/**
 * Demo clients, products and channels: two product types (会员周次, 体验产品), a few products,
 * the channel list, 360 clients over the stores (about a third members with stored weeks, some
 * bound to mini-program users, some with account passwords) and a few price modifications.
 * Deterministic, so screenshots and walkthroughs look the same on every machine.
 */
const SURNAMES = Array.from("王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗");
const GIVEN = ["伟", "芳", "娜", "敏", "静", "丽", "强", "磊", "军", "洋", "勇", "艳", "杰", "娟", "涛", "明", "超", "秀英", "霞", "平", "刚", "桂英", "建华", "小红", "志强"];
const CLIENTS_PER_STORE = 60;

/** A small deterministic random sequence (same demo everywhere). */
function sequence(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s / 2147483648;
  };
}

export async function seedClients(tenantId: string, log: (s: string) => void = () => undefined): Promise<void> {
  if ((await listProductTypes(tenantId)).length > 0) return;
  const t0 = Date.now();
  const admin = await findUserByLogin(tenantId, "admin");
  const caller: Caller = headOffice(tenantId, { userId: admin?.id ?? 0, username: "admin", realname: admin?.realname ?? "系统管理员", sessionId: "seed" });

  const weeksType = await saveProductType(tenantId, { id: 0, typeName: "会员周次", contractType: "HY", productUnit: "周", hasAccount: 1, hasRci: 1, hasMemberLevel: 1 });
  const trialType = await saveProductType(tenantId, { id: 0, typeName: "体验产品", contractType: "TY", productUnit: "次", hasAccount: 0, hasRci: 0, hasMemberLevel: 0 });
  const { data: depts } = await OrgNode.query.byCode({ tenantId, orgType: "dept" }).go({ pages: "all" });
  const stores = depts.filter((d) => d.orgCode.length === 6).sort((a, b) => a.orgCode.localeCompare(b.orgCode));
  const product = (f: Partial<Parameters<typeof saveProduct>[1]>) =>
    saveProduct(caller, {
      id: 0,
      productType: weeksType.id,
      productName: "",
      duration: 10,
      proCount: 10,
      amount: 0,
      groupAmount: 0,
      profitsharingAmount: 0,
      agentAmount: 0,
      channelAmount: 0,
      content: "",
      idisplay: 1,
      onlineSales: 0,
      picJson: [],
      shop: "0",
      contractType: "",
      ...f,
    });
  const tenYears = await product({
    productName: "十年会籍（每年1周）",
    duration: 10,
    proCount: 10,
    amount: 10000000,
    groupAmount: 2000000,
    profitsharingAmount: 10,
    agentAmount: 5,
    channelAmount: 5,
    onlineSales: 1,
    content: "<p>十年内每年可入住会员酒店一周。</p>",
  });
  const fiveYears = await product({
    productName: "五年会籍（每年1周）",
    duration: 5,
    proCount: 5,
    amount: 5800000,
    groupAmount: 1200000,
    profitsharingAmount: 8,
    agentAmount: 5,
    channelAmount: 5,
  });
  await product({ productName: "体验周末", productType: trialType.id, duration: 1, proCount: 1, amount: 199900, onlineSales: 1 });
  if (stores[0]) await product({ productName: `${stores[0].orgName}专属套餐`, duration: 3, proCount: 3, amount: 3000000, groupAmount: 600000, shop: stores[0].orgCode });

  const channels: [string, string][] = [
    ["online", "线上推广"],
    ["walkin", "到店咨询"],
    ["referral", "老客推荐"],
    ["exhibition", "展会"],
  ];
  for (const [styleid, stylename] of channels) {
    await saveChannel(tenantId, {
      id: 0,
      styleen: "clientSource",
      styleid,
      stylename,
      pseudocode: "",
      displayornot: 1,
      seq: 99,
      users: admin && styleid === "online" ? [admin.id] : [],
    } as any);
  }

  // Clients: written like an import, tallies once per bucket.
  const rnd = sequence(20240601);
  const total = stores.length * CLIENTS_PER_STORE;
  const firstId = await nextIds(tenantId, "client", total);
  const now = formatDateTime();
  const items: ClientItem[] = [];
  for (let i = 0; i < total; i++) {
    const store = stores[i % stores.length]!;
    const r = rnd();
    const status = r < 0.6 ? 1 : r < 0.95 ? 2 : 3;
    items.push({
      tenantId,
      id: firstId + i,
      globalId: "",
      clientName: SURNAMES[Math.floor(rnd() * SURNAMES.length)]! + GIVEN[Math.floor(rnd() * GIVEN.length)]!,
      memberCode: status === 1 ? "" : `HY${String(firstId + i).padStart(6, "0")}`,
      sex: rnd() < 0.5 ? "男" : "女",
      age: 25 + Math.floor(rnd() * 40),
      idCard: "",
      mobile: `139${String(10000000 + i * 7919).slice(-8)}`,
      email: "",
      province: "",
      city: "",
      county: "",
      address: "",
      marketer: "",
      clientSource: channels[Math.floor(rnd() * channels.length)]![0],
      shop: store.orgCode,
      status,
      maritalStatus: rnd() < 0.7 ? "2" : "1",
      jobType: String(1 + Math.floor(rnd() * 6)),
      memberLevel: status === 1 ? "" : String(1 + Math.floor(rnd() * 4)),
      remark: "",
      isMgr: 0,
      workOrderStatus: "",
      createTime: now,
      rev: 0,
    } as ClientItem);
  }
  // Members hold weeks; some used a few, some have accounts; every fourth is bound to the mini-program.
  const members = items.filter((c) => c.status !== 1);
  const year = shanghai().year();
  const plans: MemberPlan[] = members.map((c, n) => {
    const p = n % 3 === 0 ? fiveYears : tenYears;
    // What bindMiniProgramUser leaves on the client: its globalId, one revision more.
    if (n % 4 === 0) Object.assign(c, { globalId: `mp_${tenantId}_${c.id}`, rev: (c.rev ?? 0) + 1 });
    return {
      key: { tenantId, clientId: c.id, productTypeId: weeksType.id },
      lot: {
        weeks: p.proCount ?? 10,
        shipDuration: `${year + (p.duration ?? 10)}-12-31`,
        productId: p.id,
        productName: p.productName,
        shipUnit: "周",
        amount: p.amount,
        payAmount: p.amount - (n % 5) * 100000,
        isInstallment: n % 4 === 0 ? 1 : 0,
        firstPayAmount: n % 4 === 0 ? Math.round(p.amount / 2) : p.amount,
        source: "seed",
      },
      deductions: [...(n % 2 === 0 ? [{ weeks: 1 + (n % 3) }] : []), ...(n % 5 === 0 ? [{ weekdayNights: 1 }] : [])],
      account: n % 3 === 0 ? { account: `hy${c.id}`, password: seal(`Hy@${c.id}`, tenantId), rciId: `RCI${100000 + c.id}`, rciAccount: `rci${c.id}` } : undefined,
    };
  });

  // The items of the client service's own create (client, mobile guard, search terms) and of the
  // members' weeks, batch-written: the tenant is new, so the guards' "not there yet" holds, save a
  // mobile repeated in a store.
  const mobiles = new Set(items.map((c) => `${c.shop}|${c.mobile}`));
  if (mobiles.size !== items.length) throw new Error("demo clients: a mobile repeats within a store");
  await putItems([...items.flatMap((c) => putsOf(createItems(c, false))), ...(await memberItems(plans))], "clients");
  const tallies = new Map<string, number>();
  for (const c of items) {
    const b = bucketOf(c);
    tallies.set(`${b.shop}|${b.status}|${b.isMgr}`, (tallies.get(`${b.shop}|${b.status}|${b.isMgr}`) ?? 0) + 1);
  }
  // Once per bucket what createItems' tally item would have added once per client.
  await Promise.all(
    [...tallies].map(([k, n]) => {
      const [shop, status, isMgr] = k.split("|");
      return addToTally(tenantId, { shop: shop!, status: Number(status), isMgr: Number(isMgr) }, n);
    }),
  );

  for (const c of members.slice(0, 5)) {
    await savePriceOrder(caller, {
      id: 0,
      clientId: c.id,
      productId: tenYears.id,
      payAmount: 7000000,
      remark: "老客户续约优惠",
      shop: "",
      contractType: "",
      duration: undefined,
      proCount: undefined,
    });
  }
  log(`clients: ${items.length} (${members.length} members with stored weeks), products 4, channels ${channels.length} (${since(t0)})`);
}
