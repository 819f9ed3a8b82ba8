import * as v from "valibot";
import { MOBILE_PATTERN, normaliseMobile, PROSPECT_STATUS } from "./rules.ts";

/** Client forms (R285–R294), shared by the server and the console. Messages are the spec's. */

const text = (max: number, msg: string) => v.optional(v.pipe(v.union([v.string(), v.number()]), v.transform(String), v.trim(), v.maxLength(max, msg)), "");
const required = (msg: string, max = 200, tooLong = msg) =>
  v.pipe(v.union([v.string(msg), v.number(msg)], msg), v.transform(String), v.trim(), v.nonEmpty(msg), v.maxLength(max, tooLong));
const requiredInt = (msg: string) =>
  v.pipe(v.union([v.string(msg), v.number(msg)], msg), v.transform(String), v.trim(), v.nonEmpty(msg), v.transform(Number), v.number(msg), v.integer(msg));
const optionalInt = (msg: string, fallback = 0) =>
  v.optional(v.pipe(v.union([v.string(), v.number()], msg), v.transform((x) => (String(x).trim() === "" ? fallback : Number(x))), v.number(msg), v.integer(msg)), fallback);

export const MOBILE_FORMAT = "输入的手机号不正确";

export const ClientInput = v.pipe(
  v.object({
    id: optionalInt("无效的客户信息"),
    clientName: required("客户姓名不能为空", 50, "客户姓名不能超过50个字"),
    mobile: v.pipe(required("手机号码不能为空", 30), v.transform(normaliseMobile), v.regex(MOBILE_PATTERN, MOBILE_FORMAT)),
    status: requiredInt("会员状态不能为空"),
    shop: required("必须选择门店", 60),
    memberCode: text(20, "会员编号不能超过20个字"),
    sex: text(4, "性别不正确"),
    age: v.pipe(optionalInt("年龄必须是数字"), v.minValue(0, "年龄必须是数字"), v.maxValue(150, "年龄必须是数字")),
    idCard: text(18, "身份证号不能超过18位"),
    email: text(100, "邮箱不能超过100个字"),
    province: text(50, "省份不正确"),
    city: text(50, "城市不正确"),
    county: text(50, "区县不正确"),
    address: text(200, "地址不能超过200个字"),
    marketer: text(50, "销售员不能超过50个字"),
    clientSource: text(50, "渠道来源不正确"),
    maritalStatus: text(10, "婚姻状况不正确"),
    jobType: text(20, "职业不正确"),
    memberLevel: text(20, "会员等级不正确"),
    remark: text(500, "备注不能超过500个字"),
  }),
  // R290: a customer (status 1) has no member level, whatever the form sent.
  v.transform((c) => (c.status === PROSPECT_STATUS ? { ...c, memberLevel: "" } : c)),
);
export type ClientInput = v.InferOutput<typeof ClientInput>;

/** Customer import form (R293, R294). */
export const ClientImportInput = v.object({
  shop: required("门店不能为空", 60),
  excelPath: required("请选上传文件", 300),
  excelName: text(200, "文件名过长"),
  /** Chosen by the console so it can poll progress while the import runs. */
  jobId: v.optional(v.pipe(v.string(), v.trim(), v.regex(/^(?:[A-Za-z0-9-]{8,64})?$/, "参数格式不正确")), ""),
});
export type ClientImportInput = v.InferOutput<typeof ClientImportInput>;

/** Account / RCI settings of a membership (membershipsave; gaps.md §9: type 1 account, 2 RCI). */
export const MembershipAccountInput = v.object({
  id: requiredInt("无效的客户信息"),
  productTypeId: requiredInt("客户产品存储信息不存在"),
  type: v.pipe(requiredInt("参数格式不正确"), v.picklist([1, 2], "参数格式不正确")),
  account: text(100, "账号不能超过100个字"),
  /** Blank keeps the stored password. */
  password: text(100, "密码不能超过100个字"),
  rciId: text(100, "RCI会员号不能超过100个字"),
  rciAccount: text(100, "账号不能超过100个字"),
  rciPassword: text(100, "密码不能超过100个字"),
});
export type MembershipAccountInput = v.InferOutput<typeof MembershipAccountInput>;

/** Modify validity (shipdurationsave, R301, R302). */
export const ShipDurationInput = v.object({
  id: requiredInt("无效的产品记录，请重选"),
  productName: text(100, "产品名称过长"),
  shipDuration: required("有效期不能为空", 19),
});
export type ShipDurationInput = v.InferOutput<typeof ShipDurationInput>;
