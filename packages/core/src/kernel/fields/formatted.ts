import * as v from "valibot";
import { formatDate } from "../clock.ts";
import { idNumberProblem, isEmail, isLatitude, isLongitude, isMobileNumber, isTelephone, normaliseMobile } from "../formats.ts";
import { MAX_INT, blank, rawValue, toInt } from "./raw.ts";
import { optInt } from "./numbers.ts";
import { optText, requiredText } from "./text.ts";

// ── formats (kernel/formats.ts): coordinates, phone numbers, ID numbers, e-mail, ages, quantities ──
// Each is optional (blank is "" or the fallback) unless it says otherwise; malformed text is
// refused with a message that says what the field must be, never cut or coerced.

export const LNG_BAD = "经度必须是-180到180之间的数字";
export const LAT_BAD = "纬度必须是-90到90之间的数字";
export const TEL_BAD = "电话号码格式不正确（区号-号码，可带分机号）";
export const MOBILE_BAD = "输入的手机号不正确";
export const ID_NUMBER_BAD = "身份证号码必须是18位（最后一位可为X）";
export const ID_NUMBER_BIRTH = "身份证号码中的出生日期不正确";
export const ID_NUMBER_CHECK = "身份证号码校验位不正确";
export const EMAIL_BAD = "邮箱格式不正确";
export const AGE_BAD = "年龄必须是0到150之间的整数";
export const QUANTITY_BAD = "数量必须是正整数";

/** Optional text that, when given, must pass `test`; longer than `max` says `bad` too (it cannot be right). */
const formatted = /* @__NO_SIDE_EFFECTS__ */ (max: number, bad: string, test: (s: string) => boolean) =>
  v.pipe(
    optText(max, bad),
    v.check((s) => s === "" || test(s), bad),
  );

/** A longitude in degrees as decimal text (−180…180); blank is none (""). */
export const lngField = /* @__NO_SIDE_EFFECTS__ */ (bad = LNG_BAD) => formatted(20, bad, isLongitude);
/** A latitude in degrees as decimal text (−90…90); blank is none (""). */
export const latField = /* @__NO_SIDE_EFFECTS__ */ (bad = LAT_BAD) => formatted(20, bad, isLatitude);
/** A business telephone: a landline with area code (extension allowed), a 400/800 number or a mobile. */
export const telField = /* @__NO_SIDE_EFFECTS__ */ (bad = TEL_BAD) => formatted(30, bad, isTelephone);

/** A mainland mobile, normalised (no spaces, dashes or +86): blank says `missing`, anything else not one `bad`. */
export const mobileField = /* @__NO_SIDE_EFFECTS__ */ (missing: string, bad = MOBILE_BAD) =>
  v.pipe(requiredText(missing, 30, bad), v.transform(normaliseMobile), v.check(isMobileNumber, bad));
/** An optional mainland mobile: blank is none (""). */
export const maybeMobileField = /* @__NO_SIDE_EFFECTS__ */ (bad = MOBILE_BAD) =>
  v.pipe(
    optText(30, bad),
    v.transform(normaliseMobile),
    v.check((s) => s === "" || isMobileNumber(s), bad),
  );

/** An 18-character PRC ID number (birth date and MOD 11-2 check digit verified), upper case; blank is none (""). */
export const idNumberField = /* @__NO_SIDE_EFFECTS__ */ () =>
  v.pipe(
    optText(18, ID_NUMBER_BAD),
    v.transform((s) => s.toUpperCase()),
    v.rawTransform(({ dataset, addIssue, NEVER }) => {
      const s = dataset.value;
      const problem = s === "" ? null : idNumberProblem(s, formatDate());
      if (!problem) return s;
      addIssue({ message: problem === "birth" ? ID_NUMBER_BIRTH : problem === "check" ? ID_NUMBER_CHECK : ID_NUMBER_BAD });
      return NEVER;
    }),
  );

/** An e-mail address; blank is none (""). */
export const emailField = /* @__NO_SIDE_EFFECTS__ */ (bad = EMAIL_BAD) => formatted(100, bad, isEmail);

/** An age in whole years, 0–150; blank is 0 (not given). */
export const ageField = /* @__NO_SIDE_EFFECTS__ */ (bad = AGE_BAD) => optInt(0, bad, 0, 150);

/**
 * A count of things (weeks, vouchers, rooms): blank says `missing` (the spec's "…不能为空"), 1.5, 0
 * or −1 say `bad`, more than `max` says `tooMany`.
 */
export const positiveIntField = /* @__NO_SIDE_EFFECTS__ */ (missing: string, bad = QUANTITY_BAD, max = MAX_INT, tooMany = bad) =>
  v.pipe(
    rawValue,
    v.check((x) => !blank(x), missing),
    v.transform((x) => toInt(x)),
    v.check((n) => n >= 1, bad),
    v.check((n) => !(n >= 1) || n <= max, tooMany),
  );

/** Decimal text with at most 2 places ("12", "10.1", "9.90") to whole hundredths; null when it is not one. */
function hundredths(x: unknown): number | null {
  const m = /^(\d{1,10})(?:\.(\d{1,2}))?$/.exec(String(x ?? "").trim());
  return m ? Number(m[1]) * 100 + Number((m[2] ?? "").padEnd(2, "0")) : null;
}

/**
 * A percentage with at most 2 decimals in [0, 100]; blank is 0. Read as whole hundredths (as
 * money.ts toFen reads yuan; not imported from there, money.ts builds on this file), so 10.1 + 9.9
 * is exactly 20.
 */
export const percentField = /* @__NO_SIDE_EFFECTS__ */ (msg: string) =>
  v.pipe(
    rawValue,
    v.transform((x) => (blank(x) ? 0 : hundredths(x))),
    v.check((h) => h !== null && h <= 100_00, msg),
    v.transform((h) => (h as number) / 100),
  );
