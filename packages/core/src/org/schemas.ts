import * as v from "valibot";

const INCOMPLETE = "数据不完整，请刷新页面重新编辑。";
const num = (msg: string) => v.pipe(v.union([v.number(), v.string()], msg), v.transform(Number), v.number(msg), v.integer(msg));
const optText = (max: number, msg: string) => v.optional(v.pipe(v.string(), v.trim(), v.maxLength(max, msg)), "");

/** Organisation node form (R536–R540). Shared by the server and the console's tree editor. */
export const OrgNodeInput = v.object({
  id: v.optional(num("数据不完整，请刷新页面重新编辑。")),
  parentId: v.pipe(v.union([v.number(), v.string()], INCOMPLETE), v.transform(String), v.nonEmpty(INCOMPLETE), v.transform(Number), v.integer(INCOMPLETE), v.minValue(0, INCOMPLETE)),
  orgType: v.pipe(v.string(INCOMPLETE), v.trim(), v.nonEmpty(INCOMPLETE), v.maxLength(30, INCOMPLETE)),
  orgName: v.pipe(v.string("请输入名称"), v.trim(), v.nonEmpty("请输入名称"), v.maxLength(50, "名称不能超过50个字")),
  orgExtraCode: optText(20, "拼音首字母不能超过20个字"),
  picture: optText(500, "图片地址过长"),
  info: optText(2000, "说明不能超过2000个字"),
  lng: optText(20, "经度格式不正确"),
  lat: optText(20, "纬度格式不正确"),
  address: optText(200, "地址不能超过200个字"),
  branchId: v.optional(num("分公司不正确"), 0),
  seq: v.optional(v.pipe(num("排序必须是数字"), v.minValue(1, "排序不能小于1")), 99),
  idisplay: v.optional(v.pipe(num("状态不正确"), v.picklist([1, 2], "状态不正确")), 1),
});
export type OrgNodeInput = v.InferOutput<typeof OrgNodeInput>;

/** Region node form (R541–R543). */
export const RegionInput = v.object({
  id: v.optional(v.pipe(num("编码必须是数字"), v.minValue(1, "编码必须是数字"))),
  isNew: v.optional(v.union([v.boolean(), v.string()])),
  parentid: v.pipe(v.union([v.number(), v.string()], "上级区域不能为空"), v.transform(String), v.nonEmpty("上级区域不能为空"), v.transform(Number), v.integer("上级区域不能为空")),
  name: v.pipe(v.string("请输入名称"), v.trim(), v.nonEmpty("请输入名称"), v.maxLength(50, "名称不能超过50个字")),
  shortname: optText(50, "简称不能超过50个字"),
  pinyin: optText(100, "拼音不能超过100个字"),
  citycode: optText(10, "区号不能超过10个字"),
  zipcode: optText(10, "邮编不能超过10个字"),
  lng: optText(20, "经度格式不正确"),
  lat: optText(20, "纬度格式不正确"),
  status: v.optional(v.pipe(num("状态不正确"), v.picklist([0, 1], "状态不正确")), 1),
});
export type RegionInput = v.InferOutput<typeof RegionInput>;
