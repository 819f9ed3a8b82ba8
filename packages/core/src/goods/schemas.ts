import * as v from "valibot";
import {
  BAD_INPUT,
  blank,
  idField,
  idsInput,
  intChoice,
  latField,
  lngField,
  maybeChoice,
  maybeId,
  optInt,
  optText,
  positiveIntField,
  rawValue,
  requiredText,
  textChoice,
  optRawText,
  linkField,
  wholeRecord,
} from "../kernel/fields.ts";
import { MAX_FEN, toFen, yuanField } from "../kernel/money.ts";
import { picturesField } from "../kernel/pictures.ts";
import { listQuery } from "../kernel/paging.ts";
import { GOODS_ORDER_MSG, GOODS_ORDER_STATUSES } from "./orderStatus.ts";

/**
 * The goods forms (R395–R404), the spec save (R414–R415) and the goods order routes' inputs
 * (R424, R427), shared by server and console.
 */
export const GOODS_TYPES = ["appointment", "goods", "virtual"] as const;
export type GoodsType = (typeof GOODS_TYPES)[number];
export const isGoodsType = (t: string): t is GoodsType => (GOODS_TYPES as readonly string[]).includes(t);
/** The goodsType style list's seeded names. */
export const GOODS_TYPE_NAMES: Record<GoodsType, string> = { appointment: "预约服务", goods: "实物商品", virtual: "虚拟商品" };

export const GOODS_MSG = {
  type: "商品性质必选",
  name: "商品名称不能为空",
  nameLong: "商品名称不能超过50个字",
  classMissing: "商品子分类必选",
  picture: "图片标题不能为空",
  atlasTooMany: "图集最多只能上传10张图片",
  guarantees: "服务保障最多4条，每行一条",
  region: "服务区域必须在广东省（440000）以内",
  price: "价格格式不正确",
  sortOrder: "排序必须是0到99999999之间的整数",
  status: "状态不正确",
  notFound: "商品不存在",
  badType: "商品性质设置有误",
} as const;

export const GOODS_NAME_MAX = 50;
export const MAX_ATLAS = 10;
export const MAX_GUARANTEES = 4;
/** R402: the service area cascader starts at Guangdong. */
export const REGION_ROOT_CODE = 440000;
export const DEFAULT_SORT_ORDER = 9999999;
export const MAX_SORT_ORDER = 99_999_999;
/** R399, R400: picture limits (checked on the server from the stored file, and in the console). */
export const TITLE_PICTURE = { maxKB: 1000, minPx: 375, maxPx: 750, ratio: [1, 1] } as const;
export const ATLAS_PICTURE = { maxKB: 1000, ratio: [4, 3] } as const;

/** The guarantees as lines: blank lines do not count (R401). */
export const guaranteeLines = (s: string): string[] =>
  s
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);

/** R402: a region of the area picker rooted at 440000 — the province itself, or codes under it. */
export function inServiceArea(province: number, city: number, area: number): boolean {
  const under = (code: number, prefix: string) => code === 0 || String(code).startsWith(prefix);
  if (province !== 0 && province !== REGION_ROOT_CODE) return false;
  if (city !== 0 && (province === 0 || !under(city, "44"))) return false;
  if (area !== 0 && (city === 0 || !under(area, String(city).slice(0, 4)))) return false;
  return true;
}

/** R404: a price that may be negative (unquoted); blank is unquoted (−1 yuan). */
export const UNQUOTED_FEN = -100;
const signedYuan = (msg: string) =>
  v.pipe(
    rawValue,
    v.transform((x) => (blank(x) ? UNQUOTED_FEN : toFen(x))),
    v.check((fen) => fen !== null && Math.abs(fen) <= MAX_FEN, msg),
    v.transform((fen) => fen as number),
  );

