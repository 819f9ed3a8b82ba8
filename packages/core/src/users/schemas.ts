import * as v from "valibot";
import {
  BAD_INPUT,
  idField,
  idsField,
  idsInput,
  intChoice,
  keywordField,
  maybeId,
  optInt,
  optText,
  rawList,
  requiredText,
  textChoice,
  linkField,
  wholeRecord,
} from "../kernel/fields.ts";
import { listQuery } from "../kernel/paging.ts";
import { DATA_SCOPES, MOBILE_PATTERN } from "./rules.ts";

/**
 * The user forms (R373–R384, shared by the staff and the merchant-user variant), the role form and
 * the users routes' queries, shared by the server and the console. Messages are the spec's where it
 * gives them (R373–R378); the others are ours (docs/decisions.md "Users and roles").
 */
export const USER_MSG = {
  mobileMissing: "请填写手机号码",
  mobileBad: "输入的手机号不正确",
  realnameMissing: "请填写姓名",
  passwordMissing: "请登入密码",
  passwordShort: "密码不能少于8位",
  roleMissing: "请绑定身份",
  /** R381: a new user's mobile that is already a user's switches the form to editing that user. */
  existing: "读取到用户信息，将基于现有信息修改。",
  mobileLocked: "编辑用户时不能修改手机号",
  idcardBad: "身份证号应为18位",
  deptBad: "部门不正确",
  sexBad: "性别不正确",
  emailBad: "邮箱格式不正确",
  notFound: "用户不存在或已被删除",
  saved: "保存成功",
} as const;

export const ROLE_MSG = {
  nameMissing: "请填写角色名称",
  nameLong: "角色名称不能超过30个字",
  rightsBad: "权限数据格式不正确",
  scopeBad: "数据范围不正确",
  scopeMissing: "请选择数据范围",
  notFound: "角色不存在或已被删除",
} as const;

export const SEXES = ["男", "女"] as const;
/** Most departments one user may belong to. */
export const MAX_USER_DEPTS = 20;
/** Most roles one user may hold. */
export const MAX_USER_ROLES = 20;

/** Comma-joined codes (R383 deptid): letters and digits, at most MAX_USER_DEPTS of them; blank is none. */
const deptCodesField = v.pipe(
  rawList,
  v.transform((raw) => (Array.isArray(raw) ? raw.map(String) : String(raw ?? "").split(",")).map((s) => s.trim()).filter(Boolean)),
  v.check((codes) => codes.length <= MAX_USER_DEPTS && codes.every((c) => c.length <= 60 && /^[0-9A-Za-z]+$/.test(c)), USER_MSG.deptBad),
  v.transform((codes) => [...new Set(codes)]),
);

/** Comma-joined role ids (R383 roleid); none gives 请绑定身份 (R378), more than MAX_USER_ROLES 一次最多选择20项. */
const roleIdsField = idsField(USER_MSG.roleMissing, MAX_USER_ROLES);

const userEntries = {
  /** Blank or 0 for a new user. */
  id: optInt(0, BAD_INPUT, 0),
  mobile: v.pipe(requiredText(USER_MSG.mobileMissing, 20, USER_MSG.mobileBad), v.regex(MOBILE_PATTERN, USER_MSG.mobileBad)),
  realname: requiredText(USER_MSG.realnameMissing, 30, "姓名不能超过30个字"),
  /** Required for a new user (R376); blank on edit keeps the password (R377). The policy's own rules are the server's. */
  password: v.pipe(
    optText(64, "密码不能超过64位"),
    v.check((s) => s === "" || s.length >= 8, USER_MSG.passwordShort),
  ),
  roleid: roleIdsField,
  deptid: deptCodesField,
  sex: v.pipe(
    optText(2, USER_MSG.sexBad),
    v.check((s) => s === "" || (SEXES as readonly string[]).includes(s), USER_MSG.sexBad),
  ),
  /** R380: 18 characters (17 digits and a digit or X); blank is none. */
  idcard: v.pipe(
    optText(18, USER_MSG.idcardBad),
    v.check((s) => s === "" || /^\d{17}[\dXx]$/.test(s), USER_MSG.idcardBad),
  ),
  address: optText(200, "地址不能超过200个字"),
  email: v.pipe(
    optText(100, "邮箱不能超过100个字"),
    v.check((s) => s === "" || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(s), USER_MSG.emailBad),
  ),
  picture: linkField("头像地址"),
  /** 1 enabled, 0 disabled. */
  displayornot: intChoice([0, 1] as const, BAD_INPUT, 1),
  /** Login name; blank uses the mobile (so a saved user's username may be their mobile). */
  username: v.pipe(
    optText(30, "用户名不能超过30个字"),
    v.check((s) => s === "" || /^[A-Za-z][A-Za-z0-9_.-]*$/.test(s) || MOBILE_PATTERN.test(s), "用户名只能包含字母、数字和_.-，且以字母开头"),
  ),
};

