import * as v from "valibot";
import {
  BAD_INPUT,
  MAX_INT,
  idField,
  idsInput,
  intChoice,
  maybeChoice,
  maybeId,
  maybeInt,
  optInt,
  optText,
  rawValue,
  requiredText,
  textChoice,
  requiredRawText,
  linkField,
  wholeRecord,
} from "../kernel/fields.ts";
import { listQuery } from "../kernel/paging.ts";
import { picturesField } from "../kernel/pictures.ts";
import { TENANT_COLOR_DEFAULTS, TENANT_COLORS, type TenantColor } from "./rules.ts";

/**
 * The inputs of the platform lookups every screen calls (titles, menu, rights, style parameters)
 * and of the style-attribute editor (docs/gaps.md §3), shared by the server and the console.
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

/** style/attrsave (docs/gaps.md §3): one row of a style-parameter list; blank or 0 id for a new one. */
export const StyleAttrInput = wholeRecord({
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

/** style/attrdelete's input: `ids` comma-joined (at most 200); none answers `{check: 0, msg: 并没有选择删除项}`. */
export const StyleAttrDelete = idsInput("并没有选择删除项");

/* ------------------------------------------------------------------ tenants (R430–R442) */

/** The colours and their defaults live in ./rules.ts (pure, shared with the console's frame). */
export { TENANT_COLOR_DEFAULTS, TENANT_COLORS, type TenantColor };

export const TENANT_SCOPES = ["all", "read"] as const;
export const TENANT_GRANT_TYPES = ["password", "authorization-code", "implicit", "client_credentials"] as const;
export const MAX_TENANT_BGIMAGES = 10;
export const MAX_TENANT_DOMAINS = 20;

export const TENANT_MSG = {
  clientId: "租户ID不能为空",
  clientIdBad: "租户ID只能包含字母、数字、下划线和短横线",
  clientIdLong: "租户ID不能超过32个字",
  password: "租户密码不能为空",
  passwordLong: "租户密码不能超过64个字",
  scope: "授权范围不正确",
  grantType: "授权类型不正确",
  domain: "租户绑定的域名不能为空",
  domainBad: "域名格式不正确",
  domainMany: `绑定的域名最多${MAX_TENANT_DOMAINS}个`,
  systemName: "平台名称不能为空",
  systemNameLong: "平台名称不能超过50个字",
  bgimagesMany: `背景图片最多上传${MAX_TENANT_BGIMAGES}张`,
  color: "颜色格式不正确",
  adminMobile: "管理员手机号不能为空",
  adminMobileBad: "管理员手机号格式不正确",
  adminPassword: "管理员初始密码不能为空",
  exists: "租户ID已存在",
  missing: "租户不存在或已被删除",
  locked: "该租户已锁定，不能修改、删除或停用",
  platform: "平台租户不能停用或删除",
  inUse: "该租户仍在使用中，请先停用再删除",
  notChosen: "并没有选择租户",
} as const;

/** platform/list: paging and keyword (systemName, clientId, a domain); the dropdown asks for page size 100000 (R438). */
export const TENANT_DROPDOWN_PAGE_SIZE = 100_000;
const tenantPageSize = maybeInt("每页条数不正确", 1, TENANT_DROPDOWN_PAGE_SIZE);
export const TenantListQuery = listQuery({ idisplay: maybeChoice([0, 1] as const, "状态不正确"), pageSize: tenantPageSize, pagesize: tenantPageSize });

/** platform/view: one tenant by its clientId. */
export const TenantViewQuery = v.object({ clientId: requiredText(TENANT_MSG.clientId, 32, TENANT_MSG.clientIdLong) });

const color = v.pipe(
  optText(40, TENANT_MSG.color),
  v.check((s) => s === "" || /^#[0-9a-fA-F]{3,8}$|^rgba?\([\d\s.,%]+\)$/.test(s), TENANT_MSG.color),
);

/** domain2: one domain per line (R435), split into the stored list. */
const domains = v.pipe(
  requiredText(TENANT_MSG.domain, 5000, TENANT_MSG.domainMany),
  v.transform((s) => [
    ...new Set(
      s
        .split(/\r?\n/)
        .map((d) => d.trim())
        .filter(Boolean),
    ),
  ]),
  v.check((list) => list.length <= MAX_TENANT_DOMAINS, TENANT_MSG.domainMany),
  v.check((list) => list.every((d) => d.length <= 253 && /^[A-Za-z0-9.:\-_/*]+$/.test(d)), TENANT_MSG.domainBad),
);

/**
 * platform/save (R432–R442). `id` present: an edit of that tenant (clientId cannot change, R432).
 * Absent: a new tenant, provisioned at once with its first administrator (adminMobile, adminPassword:
 * our fields, docs/api.md), who must change that password at the first sign-in.
 */
export const TenantInput = wholeRecord({
  id: maybeId(),
  clientId: v.pipe(requiredText(TENANT_MSG.clientId, 32, TENANT_MSG.clientIdLong), v.regex(/^[A-Za-z0-9_-]+$/, TENANT_MSG.clientIdBad)),
  password: requiredRawText(TENANT_MSG.password, 64, TENANT_MSG.passwordLong),
  scope: v.pipe(
    textChoice(TENANT_SCOPES, TENANT_MSG.scope),
    v.transform((s) => s ?? "all"),
  ),
  grantType: v.pipe(
    textChoice(TENANT_GRANT_TYPES, TENANT_MSG.grantType),
    v.transform((s) => s ?? "password"),
  ),
  systemName: requiredText(TENANT_MSG.systemName, 50, TENANT_MSG.systemNameLong),
  sysHomePage: linkField("首页地址", { max: 200 }),
  domain2: domains,
  loginLogo: linkField("登录页LOGO地址", { tooLong: "登录页LOGO地址过长" }),
  copyright: optText(200, "版权信息不能超过200个字"),
  bgimages: v.pipe(
    picturesField,
    v.check((l) => l.length <= MAX_TENANT_BGIMAGES, TENANT_MSG.bgimagesMany),
  ),
  idisplay: intChoice([0, 1] as const, "状态不正确", 0),
  allowReg: intChoice([0, 1] as const, "是否允许注册不正确", 0),
  allowForgot: intChoice([0, 1] as const, "是否允许找回密码不正确", 0),
  ...(Object.fromEntries(TENANT_COLORS.map((k) => [k, color])) as Record<TenantColor, typeof color>),
  adminMobile: v.pipe(
    optText(11, TENANT_MSG.adminMobileBad),
    v.check((s) => s === "" || /^1\d{10}$/.test(s), TENANT_MSG.adminMobileBad),
  ),
  adminPassword: v.pipe(
    rawValue,
    v.transform((x) => (x === undefined || x === null ? "" : String(x))),
    v.maxLength(128, "管理员初始密码不能超过128个字"),
  ),
});
export type TenantInput = v.InferOutput<typeof TenantInput>;

/** platform/passed: enable (1) or disable (0) the named tenants. */
export const TenantPassInput = idsInput("并没有选择审核项", { idisplay: intChoice([0, 1] as const, "状态不正确") });
/** platform/delete. */
export const TenantDeleteInput = idsInput(TENANT_MSG.notChosen);

/* ------------------------------------------------------------------ platform configuration (R443–R475, R484–R487) */
export * from "./paySchemas.ts";
export * from "./wxSchemas.ts";
export * from "./smsSchemas.ts";
export * from "./dbSchemas.ts";
export * from "./appupdateSchemas.ts";
export * from "./mp/schemas.ts";
export * from "./oa/schemas.ts";