export const GoodsInput = v.pipe(
  wholeRecord({
    id: optInt(0, BAD_INPUT),
    goodsType: v.pipe(
      textChoice(GOODS_TYPES, GOODS_MSG.type),
      v.check((t) => t !== undefined, GOODS_MSG.type),
      v.transform((t) => t as GoodsType),
    ),
    goodsName: requiredText(GOODS_MSG.name, GOODS_NAME_MAX, GOODS_MSG.nameLong),
    goodsClass: requiredText(GOODS_MSG.classMissing, 60, GOODS_MSG.classMissing),
    pictureTitle: linkField("图片标题", { max: 600, required: GOODS_MSG.picture, tooLong: GOODS_MSG.picture }),
    atlas: v.pipe(
      picturesField,
      v.check((l) => l.length <= MAX_ATLAS, GOODS_MSG.atlasTooMany),
    ),
    province: optInt(0, GOODS_MSG.region),
    city: optInt(0, GOODS_MSG.region),
    area: optInt(0, GOODS_MSG.region),
    address: optText(200, "详细地址不能超过200个字"),
    lat: latField(),
    lng: lngField(),
    serviceGuarantee: v.pipe(
      optText(400, GOODS_MSG.guarantees),
      v.check((s) => guaranteeLines(s).length <= MAX_GUARANTEES, GOODS_MSG.guarantees),
      v.transform((s) => guaranteeLines(s).join("\n")),
    ),
    content: optRawText(100_000, "内容过长"),
    price: signedYuan(GOODS_MSG.price),
    status: intChoice([0, 1] as const, GOODS_MSG.status, 0),
    sortOrder: optInt(DEFAULT_SORT_ORDER, GOODS_MSG.sortOrder, 0, MAX_SORT_ORDER),
  }),
  v.check((g) => inServiceArea(g.province, g.city, g.area), GOODS_MSG.region),
);
export type GoodsInput = v.InferOutput<typeof GoodsInput>;

/** The goods list (R405): a class (and what lies below it) and a name keyword (`goodsName` or `keyword`). */
export const GoodsListQuery = listQuery({ goodsClass: optText(60, "商品分类不正确"), goodsName: optText(50, GOODS_MSG.nameLong) });
/** On / off shelf (R405): to `status` when given, else it flips. */
export const GoodsPassInput = v.object({ id: idField(GOODS_MSG.notFound), status: maybeChoice([0, 1] as const, GOODS_MSG.status) });
export const GoodsDeleteInput = idsInput();
/** The spec modal's read (R406: no id → 商品不存在). */
export const GoodsIdQuery = v.object({ id: idField(GOODS_MSG.notFound) });

// ── specifications ──

export const SPEC_ROW_MSG = {
  rows: "规格数据格式不正确",
  tooMany: "规格最多300个",
  stock: "库存必须是0到999999之间的整数",
  marketPrice: "市场价格式不正确",
  price: "销售价格式不正确",
  time: "规格时段不正确",
} as const;
export const MAX_SPECS = 300;
export const MAX_STOCK = 999_999;

/** One row of specList as the modal sends it (both editors' columns; the goods type decides which count). */
export const SpecRow = v.object({
  id: optInt(0, BAD_INPUT),
  specName: optText(50, "规格名称不能超过15个字"),
  startTime: optText(19, SPEC_ROW_MSG.time),
  endTime: optText(19, SPEC_ROW_MSG.time),
  imageUrl: linkField("图片地址", { max: 600, tooLong: "图片地址过长" }),
  specUnit: optText(20, "规格单位不能超过20个字"),
  marketPrice: yuanField(SPEC_ROW_MSG.marketPrice),
  price: yuanField(SPEC_ROW_MSG.price),
  goodsCount: optInt(0, SPEC_ROW_MSG.stock, 0, MAX_STOCK),
  idisplay: intChoice([0, 1] as const, BAD_INPUT, 1),
});
export type SpecRow = v.InferOutput<typeof SpecRow>;

