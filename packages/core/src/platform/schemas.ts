import * as v from "valibot";

const num = (msg: string) => v.pipe(v.union([v.number(), v.string()], msg), v.transform(Number), v.number(msg), v.integer(msg));

/** style/attrsave (gaps.md §3): one row of a style-parameter list. */
export const StyleAttrInput = v.object({
  id: v.optional(v.pipe(v.union([v.number(), v.string()]), v.transform((x) => (x === "" ? undefined : Number(x))), v.optional(v.pipe(v.number("参数不正确"), v.integer("参数不正确"))))),
  styleen: v.pipe(v.string("参数类型不能为空"), v.trim(), v.nonEmpty("参数类型不能为空"), v.maxLength(50, "参数类型不能超过50个字")),
  styleid: v.pipe(v.union([v.string(), v.number()], "参数编码不能为空"), v.transform(String), v.trim(), v.nonEmpty("参数编码不能为空"), v.maxLength(50, "参数编码不能超过50个字")),
  stylename: v.pipe(v.string("参数名称不能为空"), v.trim(), v.nonEmpty("参数名称不能为空"), v.maxLength(100, "参数名称不能超过100个字")),
  pseudocode: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(500, "参数值不能超过500个字")), ""),
  seq: v.optional(num("排序必须是数字"), 99),
  displayornot: v.optional(v.pipe(num("状态不正确"), v.picklist([0, 1], "状态不正确")), 1),
});
export type StyleAttrInput = v.InferOutput<typeof StyleAttrInput>;
