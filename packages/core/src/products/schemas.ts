import * as v from "valibot";

/** Product, product type and price-modification forms (R350–R368); shared by server and console. */

const text = (max: number, msg: string) => v.optional(v.pipe(v.union([v.string(), v.number()]), v.transform(String), v.trim(), v.maxLength(max, msg)), "");
const required = (msg: string, max: number, tooLong = msg) =>
  v.pipe(v.union([v.string(msg), v.number(msg)], msg), v.transform(String), v.trim(), v.nonEmpty(msg), v.maxLength(max, tooLong));
const requiredNumber = (msg: string) =>
  v.pipe(v.union([v.string(msg), v.number(msg)], msg), v.transform(String), v.trim(), v.nonEmpty(msg), v.transform(Number), v.number(msg), v.finite(msg));
const requiredInt = (msg: string) => v.pipe(requiredNumber(msg), v.integer(msg));
const optionalNumber = (msg: string) => v.optional(v.pipe(v.union([v.string(), v.number()], msg), v.transform((x) => (String(x).trim() === "" ? 0 : Number(x))), v.number(msg), v.finite(msg)), 0);
const flag = (msg: string, fallback: number) => v.optional(v.pipe(v.union([v.string(), v.number()], msg), v.transform((x) => (String(x).trim() === "" ? fallback : Number(x))), v.picklist([0, 1], msg)), fallback);

const YUAN = /^-?\d+(\.\d{1,2})?$/;
const toFen = (s: string) => {
  const neg = s.startsWith("-");
  const [i, f = ""] = s.replace("-", "").split(".");
  const fen = Number(i) * 100 + Number((f + "00").slice(0, 2));
  return neg ? -fen : fen;
};
/** Yuan with up to 2 decimals on the wire, fen inside. */
const requiredMoney = (msg: string) => v.pipe(required(msg, 20), v.regex(YUAN, msg), v.transform(toFen));
const optionalMoney = (msg: string) => v.optional(v.pipe(v.union([v.string(), v.number()]), v.transform(String), v.trim(), v.transform((s) => s || "0"), v.regex(YUAN, msg), v.transform(toFen)), 0);

export const ProductTypeInput = v.object({
  id: v.optional(v.pipe(v.union([v.string(), v.number()]), v.transform((x) => Number(x) || 0)), 0),
  typeName: required("名称不能为空", 100, "名称不能超过100个字"),
  contractType: required("合同类型不能为空", 20, "合同类型不能超过20个字"),
  productUnit: required("产品单位不能为空", 20, "产品单位不能超过20个字"),
  hasAccount: flag("参数格式不正确", 0),
  hasRci: flag("参数格式不正确", 0),
  hasMemberLevel: flag("参数格式不正确", 0),
});
export type ProductTypeInput = v.InferOutput<typeof ProductTypeInput>;

export const MAX_PICTURES = 20;
const picJson = v.optional(
  v.pipe(
    v.union([v.string(), v.array(v.string())]),
    v.transform((x) => (typeof x === "string" ? x.trim() || "[]" : JSON.stringify(x))),
    v.check((s) => {
      try {
        const a = JSON.parse(s);
        return Array.isArray(a) && a.every((p) => typeof p === "string" || (p && typeof p === "object"));
      } catch {
        return false;
      }
    }, "图片数据格式不正确"),
    v.check((s) => JSON.parse(s).length <= MAX_PICTURES, `最多上传${MAX_PICTURES}张图片`),
  ),
  "[]",
);

export const ProductInput = v.object({
  id: v.optional(v.pipe(v.union([v.string(), v.number()]), v.transform((x) => Number(x) || 0)), 0),
  productType: requiredInt("产品类型不能为空"),
  productName: required("产品名称不能为空", 100, "产品名称不能超过100个字"),
  duration: v.pipe(optionalNumber("年限必须是数字"), v.integer("年限必须是数字")),
  proCount: v.pipe(requiredInt("数量不能为空")),
  amount: requiredMoney("金额不能为空"),
  groupAmount: optionalMoney("所有金额和比例都需为正数"),
  profitsharingAmount: optionalNumber("所有金额和比例都需为正数"),
  agentAmount: optionalNumber("所有金额和比例都需为正数"),
  channelAmount: optionalNumber("所有金额和比例都需为正数"),
  content: text(20000, "内容过长"),
  idisplay: flag("状态不正确", 1),
  onlineSales: flag("参数格式不正确", 0),
  picJson,
  shop: required("必须指定门店", 60),
  contractType: text(20, "合同类型不能超过20个字"),
});
export type ProductInput = v.InferOutput<typeof ProductInput>;

/** Product price modification / membership purchase order (R365). */
export const PriceOrderInput = v.object({
  id: v.optional(v.pipe(v.union([v.string(), v.number()]), v.transform((x) => Number(x) || 0)), 0),
  clientId: requiredInt("客户不能为空"),
  productId: requiredInt("会员套餐不能为空"),
  duration: v.optional(v.union([v.string(), v.number()])),
  proCount: v.optional(v.union([v.string(), v.number()])),
  payAmount: requiredMoney("支付金额不能为空"),
  remark: text(500, "备注不能超过500个字"),
  shop: text(60, "门店不正确"),
  contractType: text(20, "合同类型不能超过20个字"),
  // amount and groupAmount are the product's: the server reads them, whatever the form sends.
  amount: v.optional(v.unknown()),
  groupAmount: v.optional(v.unknown()),
});
export type PriceOrderInput = v.InferOutput<typeof PriceOrderInput>;
