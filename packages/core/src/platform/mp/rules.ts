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