/** The staff form (users/m/save): a new user needs a password (R376). */
export const UserInput = v.pipe(
  wholeRecord(userEntries),
  v.forward(
    v.check((u) => u.id > 0 || u.password !== "", USER_MSG.passwordMissing),
    ["password"],
  ),
);
export type UserInput = v.InferOutput<typeof UserInput>;

const branchIdField = idField("请选择分公司");

/** The merchant-user form (users/bmgr/save): the same form within one branch. */
export const BranchUserInput = v.pipe(
  wholeRecord({ ...userEntries, branchId: branchIdField }),
  v.forward(
    v.check((u) => u.id > 0 || u.password !== "", USER_MSG.passwordMissing),
    ["password"],
  ),
);
export type BranchUserInput = v.InferOutput<typeof BranchUserInput>;

export const UserListQuery = listQuery({});
export const BranchUserListQuery = listQuery({ branchId: branchIdField });
export const MobileLookupQuery = v.object({ mobile: v.pipe(requiredText(USER_MSG.mobileMissing, 20, USER_MSG.mobileBad), v.regex(MOBILE_PATTERN, USER_MSG.mobileBad)) });
export const BranchMobileLookupQuery = v.object({ ...MobileLookupQuery.entries, branchId: branchIdField });
export const BranchIdQuery = v.object({ branchId: branchIdField });
export const BranchUserViewQuery = v.object({ id: idField(), branchId: branchIdField });
export const BranchIdsInput = idsInput("并没有选择删除项", { branchId: branchIdField });

/** Mobile (mini-program) users. */
export const MobileUserListQuery = listQuery({ keyword: keywordField });
export const MobileBindInput = v.object({ id: idField(), clientId: idField("请选择客户") });

/**
 * The role form: `rights` is function id → letters of ADEPRS, sent as JSON text (a form field) or
 * as an object (a JSON body); `dataScope` one of DATA_SCOPES.
 */
const MAX_RIGHTS_TEXT = 20_000;
const rightsField = v.pipe(
  v.optional(v.nullable(v.union([v.string(), v.record(v.string(), v.string())])), ""),
  v.rawTransform(({ dataset, addIssue, NEVER }) => {
    const raw = dataset.value;
    if (raw === null || raw === undefined || raw === "") return {} as Record<string, string>;
    let obj: unknown = raw;
    if (typeof raw === "string") {
      if (raw.length > MAX_RIGHTS_TEXT) {
        addIssue({ message: ROLE_MSG.rightsBad });
        return NEVER;
      }
      try {
        obj = JSON.parse(raw);
      } catch {
        addIssue({ message: ROLE_MSG.rightsBad });
        return NEVER;
      }
    }
    if (!obj || typeof obj !== "object" || Array.isArray(obj)) {
      addIssue({ message: ROLE_MSG.rightsBad });
      return NEVER;
    }
    const entries = Object.entries(obj as Record<string, unknown>);
    const valid = entries.length <= 1000 && entries.every(([k, l]) => /^\d{1,9}$/.test(k) && typeof l === "string" && /^[ADEPRS]{0,6}$/i.test(l));
    if (!valid) {
      addIssue({ message: ROLE_MSG.rightsBad });
      return NEVER;
    }
    return Object.fromEntries(entries) as Record<string, string>;
  }),
);

export const RoleInput = wholeRecord({
  id: optInt(0, BAD_INPUT, 0),
  name: requiredText(ROLE_MSG.nameMissing, 30, ROLE_MSG.nameLong),
  rights: rightsField,
  /** Required: a role's reach is chosen, never assumed. */
  dataScope: v.pipe(
    textChoice(DATA_SCOPES, ROLE_MSG.scopeBad),
    v.check((s) => s !== undefined, ROLE_MSG.scopeMissing),
    v.transform((s) => s!),
  ),
  remark: optText(200, "备注不能超过200个字"),
  /** 1: holders must sign in with a TOTP code (auth/twoFactor.ts). */
  twoFactor: intChoice([0, 1] as const, BAD_INPUT, 0),
  /** 0: a role of the whole tenant; else a branch's own role. */
  branchId: optInt(0, BAD_INPUT, 0),
});
export type RoleInput = v.InferOutput<typeof RoleInput>;

/** 角色管理's list: paged (oldest role first), a keyword over the name, code and remark (issue 36). */
export const RoleListQuery = listQuery({ branchId: maybeId() }, { sort: "id", order: "asc" });