/** specsave: the goods and its whole spec list as JSON text (R414: at least one). */
export const SpecSaveInput = v.object({
  id: idField(GOODS_MSG.notFound),
  specList: v.pipe(
    optText(MAX_SPECS * 1000, SPEC_ROW_MSG.tooMany),
    v.rawTransform(({ dataset, addIssue, NEVER }) => {
      let rows: unknown;
      try {
        rows = dataset.value.trim() ? JSON.parse(dataset.value) : [];
      } catch {
        addIssue({ message: SPEC_ROW_MSG.rows });
        return NEVER;
      }
      if (!Array.isArray(rows)) {
        addIssue({ message: SPEC_ROW_MSG.rows });
        return NEVER;
      }
      if (!rows.length) {
        addIssue({ message: "必须设置一个或以上的规格。" });
        return NEVER;
      }
      if (rows.length > MAX_SPECS) {
        addIssue({ message: SPEC_ROW_MSG.tooMany });
        return NEVER;
      }
      const out: SpecRow[] = [];
      for (const r of rows) {
        const parsed = v.safeParse(SpecRow, r && typeof r === "object" ? r : {});
        if (!parsed.success) {
          addIssue({ message: parsed.issues[0].message });
          return NEVER;
        }
        out.push(parsed.output);
      }
      return out;
    }),
  ),
});
export type SpecSaveInput = v.InferOutput<typeof SpecSaveInput>;

// ── goods orders ──

const goodsTypeFilter = v.pipe(
  textChoice(GOODS_TYPES, GOODS_MSG.badType),
  v.check((t) => t !== undefined, GOODS_MSG.badType),
  v.transform((t) => t as GoodsType),
);
/** R424: the order list of one goods type (the URL's goodsType), by status and order number. */
export const GoodsOrderListQuery = listQuery({
  goodsType: goodsTypeFilter,
  orderStatus: maybeChoice(GOODS_ORDER_STATUSES, "订单状态不正确"),
  orderNo: optText(40, "订单号不正确"),
});
export const GoodsOrderIdInput = v.object({ orderId: idField("订单不存在") });
/** handelorder (R427): 1 review, 2 refund, 3 complete, 4 proxy cancel (ours). */
export const HandleOrderInput = v.object({
  orderId: idField("订单不存在"),
  currentCtrl: intChoice([1, 2, 3, 4] as const, "操作类型不正确"),
  status: optInt(0, GOODS_ORDER_MSG.reviewStatus, 0, 9),
  handleResult: optText(500, "处理结果不能超过500个字"),
});
export type HandleOrderInput = v.InferOutput<typeof HandleOrderInput>;

/** The member's order (mini-program): one spec of one goods, a quantity. */
export const MAX_BUY = 99;
export const MemberOrderInput = v.object({
  goodsId: idField(GOODS_MSG.notFound),
  specId: idField("请选择规格"),
  buyCount: positiveIntField("购买数量不能为空", "购买数量必须是正整数", MAX_BUY, `一次最多购买${MAX_BUY}件`),
  remark: optText(200, "备注不能超过200个字"),
});
export type MemberOrderInput = v.InferOutput<typeof MemberOrderInput>;
export const MemberRefundInput = v.object({ orderId: idField("订单不存在"), reason: optText(200, "退款原因不能超过200个字") });

/**
 * The provider's signed notice at the goods orders' notify address: the fields of
 * `POST /xiangyu/api/pay/notify/{tenant}` (vouchers/schemas.ts PayNotifyInput), checked alike, kept
 * here so the goods Lambda does not carry the vouchers' schemas.
 */
const NOTICE_BAD = "支付通知格式不正确";
const noticeText = (max: number, re: RegExp) => v.pipe(optText(max, NOTICE_BAD), v.regex(re, NOTICE_BAD));
export const GoodsNotifyInput = v.object({
  tenant: noticeText(40, /^[A-Za-z0-9_-]+$/),
  outTradeNo: noticeText(40, /^GO\d{14,}$/),
  amount: noticeText(10, /^[1-9]\d{0,9}$/),
  tradeNo: noticeText(64, /^[A-Za-z0-9_-]+$/),
  tradeState: noticeText(32, /^[A-Z_]+$/),
  timestamp: noticeText(10, /^\d{10}$/),
  nonce: noticeText(32, /^[A-Za-z0-9]{8,32}$/),
  sign: optText(128, NOTICE_BAD),
});

/** The mini-program's catalogue and the member's orders (issue 34, goods/memberCatalogue.ts). */
export const MemberGoodsListQuery = listQuery({ categoryId: maybeId("商品分类不存在") });
export const MemberGoodsIdQuery = v.object({ id: idField(GOODS_MSG.notFound) });
export const MemberGoodsOrderQuery = listQuery({ status: maybeChoice(GOODS_ORDER_STATUSES, "订单状态不正确") });
