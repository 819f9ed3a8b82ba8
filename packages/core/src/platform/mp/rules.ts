/**
 * Pure rules of the mini-program configuration, shared by the server and the console.
 */

/** The three profit-sharing parties, in the order their messages are checked (R493–R495). */
export const PARTIES = ["group", "agent", "channel"] as const;
export type Party = (typeof PARTIES)[number];

/** Receiver kinds the payment provider knows (R497): a merchant number or a person's openid. */
export const RECEIVER_TYPES = ["MERCHANT_ID", "PERSONAL_OPENID"] as const;
export const RECEIVER_TYPE_NAMES: Record<(typeof RECEIVER_TYPES)[number], string> = { MERCHANT_ID: "商户号", PERSONAL_OPENID: "个人OPENID" };

/** Videos a mini-program's home may play (R490). */
export const VIDEO_PATTERN = /\.(mp4|3gp|m3u8)(\?.*)?$/i;

type Triple = { type: string; name: string; account: string };

/** A triple with some but not all of its three values: refused (R493–R495). */
export const partyIncomplete = (t: Triple): boolean => {
  const filled = [t.type, t.name, t.account].filter((x) => x.trim() !== "").length;
  return filled > 0 && filled < 3;
};

/** An all-empty triple: the party does not take part in profit sharing (R496). */
export const partyTakesPart = (t: Triple): boolean => [t.type, t.name, t.account].every((x) => x.trim() !== "");

/**
 * How the console shows savePayconfig's reply (R498): a desc that says 失败 (failed) or 不正确
 * (incorrect) is an error, anything else a success.
 */
export const payconfigReplyIsError = (desc: string): boolean => /失败|不正确/.test(desc);

/** Why a member sign-in found no mini-program to go through (auth/member.ts, `POST /xiangyu/api/mp/login`). */
export const SIGN_IN_MSG = {
  none: "该平台未启用小程序，暂不能登录",
  which: "该平台启用了多个小程序，请指定小程序AppId",
  unknown: "小程序不存在或未启用",
} as const;

/**
 * The mini-program a member signs in through: the one named by `appId` among the tenant's enabled
 * ones; without a name, the only enabled one. Naming none when several are enabled is refused
 * rather than guessed: a wx.login code is only valid for its own app, and the membership recorded
 * (the OPENID lookup's) must be that app's.
 */
export function signInApp<T extends { appId: string; idisplay?: number }>(programs: T[], appId: string): T | { refused: string } {
  const enabled = programs.filter((m) => m.idisplay === 1);
  if (!enabled.length) return { refused: SIGN_IN_MSG.none };
  if (appId) return enabled.find((m) => m.appId === appId) ?? { refused: SIGN_IN_MSG.unknown };
  return enabled.length === 1 ? enabled[0]! : { refused: SIGN_IN_MSG.which };
}
