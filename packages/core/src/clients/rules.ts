import { MOBILE_NUMBER, normaliseMobile } from "../kernel/formats.ts";

export const INVALID_CLIENT = "无效的客户信息";

/**
 * Client rules without I/O: how a keyword is read, which search keys a client has, which list
 * total it counts in, what the work-order column shows.
 */

/** Customer status 1 (客户) has no member level (R282, R290). */
export const PROSPECT_STATUS = 1;

/** The 11-digit mainland mobile pattern (the staff form's rule, R374, applied to clients too): kernel/formats.ts. */
export const MOBILE_PATTERN = MOBILE_NUMBER;
export { normaliseMobile };

export const isMobile = (s: string): boolean => MOBILE_PATTERN.test(s);

/** Member codes are matched case-insensitively. */
export const normaliseCode = (s: string): string =>
  String(s ?? "")
    .trim()
    .toUpperCase();

/** Characters of a name as a person reads them (a surrogate pair is one character). */
const chars = (s: string): string[] => Array.from(s.trim());

/** Names are matched case-insensitively (the keys are lower case anyway). */
export const nameKeyOf = (name: string): string => name.trim().toLowerCase();

/** The name keys of a client: its first character and its first two characters. */
export function nameTerms(clientName: string): { n1: string; n2: string | null } {
  const c = chars(nameKeyOf(clientName));
  return { n1: c[0] ?? "", n2: c.length >= 2 ? c[0]! + c[1]! : null };
}

export type KeywordPlan =
  /** An 11-digit mobile: its ClientMobile items. */
  | { kind: "mobile"; mobile: string }
  /** Text: name keys (n1 for one character, n2 + a prefix filter for longer) and the member code. */
  | { kind: "text"; nameKind: "n1" | "n2"; nameTerm: string; namePrefix: string; code: string };

/** How a keyword (name, mobile or member code) is answered from the search keys. */
export function planKeyword(raw: string): KeywordPlan | null {
  const k = raw.trim();
  if (!k) return null;
  const mobile = normaliseMobile(k);
  if (isMobile(mobile)) return { kind: "mobile", mobile };
  const c = chars(nameKeyOf(k));
  const nameKind = c.length === 1 ? "n1" : "n2";
  return { kind: "text", nameKind, nameTerm: c.slice(0, nameKind === "n1" ? 1 : 2).join(""), namePrefix: c.join(""), code: normaliseCode(k) };
}

/** Names of the four-digit work-order codes (R324, R325); defaults of docs/gaps.md §5. */
export const NEVER_INVITED = "未电邀";
export const UNKNOWN_WORK_ORDER = "暂不明确";

export function workOrderStatusName(code: string, names: ReadonlyMap<string, string>): string {
  if (!code) return NEVER_INVITED;
  return names.get(code) ?? UNKNOWN_WORK_ORDER;
}

/** The tally a client counts in. */
export type Bucket = { shop: string; status: number; isMgr: number };
export const bucketOf = (c: { shop: string; status: number; isMgr?: number }): Bucket => ({ shop: c.shop, status: c.status, isMgr: c.isMgr ? 1 : 0 });
export const sameBucket = (a: Bucket, b: Bucket): boolean => a.shop === b.shop && a.status === b.status && (a.isMgr ? 1 : 0) === (b.isMgr ? 1 : 0);
