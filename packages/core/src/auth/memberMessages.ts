/**
 * The messages of the member's own account (issue 34): the SMS code (smsCodes.ts), binding a mobile
 * (memberBind.ts) and what needs a bound mobile (the membership, the lottery draw). A module of its own
 * so the lottery Lambda takes these words without the sign-in schemas.
 */
export const MEMBER_ACCOUNT_MSG = {
  mobileMissing: "请输入手机号",
  codeMissing: "请输入验证码",
  sent: "验证码已发送",
  codeBad: "验证码错误或已过期",
  tooManyTries: "验证码错误次数过多，请重新获取验证码",
  tooSoon: "发送过于频繁，请60秒后再试",
  dailyCap: "今日发送次数已达上限",
  sendFailed: "验证码发送失败，请稍后再试",
  notBound: "请先绑定手机号",
  boundElsewhere: "该手机号已绑定其他微信用户",
  noStore: "平台尚未设置门店，暂不能绑定",
  bound: "绑定成功",
} as const;
