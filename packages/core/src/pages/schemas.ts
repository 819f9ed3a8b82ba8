import * as v from "valibot";
import { BAD_INPUT, blank, idInput, intChoice, optInt, optText, rawValue, requiredText, toInt, optRawText, linkField, wholeRecord } from "../kernel/fields.ts";

/**
 * The page builder's route inputs (spec 002 "Page builder"; R552–R554, R559, R581, R582). The
 * document itself (configJson) is checked by `document/` when the service saves it.
 */
export const MSG = {
  name: "请输入名称",
  nameLong: "名称不能超过50个字",
  incomplete: "数据不完整，请刷新页面重新编辑。",
  seq: "排序必须是1到999999之间的整数",
  code: "编码只能包含字母、数字、下划线和横线，且不能超过50个字",
  codeTaken: "编码已存在",
  notFound: "页面不存在或已被删除",
  parentMissing: "上级页面不存在或已被删除",
  moveFailed: "移动失败，请重试",
  copyFailed: "复制失败，请重试",
  readFailed: "获取数据失败，请重试",
  moduleCode: "请选择模块",
  targetCode: "请选择目标模块",
  intoItself: "不能移动到自身或其下级",
  tooBig: "页面内容过大，请减少组件或内容",
  moduleTooBig: "模块下的页面过多（不能超过1000个）",
  missingPage: "页面不存在或未启用",
} as const;

/** Codes name pages in the mini-program's addresses: plain characters only. */
export const CODE_PATTERN = /^[A-Za-z0-9_-]{1,50}$/;
const codeField = v.pipe(
  optText(50, MSG.code),
  v.check((s) => s === "" || CODE_PATTERN.test(s), MSG.code),
);

/** R553: a save always names its parent (0 at the top of a terminal); blank means the console lost it. */
const parentField = v.pipe(
  rawValue,
  v.check((x) => !blank(x), MSG.incomplete),
  v.transform((x) => toInt(x)),
  v.check((n) => n >= 0, MSG.incomplete),
);

/** Comma-separated function codes and names (R582). */
const columnList = (label: string) => optText(2000, `${label}不能超过2000个字`);

/** custompage/save: the record's fields and the document as JSON text (configJson). */
export const PageSaveInput = wholeRecord({
  id: v.pipe(
    rawValue,
    v.transform((x) => (blank(x) ? undefined : toInt(x))),
    v.check((n) => n === undefined || n >= 1, MSG.incomplete),
  ),
  parentId: parentField,
  name: requiredText(MSG.name, 50, MSG.nameLong),
  code: codeField,
  seq: optInt(99, MSG.seq, 1, 999_999),
  isMenu: intChoice([0, 1] as const, BAD_INPUT, 1),
  url: linkField("地址"),
  icon: linkField("图标地址"),
  jumpJson: optRawText(2000, "跳转设置不能超过2000个字"),
  enableStatus: intChoice([1, 2] as const, BAD_INPUT, 1),
  sysModuleId: optInt(0, BAD_INPUT),
  columnCode: columnList("后台功能编码"),
  columnName: columnList("后台功能名称"),
  branchId: optInt(0, BAD_INPUT),
  // Bounded by the document's own limit (document/document.ts MAX_DOCUMENT_CHARS) when it is read.
  configJson: v.optional(v.nullable(v.union([v.string(), v.record(v.string(), v.unknown())])), ""),
});
export type PageSaveInput = v.InferOutput<typeof PageSaveInput>;

/** custompage/list and submenu: the level below a node (0 = the top). */
export const ParentQuery = v.object({ parentId: optInt(0, BAD_INPUT) });
export const PageIdInput = idInput(MSG.notFound);

/** moveSystemModule / copySystemModule: the module (by code) and the node it goes under (by code). */
export const ModuleInput = v.object({
  oldModuleCode: v.pipe(
    requiredText(MSG.moduleCode, 50, MSG.code),
    v.check((s) => CODE_PATTERN.test(s), MSG.code),
  ),
  newModuleCode: v.pipe(
    requiredText(MSG.targetCode, 50, MSG.code),
    v.check((s) => CODE_PATTERN.test(s), MSG.code),
  ),
});

/** The mini-program's read of a page: by code, the tenant named by its host (docs/api.md). */
export const RenderQuery = v.object({
  code: v.pipe(
    requiredText(MSG.missingPage, 50, MSG.missingPage),
    v.check((s) => CODE_PATTERN.test(s), MSG.missingPage),
  ),
  domain: optText(260, "没有读取到门户信息，请重试。"),
});
