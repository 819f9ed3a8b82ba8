import { get, post, type CallOpts } from "./harness.ts";
import { bulkLoadClients } from "@xiangyu/core/clients/bulkLoad";
import { nextIds } from "@xiangyu/core/kernel/counters";
import type { ClientItem } from "@xiangyu/core/clients/entities";
import { purchaseCreateItems, type NewPurchase } from "@xiangyu/core/finance/purchase/create";
import { transact } from "@xiangyu/core/kernel/tx";
import { formatDateTime } from "@xiangyu/core/kernel/clock";
import { EMPTY_STATE } from "@xiangyu/core/workorders/rules";

/** Function ids of the screens these routes serve (core/src/platform/standardMenu.ts). */
export const FN = { clients: 2001, members: 2002, products: 2201, purchaseOrders: 2202, priceModification: 1908, channels: 2304, giftWeeks: 1804 } as const;

export type Tenant = { adminToken: string; depts: Map<string, { id: number; code: string; branchId: number }> };

export const code = (t: Tenant, name: string) => t.depts.get(name)!.code;

let mobileSeq = 0;
/** A fresh mainland mobile per call (tests share one table per file). */
export const mobile = () => `137${String(process.pid % 1000).padStart(3, "0")}${String(++mobileSeq).padStart(5, "0")}`;

export const asAdmin = (t: Tenant, functionId: number = FN.clients) => ({
  get: (path: string, query: CallOpts["query"] = {}) => get(path, { token: t.adminToken, functionId, query }),
  post: (path: string, form: CallOpts["form"] = {}) => post(path, { token: t.adminToken, functionId, form }),
});

export const as = (token: string, functionId: number) => ({
  get: (path: string, query: CallOpts["query"] = {}) => get(path, { token, functionId, query }),
  post: (path: string, form: CallOpts["form"] = {}) => post(path, { token, functionId, form }),
});

/** Saves a client as the admin; returns its view. */
export async function newClient(t: Tenant, fields: Record<string, string | number>) {
  const r = await asAdmin(t).post("/xiangyu/api/client/clientsave", { clientName: "测试客户", mobile: mobile(), status: 1, shop: fields.shop ?? code(t, "广州天河店"), ...fields });
  if (r.body.code !== "200") throw new Error(`client save failed: ${JSON.stringify(r.body)}`);
  return r.body.data;
}

/** A product type and a product of it, as the admin. */
export async function newProduct(t: Tenant, fields: Record<string, string | number> = {}, typeFields: Record<string, string | number> = {}) {
  const type = await asAdmin(t, FN.products).post("/xiangyu/api/hotel/product/typesave", {
    typeName: "会员周次",
    contractType: "HY",
    productUnit: "周",
    hasAccount: 1,
    hasRci: 1,
    hasMemberLevel: 1,
    ...typeFields,
  });
  if (type.body.code !== "200") throw new Error(`type save failed: ${JSON.stringify(type.body)}`);
  const p = await asAdmin(t, FN.products).post("/xiangyu/api/hotel/product/save", {
    productType: type.body.data.id,
    productName: "十年会籍",
    duration: 10,
    proCount: 10,
    amount: "100000.00",
    groupAmount: "20000",
    profitsharingAmount: 10,
    agentAmount: 5,
    channelAmount: 5,
    shop: "0",
    ...fields,
  });
  if (p.body.code !== "200") throw new Error(`product save failed: ${JSON.stringify(p.body)}`);
  return { type: type.body.data, product: p.body.data };
}

/**
 * `count` members (status 2) loaded in bulk with their tallies (bulkLoadClients), alternating
 * between `shops`, every tenth a staff member; oldest first.
 */
export async function loadedMembers(tenantId: string, shops: string[], count: number, name: string, firstMobile: number): Promise<ClientItem[]> {
  const first = await nextIds(tenantId, "client", count);
  const items = Array.from(
    { length: count },
    (_, j) =>
      ({
        tenantId,
        id: first + j,
        clientName: `${name}${j}`,
        mobile: String(firstMobile + j),
        shop: shops[j % shops.length]!,
        status: 2,
        memberCode: "",
        isMgr: j % 10 === 9 ? 1 : 0,
        createTime: "2025-01-01 00:00:00",
        rev: 0,
      }) as ClientItem,
  );
  await bulkLoadClients(items);
  return items;
}

/**
 * A work order's own fields as the console's panel sends them back (workordersave is a whole-record
 * save): the values of its view (a save's reply), the questions not yet answered (0) blank, as
 * WorkOrderPanel's start values have them. The purchase and the call of a save are not part of it.
 */
export function workOrderForm(view: Record<string, unknown>): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  for (const k of Object.keys(EMPTY_STATE)) {
    if (k === "status") continue;
    const x = view[k];
    out[k] = typeof x === "number" ? x : x === undefined || x === null ? "" : String(x);
  }
  for (const k of ["bePresent", "isQualified", "isBuy"]) if (!view[k]) out[k] = "";
  return out;
}

type Named = { id: number; clientName: string; mobile: string; shop: string };

/** A purchase waiting for the cashier's review, as the work-order save makes it (its items in one transaction), for a real client and product. */
export async function newPurchase(tenantId: string, client: Named, product: { id: number; productName: string }, typeId: number, fields: Partial<NewPurchase> = {}) {
  const { purchase, items } = await purchaseCreateItems(tenantId, {
    workOrderId: 1,
    clientId: client.id,
    clientName: client.clientName,
    mobile: client.mobile,
    shop: client.shop,
    productId: product.id,
    productName: product.productName,
    productTypeId: typeId,
    duration: 10,
    proCount: 3,
    productUnit: "周",
    amount: 10_000_000,
    payAmount: 9_000_000,
    payType: "1",
    isInstallment: 0,
    firstPayAmount: 9_000_000,
    firstPayTime: formatDateTime(),
    ...fields,
  });
  await transact(items);
  return purchase;
}
