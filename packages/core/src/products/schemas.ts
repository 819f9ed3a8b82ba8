import * as v from "valibot";
import {
  BAD_INPUT,
  idField,
  idsInput,
  intChoice,
  maybeChoice,
  maybeId,
  maybeInt,
  optInt,
  optText,
  percentField,
  positiveIntField,
  QUANTITY_BAD,
  requiredText,
  optRawText,
  wholeRecord,
} from "../kernel/fields.ts";
import { maybeYuan, yuanField } from "../kernel/money.ts";
import { picturesField } from "../kernel/pictures.ts";
import { listQuery } from "../kernel/paging.ts";

/**
 * Product, product type and price-modification forms (R350–R368) and the queries of the product
 * routes; shared by server and console. Every field is a kernel builder: yuan to fen through
 * kernel/money.ts, pictures through kernel/pictures.ts.
 */
export { MAX_PICTURES } from "../kernel/pictures.ts";

const NEGATIVE = "所有金额和比例都需为正数";
/** How many units (weeks, nights) one product or order carries at most. */
export const MAX_PRO_COUNT = 9999;
/** The longest membership a product sells, in years. */
export const MAX_DURATION_YEARS = 100;

/**
 * A required yuan amount (at most 2 decimals, not negative) to fen: blank or malformed says `msg`.
 * (Generic: belongs in kernel/money.ts beside yuanField.)
 */
export const requiredYuan = (msg: string) =>
  v.pipe(
    maybeYuan(msg),
    v.check((fen) => fen !== undefined, msg),
    v.transform((fen) => fen as number),
  );

const flag01 = (fallback: 0 | 1, msg: string) => intChoice([0, 1] as const, msg, fallback);

export const ProductTypeInput = wholeRecord({
  id: optInt(0, BAD_INPUT),
  typeName: requiredText("名称不能为空", 100, "名称不能超过100个字"),
  contractType: requiredText("合同类型不能为空", 20, "合同类型不能超过20个字"),
  productUnit: requiredText("产品单位不能为空", 20, "产品单位不能超过20个字"),
  hasAccount: flag01(0, BAD_INPUT),
  hasRci: flag01(0, BAD_INPUT),
  hasMemberLevel: flag01(0, BAD_INPUT),
});
export type ProductTypeInput = v.InferOutput<typeof ProductTypeInput>;

const COUNT_TOO_MANY = `数量不能超过${MAX_PRO_COUNT}`;

export const ProductInput = wholeRecord({
  id: optInt(0, BAD_INPUT),
  productType: idField("产品类型不能为空"),
  productName: requiredText("产品名称不能为空", 100, "产品名称不能超过100个字"),
  duration: optInt(0, "年限必须是数字", 0, MAX_DURATION_YEARS),
  // R351: blank says 数量不能为空; 1.5, 0 or −1 say what is wrong instead.
  proCount: positiveIntField("数量不能为空", QUANTITY_BAD, MAX_PRO_COUNT, COUNT_TOO_MANY),
  amount: requiredYuan("金额不能为空"),
  groupAmount: yuanField(NEGATIVE),
  profitsharingAmount: percentField(NEGATIVE),
  agentAmount: percentField(NEGATIVE),
  channelAmount: percentField(NEGATIVE),
  content: optRawText(20000, "内容过长"),
  idisplay: flag01(1, "状态不正确"),
  onlineSales: flag01(0, BAD_INPUT),
  picJson: picturesField,
  shop: requiredText("必须指定门店", 60, "必须指定门店"),
  contractType: optText(20, "合同类型不能超过20个字"),
});
export type ProductInput = v.InferOutput<typeof ProductInput>;

/**
 * Product price modification / membership purchase order (R365). The product's amount and group
 * amount are the server's: the form may send them, they are not read.
 */
export const PriceOrderInput = wholeRecord({
  id: optInt(0, BAD_INPUT),
  clientId: idField("客户不能为空"),
  productId: idField("会员套餐不能为空"),
  /** Blank takes the product's. */
  duration: maybeInt("年限必须是数字", 0, MAX_DURATION_YEARS),
  proCount: v.pipe(
    maybeInt(QUANTITY_BAD, 1),
    v.check((n) => n === undefined || n <= MAX_PRO_COUNT, COUNT_TOO_MANY),
  ),
  payAmount: requiredYuan("支付金额不能为空"),
  remark: optText(500, "备注不能超过500个字"),
  shop: optText(60, "门店不正确"),
  contractType: optText(20, "合同类型不能超过20个字"),
});
export type PriceOrderInput = v.InferOutput<typeof PriceOrderInput>;

// ── the queries of the product routes ──

const TYPE_BAD = "产品类型不正确";
/** The product list: one type (ALL_PRODUCTS = every type) and a name keyword. */
export const ProductListQuery = listQuery({ productType: maybeId(TYPE_BAD) });
/** The product pickers: every enabled product of a type. */
export const ProductPickerQuery = v.object({ productType: maybeId(TYPE_BAD) });

const STATUS_BAD = "状态不正确";

/** Enable / disable (R348): to `idisplay` (or `status`) when given, else each product flips. */
export const ProductPassInput = v.pipe(
  idsInput("并没有选择审核项", { idisplay: maybeChoice([0, 1] as const, STATUS_BAD), status: maybeChoice([0, 1] as const, STATUS_BAD) }),
  v.transform(({ ids, idisplay, status }) => ({ ids, idisplay: idisplay ?? status })),
);

/** Price orders: waiting (0) or bought (1). */
export const PRICE_ORDER_STATUSES = [0, 1] as const;
export const PriceOrderListQuery = listQuery({ clientId: maybeId(), status: maybeChoice(PRICE_ORDER_STATUSES, STATUS_BAD) });
