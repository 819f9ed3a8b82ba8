/**
 * The formats a form field may have to follow (coordinates, phone numbers, PRC ID numbers, e-mail
 * addresses), as pure predicates on trimmed text. The valibot builders that use them, with their
 * messages, are in fields.ts; the import and the tests call these directly.
 */

/** Decimal text (no exponent, no hex, at most 10 decimals) and its value, or NaN. */
function decimal(s: string): number {
  return /^[-+]?\d{1,3}(\.\d{1,10})?$/.test(s) ? Number(s) : NaN;
}

/** A longitude in degrees: decimal text within −180…180. */
export const isLongitude = (s: string): boolean => Math.abs(decimal(s)) <= 180;
/** A latitude in degrees: decimal text within −90…90. */
export const isLatitude = (s: string): boolean => Math.abs(decimal(s)) <= 90;

/** Phone numbers are compared without spaces. */
const compact = (s: string): string => s.replace(/\s+/g, "");

/** Mobiles are compared without spaces, dashes or a +86 prefix. */
export function normaliseMobile(raw: string): string {
  const digits = String(raw ?? "").replace(/[\s-]/g, "");
  return digits.replace(/^(\+?86)(1\d{10})$/, "$2");
}

/** A mainland mobile: 11 digits, 1 then 3–9 (no mobile network uses 10, 11 or 12). */
export const MOBILE_NUMBER = /^1[3-9]\d{9}$/;
export const isMobileNumber = (s: string): boolean => MOBILE_NUMBER.test(s);

/**
 * A landline with its area code — 0 and 2–3 digits, then 7–8 digits (`020-12345678`,
 * `0755 8888 8888`, `(020)12345678`) — optionally an extension after `-`, `转`, `#` or `ext`;
 * or a national service number (`400-800-1234`, `800…`).
 */
const LANDLINE = /^(\(0\d{2,3}\)|0\d{2,3}-?)[2-9]\d{6,7}((-|转|#|ext\.?)\d{1,6})?$/i;
const SERVICE_NUMBER = /^[48]00-?\d{3}-?\d{4}$/;
export const isLandline = (s: string): boolean => LANDLINE.test(compact(s)) || SERVICE_NUMBER.test(compact(s));

/** A telephone field of a business (a hotel's front desk): a landline, a service number or a mobile. */
export const isTelephone = (s: string): boolean => isLandline(s) || isMobileNumber(compact(s).replace(/-/g, ""));

/** Weights of the 17 digits of a PRC ID number (GB 11643, ISO 7064 MOD 11-2). */
const ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const ID_CHECK = "10X98765432";

/** The check character of the first 17 digits of an ID number. */
export function idCheckDigit(first17: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(first17[i]) * ID_WEIGHTS[i]!;
  return ID_CHECK[sum % 11]!;
}

export type IdNumberProblem = "format" | "birth" | "check";

/**
 * What is wrong with an 18-character PRC ID number, or null when nothing is: `format` (not 17
 * digits and a digit or X), `birth` (the birth date inside, characters 7–14, is no real day between
 * 1900-01-01 and `today`), `check` (the last character is not the MOD 11-2 check of the others).
 * A lower-case x reads as X.
 */
export function idNumberProblem(raw: string, today: string): IdNumberProblem | null {
  const s = raw.trim().toUpperCase();
  if (!/^\d{17}[\dX]$/.test(s)) return "format";
  const y = Number(s.slice(6, 10));
  const m = Number(s.slice(10, 12));
  const d = Number(s.slice(12, 14));
  const day = new Date(Date.UTC(y, m - 1, d));
  const birth = `${s.slice(6, 10)}-${s.slice(10, 12)}-${s.slice(12, 14)}`;
  if (y < 1900 || day.getUTCFullYear() !== y || day.getUTCMonth() !== m - 1 || day.getUTCDate() !== d || birth > today) return "birth";
  if (idCheckDigit(s) !== s[17]) return "check";
  return null;
}

/**
 * An e-mail address as people type them: one @, a local part of the usual characters, a domain of
 * dot-separated labels ending in letters; at most 100 characters (the field's length).
 */
const EMAIL = /^[A-Za-z0-9](?:[A-Za-z0-9._%+-]{0,62}[A-Za-z0-9_%+-])?@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,24}$/;
export const isEmail = (s: string): boolean => s.length <= 100 && EMAIL.test(s) && !s.includes("..");
