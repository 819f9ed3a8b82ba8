import { GOODS_ORDER_STATUS_NAMES, type GoodsOrderStatus } from "@xiangyu/core/goods/rules";
import { useStyleParams } from "../../ui/useStyleParams.ts";
import { GOODS_TYPE_NAMES, type GoodsType } from "@xiangyu/core/goods/schemas";

/** Labels of the goods area shared by its screens. */
export const GOODS_TYPE_OPTIONS = (Object.entries(GOODS_TYPE_NAMES) as Array<[GoodsType, string]>).map(([value, label]) => ({ value, label }));
export const goodsTypeName = (t: string) => GOODS_TYPE_NAMES[t as GoodsType] ?? t;
/** R404: a negative price is shown as 未报价. */
export const priceText = (yuan: number | undefined) => (yuan === undefined ? "" : yuan < 0 ? "未报价" : `¥${yuan.toFixed(2)}`);
/** The atlas as the form edits it: a list of URLs from the stored JSON text. */
export function atlasList(s: string | undefined): string[] {
  try {
    const l = JSON.parse(s || "[]");
    return Array.isArray(l) ? l.map(String) : [];
  } catch {
    return [];
  }
}

/** R426: status names from the goodsOrderStatus style list, the defaults while it loads. */
export function useOrderStatusName() {
  const { data = [] } = useStyleParams("goodsOrderStatus");
  return (s: number) => data.find((o) => String(o.value) === String(s))?.label ?? GOODS_ORDER_STATUS_NAMES[s as GoodsOrderStatus] ?? String(s);
}
