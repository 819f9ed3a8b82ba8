import * as v from "valibot";
import { idField, intChoice, maybeChoice, maybeId, optInt, optText, requiredText, wholeRecord, linkField } from "../../kernel/fields.ts";
import { listQuery } from "../../kernel/paging.ts";
import { NOTHING_DELETED } from "../../kernel/errors.ts";
import { secretField } from "../paySchemas.ts";
import { MOBILE_PATTERN } from "../../users/rules.ts";
import { RECEIVER_TYPES, VIDEO_PATTERN, partyIncomplete, type Party } from "./rules.ts";

/**
 * Mini-programs (小程序管理, R488–R503): a tenant's mini-programs, their basic settings, the payment
 * merchant they collect with and the profit-sharing receivers that merchant pays. Every text is
 * trimmed by the field builders (R491). The AppSecret, the APIv3 key and the two .pem files are
 * sealed by the service and never shown again; blank (or the mask) keeps what is stored.
 */
export const MP_MSG = {
  appId: "小程序AppId不能为空",
  appIdLong: "小程序AppId不能超过32个字",
  appIdBad: "小程序AppId只能包含字母和数字",
  mpName: "小程序名称不能为空",
  mpNameLong: "小程序名称不能超过10个字",
  shop: "所属门店不能为空",
  menuCode: "菜单编码不能为空",
  tipsLong: "提示不能超过20个字",
  video: "视频只支持.mp4、.3gp、.m3u8格式",
  color: "颜色格式不正确（如 #1677ff）",
  missing: "小程序不存在或已被删除",
  exists: "该小程序AppId已被使用",
  changed: "数据已被修改，请刷新后重试",
  pem: "证书和公钥只能上传.pem文件",
  mchIdBad: "商户号只能包含字母和数字",
  receiverType: "分账接收方类型只能是商户号或个人OPENID",
  group: "请完善集团分账信息",
  agent: "请完善代理分账信息",
  channel: "请完善渠道分账信息",
  openIdAppId: "请先在配置表中设置appId",
  openIdMobile: "请先填写手机号码",
  openIdMobileBad: "输入的手机号不正确",
  openIdNone: "该手机号未注册成为该小程序的用户",
  openIdFailed: "获取openId出错",
} as const;

/** The party's message when its triple is partly filled (R493–R495). */
export const PARTY_MSG: Record<Party, string> = { group: MP_MSG.group, agent: MP_MSG.agent, channel: MP_MSG.channel };

