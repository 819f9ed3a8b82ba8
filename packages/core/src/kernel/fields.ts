import * as v from "valibot";
import { formatDate, parseBusiness } from "./clock.ts";
import { idNumberProblem, isEmail, isLatitude, isLongitude, isMobileNumber, isTelephone, normaliseMobile } from "./formats.ts";

/**
 * valibot building blocks for every field a route or a form takes. Fields arrive form-encoded
 * (strings) or as JSON (numbers). One missing-key strategy: every field tolerates a missing key
 * (the adapter hands the schema every key it declares), so its own Chinese message speaks.
 * Every field is bounded: strings by length, integers to 32 bits, lists by size.
 */

/** The message of a value whose field gave none: valibot's English defaults never reach a reply. */
export const BAD_INPUT = "参数格式不正确";
v.setGlobalMessage(BAD_INPUT);

/** No integer above this reaches a computation or a key. */
export const MAX_INT = 2 ** 31 - 1;
/** How many ids one request may name (deletes, batch reads). */
export const MAX_IDS = 200;
/** The refusal of a list longer than `max` (idsField's own bound, 200 unless the field says fewer). */
export const tooManyIds = (max: number) => `一次最多选择${max}项`;
export const TOO_MANY_IDS = tooManyIds(MAX_IDS);

export type Raw = string | number | undefined | null;

/** Any scalar a form or JSON body may carry; a missing key reads as blank. Booleans, objects and lists are refused. */
export const rawValue = v.optional(v.nullable(v.union([v.string(), v.number()])), "");
export const blank = /* @__NO_SIDE_EFFECTS__ */ (x: unknown) => x === undefined || x === null || String(x).trim() === "";

/**
 * A whole number as forms and JSON send it: digits only, within 32 bits. "0x43", "9e0", "67.0",
 * " 1e3", true and 2^53 are not numbers here (NaN), so no coercion of Number() slips through.
 */
export function toInt(x: unknown): number {
  if (typeof x === "number") return Number.isInteger(x) && Math.abs(x) <= MAX_INT ? x : NaN;
  if (typeof x !== "string") return NaN;
  const s = x.trim();
  return /^-?\d{1,10}$/.test(s) && Math.abs(Number(s)) <= MAX_INT ? Number(s) : NaN;
}

const text = v.pipe(
  rawValue,
  v.transform((x) => (blank(x) ? "" : String(x).trim())),
);

// ── plain text (docs/security.md, "Link fields and text fields") ──
// Names, titles, addresses, labels: the member pages, the website and a mini-program render them,
// so they hold no markup. Markup is "<" followed by a letter, "/", "!" or "?" (a tag, a closing
// tag, a comment, a declaration); "价格<100" and "a < b" are text. Passwords, secrets, search
// keywords, rich text (sanitised by kernel/richText.ts) and code take the raw builders below.

/** The refusal of markup in a field that names none. */
export const NO_MARKUP = "不能包含HTML标签";
const MARKUP = /<[A-Za-z/!?]/;
/** Whether a text holds markup (a tag, a closing tag, a comment or a declaration). */
export const hasMarkup = (s: string): boolean => MARKUP.test(s);
/**
 * The refusal of markup in a field, named after the label its own message starts with
 * ("标题不能为空", "备注不能超过200个字" → 标题不能包含HTML标签); NO_MARKUP when it names none.
 */
export const markupMessage = (said: string): string => {
  const m = /^([^，。,：:\s]{1,16}?)(不能|必须|格式|长度|最多|不正确)/.exec(said);
  return m ? `${m[1]}${NO_MARKUP}` : NO_MARKUP;
};
const plain = /* @__NO_SIDE_EFFECTS__ */ (said: string) => v.check((s: string) => !hasMarkup(s), markupMessage(said));

/** A required text taken as it comes (markup allowed: passwords, secrets, code, rich text before its sanitiser). */
export const requiredRawText = /* @__NO_SIDE_EFFECTS__ */ (msg: string, max: number, tooLong: string) => v.pipe(text, v.nonEmpty(msg), v.maxLength(max, tooLong));
/** An optional text taken as it comes (markup allowed: see requiredRawText). */
export const optRawText = /* @__NO_SIDE_EFFECTS__ */ (max: number, tooLong: string) => v.pipe(text, v.maxLength(max, tooLong));

/**
 * A required plain text: missing, null or blank all give `msg`; longer than `max` gives `tooLong`
 * (never cut silently); markup gives markupMessage(msg).
 */
