import { Client } from "@xiangyu/core/clients/entities";
import { Product } from "@xiangyu/core/products/entities";
import { Purchase } from "@xiangyu/core/finance/purchase/entity";
import { purchaseCreateItems } from "@xiangyu/core/finance/purchase/create";
import { formatDateTime } from "@xiangyu/core/kernel/clock";
import { transact } from "@xiangyu/core/kernel/tx";
import { since } from "./progress.ts";

/**
 * Demo showroom purchases waiting for the cashier's review (docs/reviews.md), so the three review
 * screens have something to work on: prospects (status 1) of the first store, one paying whole, one
 * in instalments with the final payment still unpaid, one in instalments paid up. Written with the
 * items the work-order save uses. A no-op when the tenant has purchases.
 */
export async function seedPurchases(tenantId: string, log: (s: string) => void = () => undefined): Promise<void> {
  const t0 = Date.now();
  if ((await Purchase.query.byId({ tenantId }).go({ limit: 1 })).data.length) return;
  const products = (await Product.query.byId({ tenantId }).go({ pages: "all" })).data;
  const product = products.find((p) => p.productName.startsWith("十年会籍"));
  const anyClient = (await Client.query.byId({ tenantId }).go({ limit: 1 })).data[0];
  if (!product || !anyClient) return;
  const prospects = (await Client.query.byShopStatus({ tenantId, shop: anyClient.shop, status: 1 }).go({ limit: 3 })).data;
  const now = formatDateTime();
  const plans = [
    { isInstallment: 0, firstPayAmount: product.amount, finalPayAmount: 0, finalPayTime: "", payType: "3" },
    { isInstallment: 1, firstPayAmount: Math.round(product.amount * 0.3), finalPayAmount: 0, finalPayTime: "", payType: "2" },
    { isInstallment: 1, firstPayAmount: Math.round(product.amount * 0.3), finalPayAmount: product.amount - Math.round(product.amount * 0.3), finalPayTime: now, payType: "5" },
  ];
  for (const [i, c] of prospects.entries()) {
    const { items } = await purchaseCreateItems(tenantId, {
      workOrderId: 0,
      clientId: c.id,
      clientName: c.clientName,
      mobile: c.mobile,
      shop: c.shop,
      saleUser: "系统管理员",
      productId: product.id,
      productName: product.productName,
      productTypeId: product.productType,
      contractType: product.contractType ?? "",
      duration: product.duration ?? 10,
      proCount: product.proCount ?? 10,
      productUnit: "周",
      amount: product.amount,
      payAmount: product.amount,
      firstPayTime: now,
      remark: "演示购买单",
      ...plans[i]!,
    });
    await transact(items);
  }
  log(`purchases: ${prospects.length} awaiting the cashier's review (${since(t0)})`);
}
