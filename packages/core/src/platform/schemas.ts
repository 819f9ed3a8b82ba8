import * as v from "valibot";
import { BAD_INPUT, MAX_INT, idField, idsInput, intChoice, maybeInt, optInt, optText, requiredText, textChoice } from "../kernel/fields.ts";

/**
 * The inputs of the platform lookups every screen calls (titles, menu, rights, style parameters)
 * and of the style-attribute editor (gaps.md §3), shared by the server and the console.
 */

const NO_FUNCTION = "功能编号不正确";
const NO_STYLE_LIST = "参数类型不能为空";
const STYLE_LIST_LONG = "参数类型不能超过50个字";

/** type/moduleinfo and appcenter/right/{functionId}: one function of the caller's menu. */
export const FunctionQuery = v.object({ functionId: idField(NO_FUNCTION) });

/** type/list: the menu below one folder (0: the whole menu). */
export const MenuQuery = v.object({ fatherid: optInt(0, BAD_INPUT) });

const styleen = requiredText(NO_STYLE_LIST, 50, STYLE_LIST_LONG);

/** styleparam/list: one list, optionally led by a default choice `df` (such as 全部) whose value is `dfKey`. */
export const StyleListQuery = v.object({
  styleen,
  /** Blank: no default choice. */
  df: v.pipe(
    optText(50, "默认选项不能超过50个字"),
    v.transform((s) => s || undefined),
  ),
  dfKey: optText(50, "参数编码不能超过50个字"),
});

/** The columns of a style row that styleparam/name may answer with. */
export const STYLE_COLUMNS = ["stylename", "styleid", "pseudocode", "styleen"] as const;
export type StyleColumn = (typeof STYLE_COLUMNS)[number];

/** styleparam/name: one value's name (or another of its columns). */
export const StyleNameQuery = v.object({
  styleen,
  styleid: optText(50, "参数编码不能超过50个字"),
  outcolumnName: textChoice(STYLE_COLUMNS, BAD_INPUT),
});

/** style/attrsave (gaps.md §3): one row of a style-parameter list; blank or 0 id for a new one. */
export const StyleAttrInput = v.object({
  id: v.pipe(
    maybeInt("参数不正确", 0),
    v.transform((n) => n || undefined),
  ),
  styleen,
  styleid: requiredText("参数编码不能为空", 50, "参数编码不能超过50个字"),
  stylename: requiredText("参数名称不能为空", 100, "参数名称不能超过100个字"),
  pseudocode: optText(500, "参数值不能超过500个字"),
  seq: optInt(99, "排序必须是数字", -MAX_INT),
  displayornot: intChoice([0, 1] as const, "状态不正确", 1),
});
export type StyleAttrInput = v.InferOutput<typeof StyleAttrInput>;

/** style/attrsave's input: a refused form answers `{check: 0, msg}`. */
export const StyleAttrSave = StyleAttrInput;
/** style/attrdelete's input: `ids` comma-joined (at most 200); none answers `{check: 0, msg: 并没有选择删除项}`. */
export const StyleAttrDelete = idsInput("并没有选择删除项");