export const requiredText = /* @__NO_SIDE_EFFECTS__ */ (msg: string, max: number, tooLong: string) => v.pipe(requiredRawText(msg, max, tooLong), plain(msg));

/** An optional plain text: longer than `max` gives `tooLong`; markup gives markupMessage(tooLong). */
export const optText = /* @__NO_SIDE_EFFECTS__ */ (max: number, tooLong: string) => v.pipe(optRawText(max, tooLong), plain(tooLong));

/** A search keyword: at most 100 characters, looked for as it is (never rendered as a page). */
export const MAX_KEYWORD = 100;
export const keywordField = optRawText(MAX_KEYWORD, `关键词不能超过${MAX_KEYWORD}个字`);

// ── links (docs/security.md, "Link fields and text fields") ──
// Every field holding a link, a picture or a video address: rendered as href/src by the member
// pages, the website and a mini-program, so `javascript:`, `data:`, `vbscript:` and any other
// scheme never get in, however written (" JaVaScRiPt:", "java\tscript:").

/** Invisible characters a browser drops or folds inside a URL: controls, spaces, zero-width marks. */
const INVISIBLE = /[\u0000-\u0020\u007f-\u00a0\u1680\u180e\u2000-\u200f\u2028-\u202f\u205f-\u206f\u3000\ufeff]/g;
/** Characters no link of ours holds: they end an attribute or turn "/\\" into "//". */
const NEVER_IN_LINK = /[<>"'`\\\u0000-\u001f\u007f-\u009f]/;
/** A path without a scheme: its first segment has no ":" (so the browser reads no scheme). */
const SCHEMELESS = /^[A-Za-z0-9_\-.~%]+(?:[/?#]|$)/;

/**
 * Whether `s` is a link we render: an http(s) URL with a host, a path of our own site ("/…", not
 * "//…"), a path without a scheme (a mini-program page "pages/…", an upload's remotename
 * "tenant/hash.ext"), "#…", or a telephone link "tel:…" (the designer's call buttons). Blank is none.
 */
export function isSafeLink(s: string): boolean {
  if (s === "") return true;
  if (NEVER_IN_LINK.test(s)) return false;
  const t = s.replace(INVISIBLE, "");
  if (/^https?:\/\/[^/?#]/i.test(t)) return true;
  if (/^tel:\+?[0-9][0-9-]{2,30}$/i.test(t)) return true;
  if (t.startsWith("/")) return !t.startsWith("//");
  if (t.startsWith("#")) return true;
  return SCHEMELESS.test(t);
}

/** What linkField marks its schema with (v.metadata), so a test can tell a link field from a text. */
export const LINK_KIND = "link";
/** The mark of a list of links (picJson, atlas, infoPicture): each item is checked by isSafeLink. */
export const LINK_LIST_KIND = "links";
/** The longest link a field takes unless it says less. */
export const MAX_LINK = 500;
/** The refusal of a link that is none of isSafeLink's forms: `<label>格式不正确`. */
export const badLink = (label: string) => `${label}格式不正确`;

/**
 * A link, picture or video address (isSafeLink), trimmed; blank is "" unless `required` (its
 * message). Longer than `max` says `<label>不能超过<max>个字`; any other form `bad`, by default
 * `<label>格式不正确` (a field with a narrower rule of its own passes that rule's message).
 */
export const linkField = /* @__NO_SIDE_EFFECTS__ */ (label: string, o: { max?: number; required?: string; tooLong?: string; bad?: string } = {}) => {
  const max = o.max ?? MAX_LINK;
  const tooLong = o.tooLong ?? `${label}不能超过${max}个字`;
  return v.pipe(
    o.required ? requiredRawText(o.required, max, tooLong) : optRawText(max, tooLong),
    v.check(isSafeLink, o.bad ?? badLink(label)),
    v.metadata({ fieldKind: LINK_KIND, label }),
  );
};

/** An optional integer: blank takes the default; outside [min, max] gives `msg`. */
export const optInt = /* @__NO_SIDE_EFFECTS__ */ (fallback: number, msg: string, min = 0, max = MAX_INT) =>
  v.pipe(
    rawValue,
    v.transform((x) => (blank(x) ? fallback : toInt(x))),
    v.check((n) => n >= min && n <= max, msg),
  );

/** An optional integer filter: blank is no filter (undefined). */
export const maybeInt = /* @__NO_SIDE_EFFECTS__ */ (msg: string, min = 0, max = MAX_INT) =>
  v.pipe(
    rawValue,
    v.transform((x) => (blank(x) ? undefined : toInt(x))),
    v.check((n) => n === undefined || (n >= min && n <= max), msg),
  );

/** A required integer: blank gives `msg`, anything but a whole number in [min, max] gives `bad`. */
export const requiredInt = /* @__NO_SIDE_EFFECTS__ */ (msg: string, bad = msg, min = -MAX_INT, max = MAX_INT) =>
  v.pipe(
    rawValue,
    v.check((x) => !blank(x), msg),
    v.transform((x) => toInt(x)),
    v.check((n) => n >= min && n <= max, bad),
  );

/** A record id: a positive whole number. */
export const idField = /* @__NO_SIDE_EFFECTS__ */ (msg = BAD_INPUT, bad = msg) => requiredInt(msg, bad, 1);
/** An optional id: blank is none (undefined). */
export const maybeId = /* @__NO_SIDE_EFFECTS__ */ (msg = BAD_INPUT) => maybeInt(msg, 1);

/** One of the listed integers (status codes, types); blank takes `fallback` when one is given, else says `missing`. */
export const intChoice = /* @__NO_SIDE_EFFECTS__ */ <T extends number>(values: readonly T[], msg: string, fallback?: T, missing = msg) =>
  v.pipe(
    rawValue,
    v.check((x) => fallback !== undefined || !blank(x), missing),
    v.transform((x) => (blank(x) ? (fallback as number) : toInt(x))),
    v.check((n): boolean => (values as readonly number[]).includes(n), msg),
    v.transform((n) => n as T),
  );
/** An optional filter among the listed integers: blank is no filter. */
export const maybeChoice = /* @__NO_SIDE_EFFECTS__ */ <T extends number>(values: readonly T[], msg: string) =>
  v.pipe(
    maybeInt(msg, -MAX_INT),
    v.check((n) => n === undefined || (values as readonly number[]).includes(n), msg),
    v.transform((n) => n as T | undefined),
  );
/** One of the listed words; blank is none (undefined) unless `required`. */
export const textChoice = /* @__NO_SIDE_EFFECTS__ */ <T extends string>(values: readonly T[], msg: string) =>
  v.pipe(
    text,
    v.check((s) => s === "" || (values as readonly string[]).includes(s), msg),
    v.transform((s) => (s === "" ? undefined : (s as T))),
  );

/** A yes/no switch: 1/0, "1"/"0", "true"/"false", true/false; blank takes the default. */
export const flagField = /* @__NO_SIDE_EFFECTS__ */ (fallback = false) =>
  v.pipe(
    v.optional(v.nullable(v.union([v.string(), v.number(), v.boolean()])), ""),
    v.transform((x) => (blank(x) ? fallback : x === true || x === 1 || x === "1" || x === "true" ? true : x === false || x === 0 || x === "0" || x === "false" ? false : null)),
    v.check((b) => b !== null, BAD_INPUT),
    v.transform((b) => b as boolean),
  );

/** A list as forms and JSON send it: comma-joined text, one value, or a JSON list; missing reads as blank. */
export const rawList = v.optional(v.nullable(v.union([v.string(), v.number(), v.array(v.union([v.string(), v.number()]))])), "");

/**
 * Ids comma-joined ("1,2,3", docs/gaps.md §1), one id, or a JSON list; deduplicated. None gives
 * `empty`; more than `max` (MAX_IDS by default) gives tooManyIds(max) before any of them is looked at.
 */
export const idsField = /* @__NO_SIDE_EFFECTS__ */ (empty = "并没有选择删除项", max = MAX_IDS) =>
  v.pipe(
    rawList,
    v.rawTransform(({ dataset, addIssue, NEVER }) => {
      const raw = dataset.value;
      // A list far longer than `max` ids can be is refused before it is split.
      if (typeof raw === "string" && raw.length > max * 12) {
        addIssue({ message: tooManyIds(max) });
        return NEVER;
      }
      const parts = (Array.isArray(raw) ? raw : String(raw ?? "").split(",")).map((s) => (typeof s === "string" ? s.trim() : s)).filter((s) => s !== "");
      if (parts.length === 0) {
        addIssue({ message: empty });
        return NEVER;
      }
      if (parts.length > max) {
        addIssue({ message: tooManyIds(max) });
        return NEVER;
      }
      const ids = parts.map(toInt);
      if (ids.some((n) => !(n >= 1))) {
        addIssue({ message: BAD_INPUT });
        return NEVER;
      }
      return [...new Set(ids)];
    }),
  );

/**
 * An optional id list: blank is none ([]); otherwise idsField's rules (comma-joined, one id or a
 * JSON list, at most `max`, deduplicated), a malformed id saying `bad`.
 */
export const maybeIdsField = /* @__NO_SIDE_EFFECTS__ */ (bad: string, max = MAX_IDS) => {
  const ids = idsField(BAD_INPUT, max);
  return v.pipe(
    rawList,
    v.rawTransform(({ dataset, addIssue, NEVER }) => {
      const raw = dataset.value;
      if (Array.isArray(raw) ? raw.every(blank) : blank(raw)) return [] as number[];
      const out = v.safeParse(ids, raw);
      if (out.success) return out.output;
      const message = out.issues[0].message;
      addIssue({ message: message === BAD_INPUT ? bad : message });
      return NEVER;
    }),
  );
};

/** The message of a value that is no real calendar day (2026-02-30, 2026-13-01, 2026-05-01 25:00:00, 2026-05-01abc). */
export const BAD_DATE = "日期格式不正确";

/**
 * Whether `s` is a business date ("YYYY-MM-DD") or date-time ("YYYY-MM-DD HH:mm:ss") that exists on
 * the calendar. The whole text is read: checking only the first ten characters let any 19-character
 * value through as long as it began with a date.
 */
export const isBusinessDate = (s: string): boolean => (s.length === 10 || s.length === 19) && parseBusiness(s) !== null;

/** A business date; "2026-05-01 00:00:00" and "2026-05-01" name the same day (R120). */
export const dateField = /* @__NO_SIDE_EFFECTS__ */ (missing: string) =>
  v.pipe(
    rawValue,
    v.check((x) => !blank(x), missing),
    v.transform((x) => String(x).trim()),
    v.check(isBusinessDate, BAD_DATE),
    v.transform((s) => s.slice(0, 10)),
  );
/** An optional business date: blank is none (undefined). */
export const maybeDate = /* @__NO_SIDE_EFFECTS__ */ () =>
  v.pipe(
    rawValue,
    v.transform((x) => (blank(x) ? undefined : String(x).trim())),
    v.check((s) => s === undefined || isBusinessDate(s), BAD_DATE),
    v.transform((s) => s?.slice(0, 10)),
  );

/** An optional month "YYYY-MM" of a real month (2026-13 and 2026-00 refused); blank is "" (the caller's current month). */
export const maybeMonth = /* @__NO_SIDE_EFFECTS__ */ (msg: string) =>
  v.pipe(
    optText(7, msg),
    v.check((m) => m === "" || (m.length === 7 && parseBusiness(`${m}-01`) !== null), msg),
  );

/**
 * A route that takes nothing: a field in the query or the body is refused with BAD_INPUT rather than
 * ignored (a strict object), so a body meant for another route, or a probe, never runs it as if
 * empty. `functionId` is the one key let through: the adapter reads it when the header is absent.
 * An empty JSON object or an empty form is fine. (Bodies the adapter does not read at all — text,
 * XML, a JSON list — never reach a schema: refusing those is the adapter's, app.ts readInput.)
 */
export const noInput = v.strictObject({ functionId: v.optional(v.unknown()) }, BAD_INPUT);

/** The spec's refusal of a save that lacks part of its record (R538, R553), which every whole-record save answers. */
export const INCOMPLETE = "数据不完整，请刷新页面重新编辑。";

/** A field the request left out (not blank: blank is a value), while a whole record is read. */
const ABSENT: unique symbol = Symbol("absent");

/**
 * The field `s`, or ABSENT when the request did not send it at all (a missing key or undefined:
 * the optional's default). Sent values keep `s`'s own messages.
 */
const orAbsent = <S extends v.GenericSchema>(s: S) =>
  v.optional(
    v.pipe(
      v.custom<v.InferInput<S>>(() => true),
      // The field itself, for whoever reads the schema (the tests that look at every field's kind).
      v.metadata({ field: s }),
      v.rawTransform(({ dataset, addIssue, NEVER }): v.InferOutput<S> | typeof ABSENT => {
        if (dataset.value === undefined || dataset.value === ABSENT) return ABSENT;
        const out = v.safeParse(s, dataset.value);
        if (out.success) return out.output;
        addIssue({ message: out.issues[0].message });
        return NEVER;
      }),
    ),
    ABSENT as never,
  );

/**
 * A whole-record save (docs/decisions.md, "A save sends the whole record"): the object of `entries`,
 * except that a field the request leaves out — absent, not blank: a blank field is a value and clears
 * it — refuses the save with INCOMPLETE instead of being saved as its default, so a partial post never
 * blanks the parts it left out. `applies`: "edit" (a save with an id; a new record may leave optional
 * fields to their defaults) or "always" (a route that only ever edits an existing record). `besides`:
 * fields of the request rather than of the record (a flag such as "create this code"), which may be
 * left out.
 */
export const wholeRecord = /* @__NO_SIDE_EFFECTS__ */ <E extends v.ObjectEntries>(entries: E, applies: "edit" | "always" = "edit", besides: readonly (keyof E & string)[] = []) => {
  const fields = Object.fromEntries(Object.entries(entries).map(([k, s]) => [k, orAbsent(s)])) as { [K in keyof E]: ReturnType<typeof orAbsent<E[K]>> };
  return v.pipe(
    v.object(fields),
    // Marks the schema for the test that walks every save route (wholeRecord.test.ts).
    v.metadata({ wholeRecord: applies }),
    v.rawTransform(({ dataset, addIssue, NEVER }) => {
      const got = dataset.value as Record<string, unknown>;
      const id = got.id;
      const editing = applies === "always" || (typeof id === "number" && id > 0);
      const out: Record<string, unknown> = {};
      for (const [k, s] of Object.entries(entries)) {
        if (got[k] !== ABSENT) out[k] = got[k];
        else if (editing && !besides.includes(k)) {
          addIssue({ message: INCOMPLETE });
          return NEVER;
        } else {
          // A new record: what the field makes of "not sent" (its default, or its own "required" message).
          const d = v.safeParse(s, undefined);
          if (!d.success) {
            addIssue({ message: d.issues[0].message });
            return NEVER;
          }
          out[k] = d.output;
        }
      }
      return out as v.InferOutput<v.ObjectSchema<E, undefined>>;
    }),
  );
};

/** A route that names one record: `{ id }`. */
export const idInput = /* @__NO_SIDE_EFFECTS__ */ (msg = BAD_INPUT) => v.object({ id: idField(msg) });

/**
 * A route that names records: `ids` comma-joined, or one `id` (older callers), with `more` fields
 * beside them if the route takes any; out comes `{ ids, ...more }`.
 */
export const idsInput = /* @__NO_SIDE_EFFECTS__ */ <E extends v.ObjectEntries = Record<never, never>>(empty = "并没有选择删除项", more: E = {} as E) => {
  const ids = idsField(empty);
  return v.pipe(
    v.object({ ids: rawList, id: rawValue, ...more }),
    v.rawTransform(({ dataset, addIssue, NEVER }) => {
      const { ids: many, id, ...rest } = dataset.value;
      const out = v.safeParse(ids, blank(many) && !Array.isArray(many) ? id : many);
      if (out.success) return { ...(rest as v.InferOutput<v.ObjectSchema<E, undefined>>), ids: out.output };
      addIssue({ message: out.issues[0].message });
      return NEVER;
    }),
  );
};

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

/** What a JSON field's reader answers when it can say more than the field's message. */
export class Refusal {
  constructor(readonly message: string) {}
}

/**
 * JSON text (at most `maxChars`) or an already-parsed value, read by `read` (null: refused with `msg`).
 */
export const jsonField = <T>(msg: string, maxChars: number, read: (x: unknown) => T | Refusal | null, empty: T) =>
  v.pipe(
    v.optional(v.nullable(v.union([v.string(), v.array(v.unknown()), v.record(v.string(), v.unknown())])), ""),
    v.rawTransform(({ dataset, addIssue, NEVER }) => {
      let raw: unknown = dataset.value;
      if (blank(raw)) return empty;
      if (typeof raw === "string") {
        // Refused before it is parsed: no form of this field comes near the limit.
        if (raw.length > maxChars) {
          addIssue({ message: msg });
          return NEVER;
        }
        try {
          raw = JSON.parse(raw);
        } catch {
          addIssue({ message: msg });
          return NEVER;
        }
      }
      const out = read(raw);
      if (out === null || out instanceof Refusal) {
        addIssue({ message: out instanceof Refusal ? out.message : msg });
        return NEVER;
      }
      return out;
    }),
  );
