import * as v from "valibot";
import { idField, idsInput, intChoice, maybeChoice, maybeId, optText, requiredText, optRawText, linkField, wholeRecord } from "../kernel/fields.ts";
import { listQuery } from "../kernel/paging.ts";

/**
 * Payment channels (支付通道, R443–R450): the platform operator's merchant accounts. The forms'
 * secrets (the APIv3 key, the certificate and the public key files) are sealed by the service and
 * never shown again; blank (or the mask) means "unchanged" (platform/configStore.ts).
 */

/** The mask a view shows for a stored secret; sent back unchanged it means "keep" too. */
export const SECRET_MASK = "******";

/** Payment channels number their app types differently from WeChat accounts (docs/gaps.md §5, style list payAppType). */
export const PAY_APP_TYPES = [1, 2, 3] as const;

export const PAY_MSG = {
  mchId: "商户号不能为空",
  mchIdLong: "商户号不能超过32个字",
  mchIdBad: "商户号只能包含字母和数字",
  mchName: "商户名称不能为空",
  mchNameLong: "商户名称不能超过50个字",
  appType: "应用类型必选",
  pem: "证书和公钥只能上传.pem文件",
  publicKeyPair: "公钥ID和公钥文件须同时填写",
  publicKeyIdBad: "公钥ID格式不正确（如 PUB_KEY_ID_0112345678）",
  bound: "该通道已绑定，请先解除绑定",
  boundMchId: "该通道已绑定，不能修改商户号",
  exists: "该商户号已存在",
  missing: "支付通道不存在或已被删除",
  url: "通知地址须以http://或https://开头",
} as const;

/** A notify URL: blank, or http(s). */
const notifyUrl = v.pipe(
  linkField("通知地址", { max: 300, bad: PAY_MSG.url }),
  v.check((s) => s === "" || /^https?:\/\/\S+$/.test(s), PAY_MSG.url),
);

/** A sealed value's replacement: blank or the mask keep what is stored. */
export const secretField = (max: number, tooLong: string) =>
  v.pipe(
    optRawText(max, tooLong),
    v.transform((s) => (s === SECRET_MASK ? "" : s)),
  );

/** A .pem stored through the uploader (its remotename); blank or the mask keep what is stored. */
const pemField = v.pipe(
  secretField(200, PAY_MSG.pem),
  v.check((s) => s === "" || /\.pem$/i.test(s), PAY_MSG.pem),
);

/** payconfig/save (R443–R448): every text trimmed (the field builders trim). */
export const PayConfigInput = wholeRecord({
  id: maybeId(),
  appType: intChoice(PAY_APP_TYPES, PAY_MSG.appType),
  mchId: v.pipe(requiredText(PAY_MSG.mchId, 32, PAY_MSG.mchIdLong), v.regex(/^[A-Za-z0-9]+$/, PAY_MSG.mchIdBad)),
  mchName: requiredText(PAY_MSG.mchName, 50, PAY_MSG.mchNameLong),
  /** The merchant certificate's serial number. */
  secretNumber: v.pipe(optText(64, "证书序列号不能超过64个字"), v.regex(/^[0-9A-Fa-f]*$/, "证书序列号只能包含十六进制字符")),
  apiV3Key: secretField(64, "APIv3密钥不能超过64个字"),
  certPath: pemField,
  publickeyId: v.pipe(
    optText(64, PAY_MSG.publicKeyIdBad),
    v.check((s) => s === "" || /^PUB_KEY_ID_[0-9A-Za-z]+$/.test(s), PAY_MSG.publicKeyIdBad),
  ),
  publicKeyPath: pemField,
  activeCode: optText(50, "环境代码不能超过50个字"),
  isUsing: intChoice([0, 1] as const, "状态不正确", 1),
  notifyUrl,
  refundNotifyUrl: notifyUrl,
});
export type PayConfigInput = v.InferOutput<typeof PayConfigInput>;

export const PayListQuery = listQuery({ appType: maybeChoice(PAY_APP_TYPES, PAY_MSG.appType), isUsing: maybeChoice([0, 1] as const, "状态不正确") });
export const PayViewQuery = v.object({ id: idField(PAY_MSG.missing) });
export const PayPassInput = idsInput("并没有选择审核项", { isUsing: intChoice([0, 1] as const, "状态不正确") });
export const PayDeleteInput = idsInput();
