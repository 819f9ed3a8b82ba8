import { DEPARTMENT_TREE } from "./entities.ts";
import * as v from "valibot";
import {
  BAD_INPUT,
  MAX_INT,
  flagField,
  idField,
  intChoice,
  keywordField,
  latField,
  lngField,
  maybeId,
  maybeInt,
  optInt,
  optText,
  requiredInt,
  requiredText,
  linkField,
  wholeRecord,
} from "../kernel/fields.ts";

/**
 * The forms and queries of the org area (organisation trees, the national region tree, branches),
 * shared by the server and the console's tree editors. Every field tolerates a missing key so its
 * own Chinese message speaks (R536–R543).
 */

const INCOMPLETE = "数据不完整，请刷新页面重新编辑。";
const NO_TYPE = "组织类型未定义，无法加载";
const NO_NAME = "请输入名称";
const NAME_LONG = "名称不能超过50个字";
/** The national region tree's root: 100000 中国. */
export const REGION_ROOT = 100000;
/** Sort numbers are stored padded to 6 digits (entities.ts). */
export const MAX_SEQ = 999_999;
/** A tree's type name (dept, destination, goods class…). */
const MAX_ORG_TYPE = 30;

/** Organisation node form (R536–R540). Shared by the server and the console's tree editor. */
export const OrgNodeInput = wholeRecord({
  /** Blank or 0 for a new node. */
  id: optInt(0, INCOMPLETE),
  parentId: requiredInt(INCOMPLETE, INCOMPLETE, 0),
  orgType: requiredText(INCOMPLETE, MAX_ORG_TYPE, INCOMPLETE),
  orgName: requiredText(NO_NAME, 50, NAME_LONG),
  orgExtraCode: optText(20, "拼音首字母不能超过20个字"),
  picture: linkField("图片地址", { tooLong: "图片地址过长" }),
  info: optText(2000, "说明不能超过2000个字"),
  lng: lngField(),
  lat: latField(),
  address: optText(200, "地址不能超过200个字"),
  branchId: optInt(0, "分公司不正确"),
  seq: v.pipe(optInt(99, "排序必须是数字", -MAX_INT), v.minValue(1, "排序不能小于1"), v.maxValue(MAX_SEQ, `排序不能超过${MAX_SEQ}`)),
  idisplay: intChoice([1, 2] as const, "状态不正确", 1),
});
export type OrgNodeInput = v.InferOutput<typeof OrgNodeInput>;

/** Region node form (R541–R543). `isNew` with an `id` creates the region under that administrative code. */
export const RegionInput = wholeRecord(
  {
    id: maybeId("编码必须是数字"),
    /** true, or absent (a form's output carries no isNew=false back to the server). */
    isNew: v.pipe(
      flagField(false),
      v.transform((b) => b || undefined),
    ),
    parentid: requiredInt("上级区域不能为空", "上级区域不能为空", 0),
    name: requiredText(NO_NAME, 50, NAME_LONG),
    shortname: optText(50, "简称不能超过50个字"),
    pinyin: optText(100, "拼音不能超过100个字"),
    citycode: optText(10, "区号不能超过10个字"),
    zipcode: optText(10, "邮编不能超过10个字"),
    lng: lngField(),
    lat: latField(),
    status: intChoice([0, 1] as const, "状态不正确", 1),
  },
  "edit",
  ["isNew"],
);
export type RegionInput = v.InferOutput<typeof RegionInput>;

// ── the queries of the org routes ──

/** A tree's type: required where a screen names its tree. */
const orgTypeField = requiredText(NO_TYPE, MAX_ORG_TYPE, NO_TYPE);

/** organization/list: the children of one node of one tree (0: the top level). */
export const OrgChildrenQuery = v.object({ orgType: orgTypeField, parentId: optInt(0, BAD_INPUT) });

/** organization/delete, chinaarea/delete: one node, deleted with every node below it. */
export const NodeDeleteInput = v.object({ id: idField("并没有选择删除项", BAD_INPUT) });

/** organization/app/list: the cascader's tree (the department tree unless another is named). */
export const OrgCascaderQuery = v.object({
  orgType: v.pipe(
    optText(MAX_ORG_TYPE, NO_TYPE),
    v.transform((t) => t || DEPARTMENT_TREE),
  ),
  parentId: optInt(0, BAD_INPUT),
  isNotTree: flagField(false),
  /** 0 or blank: every branch. */
  branchId: v.pipe(
    maybeInt(BAD_INPUT, 0),
    v.transform((n) => n || undefined),
  ),
});

/** chinaarea/list: the children of a region (blank: of 中国); the console sends `parentid`, older callers `parentId`; 0 gives the root itself. */
export const RegionChildrenQuery = v.pipe(
  v.object({ parentid: maybeInt(BAD_INPUT, 0), parentId: maybeInt(BAD_INPUT, 0) }),
  v.transform((q) => ({ parentid: q.parentid ?? q.parentId ?? REGION_ROOT })),
);

/** area/alllist: regions whose 6-digit code starts with the prefix (blank: all). */
export const RegionPrefixQuery = v.object({
  areaCodePrefix: v.pipe(optText(6, "区域编码不正确"), v.regex(/^\d*$/, "区域编码不正确")),
});

/** branch/list: a keyword and how many rows; dropdowns ask for all (`pagesize`/`pageSize`/`limit` alike). */
export const MAX_BRANCH_ROWS = 100_000;
const rows = maybeInt("每页条数不正确", 0, MAX_BRANCH_ROWS);
export const BranchListQuery = v.pipe(
  v.object({ keyword: keywordField, limit: rows, pagesize: rows, pageSize: rows }),
  v.transform((q) => ({ keyword: q.keyword, limit: Math.max(1, q.limit ?? q.pagesize ?? q.pageSize ?? MAX_BRANCH_ROWS) })),
);
