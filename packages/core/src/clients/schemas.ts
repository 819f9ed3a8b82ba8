import { INVALID_CLIENT } from "./rules.ts";
export { INVALID_CLIENT };
import * as v from "valibot";
import {
  ageField,
  BAD_INPUT,
  emailField,
  flagField,
  idField,
  idNumberField,
  intChoice,
  keywordField,
  maybeChoice,
  maybeId,
  MOBILE_BAD,
  mobileField,
  optInt,
  optText,
  requiredInt,
  requiredText,
  optRawText,
  wholeRecord,
} from "../kernel/fields.ts";
import { listQuery } from "../kernel/paging.ts";
import { PROSPECT_STATUS } from "./rules.ts";

/**
 * Client forms (R285–R294) and the queries of the client routes, shared by the server and the
 * console. Every field is a kernel builder (kernel/fields.ts): bounded, a missing key reads as blank
 * so its own Chinese message speaks. Messages are the spec's.
 */

export const MOBILE_FORMAT = MOBILE_BAD;
export const NO_MEMBERSHIP = "客户产品存储信息不存在";
export const NO_LOT = "无效的产品记录，请重选";

/** The client statuses (docs/gaps.md §5 clientStatus: 1 客户, 2 会员, 3 停用). */
export const CLIENT_STATUSES = [1, 2, 3] as const;
export type ClientStatus = (typeof CLIENT_STATUSES)[number];
const STATUS_MISSING = "会员状态不能为空";
const STATUS_BAD = "会员状态不正确";
/** The client form's sexes (its radio buttons); blank is not known. */
export const SEXES = ["男", "女"] as const;
export const SEX_BAD = "性别只能是男或女";
/** A shop (department) code as the lists and forms send it. */
const MAX_SHOP = 60;

export const ClientInput = v.pipe(
  wholeRecord({
    /** The form's own id: blank or 0 for a new client. */
    id: optInt(0, INVALID_CLIENT),
    clientName: requiredText("客户姓名不能为空", 50, "客户姓名不能超过50个字"),
    mobile: mobileField("手机号码不能为空", MOBILE_FORMAT),
    // R287: not a number says 会员状态不能为空; a number outside the list 会员状态不正确.
    status: v.pipe(
      requiredInt(STATUS_MISSING),
      v.check((n) => (CLIENT_STATUSES as readonly number[]).includes(n), STATUS_BAD),
      v.transform((n) => n as ClientStatus),
    ),
    shop: requiredText("必须选择门店", MAX_SHOP, "必须选择门店"),
    memberCode: optText(20, "会员编号不能超过20个字"),
    sex: v.pipe(
      optText(4, SEX_BAD),
      v.check((s) => s === "" || (SEXES as readonly string[]).includes(s), SEX_BAD),
    ),
    age: ageField(),
    idCard: idNumberField(),
    email: emailField(),
    province: optText(50, "省份不正确"),
    city: optText(50, "城市不正确"),
    county: optText(50, "区县不正确"),
    address: optText(200, "地址不能超过200个字"),
    marketer: optText(50, "销售员不能超过50个字"),
    clientSource: optText(50, "渠道来源不正确"),
    maritalStatus: optText(10, "婚姻状况不正确"),
    jobType: optText(20, "职业不正确"),
    memberLevel: optText(20, "会员等级不正确"),
    remark: optText(500, "备注不能超过500个字"),
  }),
  // R290: a customer (status 1) has no member level, whatever the form sent.
  v.transform((c) => (c.status === PROSPECT_STATUS ? { ...c, memberLevel: "" } : c)),
);
export type ClientInput = v.InferOutput<typeof ClientInput>;

/** Account / RCI settings of a membership (membershipsave; docs/gaps.md §9: type 1 account, 2 RCI). */
export const ACCOUNT_TYPES = [1, 2] as const;
export const MembershipAccountInput = v.object({
  id: idField(INVALID_CLIENT),
  productTypeId: idField(NO_MEMBERSHIP),
  type: intChoice(ACCOUNT_TYPES, BAD_INPUT),
  account: optText(100, "账号不能超过100个字"),
  /** Blank keeps the stored password. */
  password: optRawText(100, "密码不能超过100个字"),
  rciId: optText(100, "RCI会员号不能超过100个字"),
  rciAccount: optText(100, "账号不能超过100个字"),
  rciPassword: optRawText(100, "密码不能超过100个字"),
});
export type MembershipAccountInput = v.InferOutput<typeof MembershipAccountInput>;

/** Modify validity (shipdurationsave, R301, R302): the ledger reads the date (有效期格式不正确). */
export const ShipDurationInput = v.object({
  id: idField(NO_LOT),
  productName: optText(100, "产品名称过长"),
  shipDuration: requiredText("有效期不能为空", 19, "有效期格式不正确"),
});
export type ShipDurationInput = v.InferOutput<typeof ShipDurationInput>;

// ── the queries of the client routes ──

/** The client and member lists (R277): a shop inside the caller's departments, a status, 'exclude staff members'. */
export const ClientListQuery = listQuery({
  shop: optText(MAX_SHOP, "门店不正确"),
  status: maybeChoice(CLIENT_STATUSES, STATUS_BAD),
  excludeMgr: flagField(),
});
export type ClientListQuery = v.InferOutput<typeof ClientListQuery>;

/** The client finder of the wizards (searchclient). */
export const ClientSearchQuery = v.object({ keyword: keywordField });

/**
 * A route that names one client: as `clientId` or as `id` (the membership screens send either);
 * `prefer` says which wins when both are sent, as each route always read them. Out comes `{ clientId }`.
 */
export const clientRef = <E extends v.ObjectEntries = Record<never, never>>(prefer: "clientId" | "id", more: E = {} as E) =>
  v.pipe(
    v.object({ clientId: maybeId(INVALID_CLIENT), id: maybeId(INVALID_CLIENT), ...more }),
    v.check((q) => (q.clientId ?? q.id) !== undefined, INVALID_CLIENT),
    v.transform(({ clientId, id, ...rest }) => ({
      ...(rest as Omit<v.InferOutput<v.ObjectSchema<E, undefined>>, "clientId" | "id">),
      clientId: (prefer === "clientId" ? (clientId ?? id) : (id ?? clientId))!,
    })),
  );

/** membershipinfo: the gift-week and exchange wizards send clientId. */
export const MembershipInfoQuery = clientRef("clientId");
/** membershiptotallist: the viewer sends id. */
export const MembershipTotalsQuery = clientRef("id");
/** membershiplist: a client's purchases of one product type. */
export const MembershipLotsQuery = clientRef("id", { productTypeId: idField(NO_MEMBERSHIP) });
/** membershippassword: type 1 the account password, 2 the RCI password. */
export const PasswordRevealInput = clientRef("id", { productTypeId: idField(NO_MEMBERSHIP), type: intChoice(ACCOUNT_TYPES, BAD_INPUT, 1) });
export type PasswordRevealInput = v.InferOutput<typeof PasswordRevealInput>;
