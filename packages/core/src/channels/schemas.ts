import * as v from "valibot";
import { BAD_INPUT, intChoice, maybeIdsField, optInt, optText, requiredText, wholeRecord } from "../kernel/fields.ts";

/** Channel form (R390–R394). The spec gives no messages for code and name; docs/gaps.md §9 proposes these. */
export const DEFAULT_CHANNEL_LIST = "clientSource";

/** Which style list holds the channels: a parameter name, the client source list when blank. */
const styleen = v.pipe(
  optText(40, BAD_INPUT),
  v.transform((s) => s || DEFAULT_CHANNEL_LIST),
  v.regex(/^[A-Za-z][A-Za-z0-9_]{0,39}$/, BAD_INPUT),
);
const STYLEID_LONG = "编码不能超过50个字";

export const ChannelInput = wholeRecord({
  /** The channel's row id: blank or 0 for a new channel. */
  id: optInt(0, BAD_INPUT),
  styleen,
  styleid: requiredText("编码不能为空", 50, STYLEID_LONG),
  stylename: requiredText("名称不能为空", 50, "名称不能超过50个字"),
  pseudocode: optText(200, "描述不能超过200个字"),
  displayornot: intChoice([0, 1] as const, "状态不正确", 1),
  seq: optInt(99, "排序必须是数字"),
  /** Bound sales persons: user ids, comma-joined (R394). */
  users: maybeIdsField("绑定用户不正确"),
});
export type ChannelInput = v.InferOutput<typeof ChannelInput>;

/** channel/list: the channels of one style list. */
export const ChannelListQuery = v.object({ styleen });
/** channel/view: one channel by its code. */
export const ChannelViewQuery = v.object({ styleen, styleid: optText(50, STYLEID_LONG) });
