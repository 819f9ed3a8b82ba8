import { yuanToFen } from "@xiangyu/core/kernel/money";

/**
 * What the products area's calls carry (docs/api.md "### Products and product types" and "### Price
 * modification"): money in yuan, split percentages as numbers, flags 1/0, shop "0" = every shop.
 */
export const PRODUCT_API = "/xiangyu/api/hotel/product";
export const PRICE_API = "/xiangyu/api/order/productprice";

export type ProductType = {
  id: number;
  typeName: string;
  contractType: string;
  productUnit: string;
  hasAccount: number;
  hasRci: number;
  hasMemberLevel: number;
  /** 1 = has products or is built in: cannot be deleted (R363). */
  hasDelete: number;
};

export type Product = {
  id: number;
  productType: number;
  productTypeName: string;
  productUnit: string;
  productName: string;
  contractType: string;
  duration: number;
  proCount: number;
  amount: number;
  groupAmount: number;
  profitsharingAmount: number;
  agentAmount: number;
  channelAmount: number;
  content?: string;
  idisplay: number;
  onlineSales: number;
  picJson: string;
  shop: string;
  createTime: string;
};

/** A price modification, also a membership purchase order (gaps.md §8). */
export type PriceOrder = {
  id: number;
  orderId: string;
  clientId: number;
  clientName: string;
  mobile: string;
  productId: number;
  productName: string;
  productType: number;
  duration: number;
  proCount: number;
  amount: number;
  groupAmount: number;
  payAmount: number;
  remark: string;
  shop: string;
  contractType: string;
  /** 0 waiting, 1 bought (R370). */
  status: number;
  createUser: string;
  createTime: string;
  buyTime: string;
};

export const GENERAL_SHOP = "0";
export const BOUGHT = 1;
export const ORDER_STATUS: Record<number, string> = { 0: "待购买", 1: "已购买" };

export const yesNo = (n: number) => (n === 1 ? "是" : "否");

/** Yuan with two decimals, as staff read money. */
export const money = (yuan: number | undefined) => (yuan === undefined || yuan === null ? "" : Number(yuan).toFixed(2));

/** Yuan (a number or text) to integer fen with the server's own conversion; NaN when it is no amount. */
export function fenOf(yuan: unknown): number {
  try {
    return yuanToFen(yuan);
  } catch {
    return NaN;
  }
}
