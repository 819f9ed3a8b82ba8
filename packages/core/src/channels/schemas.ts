import * as v from "valibot";

/** Channel form (R390–R394). The spec gives no messages for code and name; gaps.md §9 proposes these. */
export const DEFAULT_CHANNEL_LIST = "clientSource";

const text = (max: number, msg: string) => v.optional(v.pipe(v.union([v.string(), v.number()]), v.transform(String), v.trim(), v.maxLength(max, msg)), "");

export const ChannelInput = v.object({
  id: v.optional(v.pipe(v.union([v.string(), v.number()]), v.transform((x) => Number(x) || 0)), 0),
  styleen: v.optional(v.pipe(v.string(), v.trim(), v.transform((s) => s || DEFAULT_CHANNEL_LIST), v.regex(/^[A-Za-z][A-Za-z0-9_]{0,39}$/, "参数格式不正确")), DEFAULT_CHANNEL_LIST),
  styleid: v.pipe(v.union([v.string("编码不能为空"), v.number("编码不能为空")], "编码不能为空"), v.transform(String), v.trim(), v.nonEmpty("编码不能为空"), v.maxLength(50, "编码不能超过50个字")),
  stylename: v.pipe(v.union([v.string("名称不能为空"), v.number("名称不能为空")], "名称不能为空"), v.transform(String), v.trim(), v.nonEmpty("名称不能为空"), v.maxLength(50, "名称不能超过50个字")),
  pseudocode: text(200, "描述不能超过200个字"),
  displayornot: v.optional(v.pipe(v.union([v.string(), v.number()]), v.transform((x) => (String(x).trim() === "" ? 1 : Number(x))), v.picklist([0, 1], "状态不正确")), 1),
  seq: v.optional(v.pipe(v.union([v.string(), v.number()]), v.transform((x) => (String(x).trim() === "" ? 99 : Number(x))), v.number("排序必须是数字"), v.integer("排序必须是数字")), 99),
  /** Bound sales persons: user ids, comma-joined (R394). */
  users: v.optional(
    v.pipe(
      v.union([v.string(), v.number(), v.array(v.union([v.string(), v.number()]))]),
      v.transform((x) => (Array.isArray(x) ? x.map(String) : String(x).split(","))),
      v.transform((xs) => [...new Set(xs.map((s) => s.trim()).filter(Boolean))]),
      v.check((xs) => xs.every((s) => /^\d+$/.test(s)), "绑定用户不正确"),
      v.transform((xs) => xs.map(Number)),
    ),
    "",
  ),
});
export type ChannelInput = v.InferOutput<typeof ChannelInput>;