const appIdField = v.pipe(requiredText(MP_MSG.appId, 32, MP_MSG.appIdLong), v.regex(/^[A-Za-z0-9]+$/, MP_MSG.appIdBad));
const tips = optText(20, MP_MSG.tipsLong);
const color = v.pipe(
  optText(9, MP_MSG.color),
  v.check((s) => s === "" || /^#([0-9A-Fa-f]{3}|[0-9A-Fa-f]{6}|[0-9A-Fa-f]{8})$/.test(s), MP_MSG.color),
);

/** saveMpconfig: the basic settings modal (R488–R491); an edit sends every field (a whole-record save). */
export const MpConfigInput = wholeRecord({
  id: maybeId(),
  appId: appIdField,
  mpName: requiredText(MP_MSG.mpName, 10, MP_MSG.mpNameLong),
  /** The store's organisation code (R026: the code is the path). */
  shop: requiredText(MP_MSG.shop, 60, MP_MSG.shop),
  menuCode: v.pipe(requiredText(MP_MSG.menuCode, 50, "菜单编码不能超过50个字"), v.regex(/^[A-Za-z0-9_-]+$/, "菜单编码只能包含字母、数字、_和-")),
  logo: linkField("图标地址"),
  content: optText(5000, "简介不能超过5000个字"),
  videoUrl: v.pipe(
    linkField("视频地址", { bad: MP_MSG.video }),
    v.check((s) => s === "" || VIDEO_PATTERN.test(s), MP_MSG.video),
  ),
  videoWidth: optInt(0, "视频宽度必须是0到4096之间的整数", 0, 4096),
  videoHeight: optInt(0, "视频高度必须是0到4096之间的整数", 0, 4096),
  muted: intChoice([0, 1] as const, "静音设置不正确", 0),
  bgColor: color,
  contactTips: tips,
  buyTips: tips,
  idisplay: intChoice([0, 1] as const, "状态不正确", 1),
});
export type MpConfigInput = v.InferOutput<typeof MpConfigInput>;

const pemField = v.pipe(
  secretField(200, MP_MSG.pem),
  v.check((s) => s === "" || /\.pem$/i.test(s), MP_MSG.pem),
);

const receiverType = v.pipe(
  optText(20, MP_MSG.receiverType),
  v.check((s) => s === "" || (RECEIVER_TYPES as readonly string[]).includes(s), MP_MSG.receiverType),
);

const receiverName = optText(50, "分账接收方名称不能超过50个字");
const receiverAccount = optText(64, "分账接收方账号不能超过64个字");

const payEntries = {
  id: idField(MP_MSG.missing),
  /** The mini-program's AppSecret (sealed). */
  secret: secretField(128, "AppSecret不能超过128个字"),
  mchId: v.pipe(optText(32, "商户号不能超过32个字"), v.regex(/^[A-Za-z0-9]*$/, MP_MSG.mchIdBad)),
  mchName: optText(50, "商户名称不能超过50个字"),
  secretNumber: v.pipe(optText(64, "证书序列号不能超过64个字"), v.regex(/^[0-9A-Fa-f]*$/, "证书序列号只能包含十六进制字符")),
  apiV3Key: secretField(64, "APIv3密钥不能超过64个字"),
  certPath: pemField,
  publickeyId: v.pipe(
    optText(64, "公钥ID格式不正确（如 PUB_KEY_ID_0112345678）"),
    v.check((s) => s === "" || /^PUB_KEY_ID_[0-9A-Za-z]+$/.test(s), "公钥ID格式不正确（如 PUB_KEY_ID_0112345678）"),
  ),
  publicKeyPath: pemField,
  /** Profit-sharing receivers (R493–R497): type, name and account of the group, the agent and the channel. */
  groupType: receiverType,
  groupName: receiverName,
  groupAccount: receiverAccount,
  agentType: receiverType,
  agentName: receiverName,
  agentAccount: receiverAccount,
  channelType: receiverType,
  channelName: receiverName,
  channelAccount: receiverAccount,
};

export type Receiver = { type: string; name: string; account: string };
type PayEntries = v.InferOutput<v.ObjectSchema<typeof payEntries, undefined>>;
type Triples = Record<`${Party}${"Type" | "Name" | "Account"}`, string>;

/** The triple of one party as entered. */
export const receiverOf = (r: Triples, p: Party): Receiver => ({ type: r[`${p}Type`], name: r[`${p}Name`], account: r[`${p}Account`] });

/** A party's triple is all filled or all blank (R493–R496): the message names the party, shown on its account field. */
const wholeTriple = (p: Party) =>
  v.forward<PayEntries, v.CheckIssue<PayEntries>, ["groupAccount"] | ["agentAccount"] | ["channelAccount"]>(
    v.check((r) => !partyIncomplete(receiverOf(r, p)), PARTY_MSG[p]),
    [`${p}Account`],
  );

/**
 * savePayconfig: the account configuration's three steps as one record (the console sends the
 * whole config; the basic settings' fields are ignored here, saveMpconfig owns them). Always an
 * edit of an existing record, so every field must be sent: a post of one step alone is refused
 * (数据不完整，请刷新页面重新编辑。) rather than clearing the others (issue 38). The parties are
 * checked in order, so the first incomplete one is named.
 */
export const PayconfigInput = v.pipe(wholeRecord(payEntries, "always"), wholeTriple("group"), wholeTriple("agent"), wholeTriple("channel"));
export type PayconfigInput = v.InferOutput<typeof PayconfigInput>;

export const MpListQuery = listQuery({ idisplay: maybeChoice([0, 1] as const, "状态不正确") });
export const MpViewQuery = v.object({ id: idField(MP_MSG.missing) });
export const MpPassInput = v.object({ id: idField(MP_MSG.missing), idisplay: maybeChoice([0, 1] as const, "状态不正确") });
export const MpDeleteInput = v.object({ id: idField(NOTHING_DELETED) });

/** getMpOpenIdByMobileAndAppId (R501–R503). */
export const MpOpenIdQuery = v.object({
  appId: requiredText(MP_MSG.openIdAppId, 32, MP_MSG.appIdLong),
  mobile: v.pipe(requiredText(MP_MSG.openIdMobile, 20, MP_MSG.openIdMobileBad), v.regex(MOBILE_PATTERN, MP_MSG.openIdMobileBad)),
});

/** The pure rules the console needs, through this schemas module (the console imports schemas and rules only). */
export { RECEIVER_TYPES, RECEIVER_TYPE_NAMES, payconfigReplyIsError } from "./rules.ts";
