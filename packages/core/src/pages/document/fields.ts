import * as v from "valibot";
import { badLink, blank, flagField, isSafeLink, LINK_LIST_KIND, linkField, optInt, optRawText, optText, rawValue, toInt } from "../../kernel/fields.ts";

/**
 * The page document's parameters are declared once, as descriptors: each one carries its valibot
 * schema (type, range, default, Chinese message) and the metadata the designer's settings panels
 * are drawn from (label, kind of input, min/max, options). So a default or a limit exists in one
 * place, and the server and the console cannot disagree on it.
 *
 * Every field tolerates a missing key (it takes its default), so `v.parse(schema, {})` is the
 * component's defaults.
 */

/** An option of a select: the stored value and its Chinese label. */
export type Option<T extends string | number = string | number> = { value: T; label: string };

/** What a settings panel needs to draw one input. */
export type FieldMeta =
  | { input: "text"; label: string; max: number; default: string; multiline?: boolean; placeholder?: string }
  | { input: "link"; label: string; max: number; default: string }
  | { input: "number"; label: string; min: number; max: number; default: number | "auto"; unit?: "px" | "ms"; auto?: boolean }
  | { input: "colour"; label: string; default: string }
  | { input: "picture"; label: string; default: string; media: "image" | "video" }
  | { input: "select"; label: string; options: Option[]; default: string | number }
  | { input: "switch"; label: string; default: boolean }
  | { input: "json"; label: string; max: number; default: string }
  | { input: "html"; label: string; max: number; default: string }
  | { input: "list"; label: string; max: number; item: Record<string, FieldMeta>; unit: string }
  | { input: "tags"; label: string; max: number; itemMax: number }
  | { input: "group"; label: string; fields: Record<string, FieldMeta> };

/** One parameter: how it is checked and how it is edited. */
export type Field<T> = { schema: v.GenericSchema<unknown, T>; meta: FieldMeta };
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- fields of any value type, each typed where it is declared
export type Fields = Record<string, Field<any>>;
export type OutputOf<F extends Fields> = { [K in keyof F]: F[K] extends Field<infer T> ? T : never };

// ── bounds shared by every component ──
export const MAX_TEXT = 200;
export const MAX_URL = 500;
export const MAX_JSON = 4000;
/** Design pixels: the portrait design width is 750 (R563), a landscape page 1920 wide. */
export const MAX_PX = 2000;

const COLOUR = /^(#[0-9a-fA-F]{3}|#[0-9a-fA-F]{6}|#[0-9a-fA-F]{8}|rgba?\(\s*\d{1,3}\s*,\s*\d{1,3}\s*,\s*\d{1,3}\s*(,\s*(0|1|0?\.\d+)\s*)?\))$/;
export const isColour = (s: string) => COLOUR.test(s);

export const tooLong = (label: string, max: number) => `${label}不能超过${max}个字`;
export const outOfRange = (label: string, min: number, max: number) => `${label}必须是${min}到${max}之间的整数`;
export const badColour = (label: string) => `${label}必须是颜色值（如#ffffff）`;
export const badChoice = (label: string) => `${label}的取值不正确`;
export const badJson = (label: string) => `${label}不是有效的JSON`;
export const tooMany = (label: string, max: number) => `${label}数量不能超过${max}`;
export const badList = (label: string) => `${label}必须是列表`;
export const badGroup = (label: string) => `${label}格式不正确`;

/** Free text (titles, placeholders, addresses), trimmed; longer than `max` is refused, never cut. */
export const text = (label: string, o: { max?: number; default?: string; multiline?: boolean; placeholder?: string } = {}): Field<string> => {
  const max = o.max ?? MAX_TEXT;
  const def = o.default ?? "";
  return {
    schema: v.pipe(
      optText(max, tooLong(label, max)),
      v.transform((s) => (s === "" ? def : s)),
    ),
    meta: { input: "text", label, max, default: def, multiline: o.multiline, placeholder: o.placeholder },
  };
};

/** An address the mini-program calls (an API path, an http(s) URL). */
export const url = (label: string, def = ""): Field<string> => ({
  schema: v.pipe(
    linkField(label, { max: MAX_URL, tooLong: tooLong(label, MAX_URL) }),
    v.transform((s) => (s === "" ? def : s)),
  ),
  meta: { input: "text", label, max: MAX_URL, default: def },
});

/**
 * Where a tap leads: a path of the link table (pages/links.ts: a page, a member screen, a goods, a
 * lottery, a hotel, an article), an http(s) address or a tel: number. The same check as `url`; the
 * designer offers the table's targets for it (its link picker).
 */
export const link = (label: string): Field<string> => ({ ...url(label), meta: { input: "link", label, max: MAX_URL, default: "" } });

/** A whole number in [min, max]; blank takes the default. */
export const num = (label: string, min: number, max: number, def: number, unit?: "px" | "ms"): Field<number> => ({
  schema: optInt(def, outOfRange(label, min, max), min, max),
  meta: { input: "number", label, min, max, default: def, unit },
});

/** A length in design pixels: a number, "20px" as the older documents wrote it, or "auto". */
export const px = (label: string, min: number, max: number, def: number): Field<number> => ({
  schema: v.pipe(
    rawValue,
    v.transform((x) => (blank(x) ? def : typeof x === "string" ? toInt(x.trim().replace(/px$/i, "")) : toInt(x))),
    v.check((n) => n >= min && n <= max, outOfRange(label, min, max)),
  ),
  meta: { input: "number", label, min, max, default: def, unit: "px" },
});

/** A length that may also be "auto" (blank is auto): the picture group's height. */
export const pxOrAuto = (label: string, min: number, max: number): Field<number | "auto"> => ({
  schema: v.pipe(
    rawValue,
    v.transform((x): number | "auto" => (blank(x) || String(x).trim() === "auto" ? "auto" : typeof x === "string" ? toInt(x.trim().replace(/px$/i, "")) : toInt(x))),
    v.check((n) => n === "auto" || (n >= min && n <= max), outOfRange(label, min, max)),
  ),
  meta: { input: "number", label, min, max, default: "auto", unit: "px", auto: true },
});

/** A colour: #rgb, #rrggbb, #rrggbbaa or rgb()/rgba(); blank takes the default (which may be blank). */
export const colour = (label: string, def = ""): Field<string> => ({
  schema: v.pipe(
    optText(40, badColour(label)),
    v.transform((s) => (s === "" ? def : s)),
    v.check((s) => s === "" || isColour(s), badColour(label)),
  ),
  meta: { input: "colour", label, default: def },
});

/** An uploaded picture or video (its URL, from the presigned upload flow, or any http(s) address). */
export const picture = (label: string, media: "image" | "video" = "image"): Field<string> => ({
  schema: linkField(label, { max: MAX_URL, tooLong: tooLong(label, MAX_URL) }),
  meta: { input: "picture", label, default: "", media },
});

/** One of the listed words; blank takes the default. */
export const choice = <T extends string>(label: string, options: readonly Option<T>[], def: NoInfer<T>): Field<T> => ({
  schema: v.pipe(
    optText(40, badChoice(label)),
    v.transform((s) => (s === "" ? def : s)),
    v.check((s) => options.some((o) => o.value === s), badChoice(label)),
    v.transform((s) => s as T),
  ),
  meta: { input: "select", label, options: [...options], default: def },
});

/** One of the listed numbers (list type 1/2, rich-text mode 1/2/3); blank takes the default. */
export const intChoiceOf = <T extends number>(label: string, options: readonly Option<T>[], def: NoInfer<T>): Field<T> => ({
  schema: v.pipe(
    rawValue,
    v.transform((x) => (blank(x) ? def : toInt(x))),
    v.check((n) => options.some((o) => o.value === n), badChoice(label)),
    v.transform((n) => n as T),
  ),
  meta: { input: "select", label, options: [...options], default: def },
});

/** A yes/no switch: true/false, 1/0, "1"/"0"; blank takes the default. */
export const toggle = (label: string, def = false): Field<boolean> => ({ schema: flagField(def), meta: { input: "switch", label, default: def } });

/** JSON text (convertParams: how an API's reply maps onto the component's fields); blank is none. */
export const jsonText = (label: string, max = MAX_JSON): Field<string> => ({
  schema: v.pipe(
    v.optional(v.nullable(v.union([v.string(), v.record(v.string(), v.unknown()), v.array(v.unknown())])), ""),
    // An object sent as such is kept as its JSON text: the mini-program reads one form.
    v.transform((x) => (x === null || x === undefined ? "" : typeof x === "string" ? x.trim() : JSON.stringify(x))),
    v.check((s) => s.length <= max, tooLong(label, max)),
    v.check((s) => {
      if (s === "") return true;
      try {
        JSON.parse(s);
        return true;
      } catch {
        return false;
      }
    }, badJson(label)),
  ),
  meta: { input: "json", label, max, default: "" },
});

/** Rich text (HTML from the console's editor); the server sanitises it when it saves (kernel/richText.ts). */
export const html = (label: string, max = 100_000): Field<string> => ({
  schema: optRawText(max, tooLong(label, max)),
  meta: { input: "html", label, max, default: "" },
});

/** An object of fields: a missing or blank one takes every default. */
export function objectSchema<F extends Fields>(fields: F, label = "参数"): v.GenericSchema<unknown, OutputOf<F>> {
  const entries = Object.fromEntries(Object.entries(fields).map(([k, f]) => [k, f.schema]));
  return v.pipe(
    v.optional(v.nullable(v.unknown()), {}),
    v.transform((x) => (x === null || x === undefined || x === "" ? {} : x)),
    v.check((x) => typeof x === "object" && !Array.isArray(x), badGroup(label)),
    v.object(entries),
  ) as unknown as v.GenericSchema<unknown, OutputOf<F>>;
}

/** A nested group of fields (an action, the submit button). */
export const group = <F extends Fields>(label: string, fields: F): Field<OutputOf<F>> => ({
  schema: objectSchema(fields, label),
  meta: { input: "group", label, fields: metaOf(fields) },
});

/**
 * A list of items (pictures, menu entries, form fields), at most `max`. The older documents stored
 * some lists as JSON text: a string is read as JSON first.
 */
export const list = <F extends Fields>(label: string, item: F, max: number, unit = "项"): Field<OutputOf<F>[]> => ({
  schema: v.pipe(
    v.optional(v.nullable(v.unknown()), []),
    v.rawTransform(({ dataset, addIssue, NEVER }) => {
      let x = dataset.value;
      if (x === null || x === undefined || x === "") return [] as unknown[];
      if (typeof x === "string") {
        try {
          x = JSON.parse(x);
        } catch {
          addIssue({ message: badList(label) });
          return NEVER;
        }
      }
      if (!Array.isArray(x)) {
        addIssue({ message: badList(label) });
        return NEVER;
      }
      return x as unknown[];
    }),
    v.maxLength(max, tooMany(label, max)),
    v.array(objectSchema(item, label)),
  ) as unknown as v.GenericSchema<unknown, OutputOf<F>[]>,
  meta: { input: "list", label, max, item: metaOf(item), unit },
});

/** A short list of addresses (the navbar's icons and their events): each one a link (kernel isSafeLink). */
export const tags = (label: string, max: number, itemMax = MAX_URL): Field<string[]> => ({
  schema: v.pipe(
    v.optional(v.nullable(v.array(v.union([v.string(), v.number()]))), []),
    v.transform((x) => (x ?? []).map((s) => String(s).trim())),
    v.maxLength(max, tooMany(label, max)),
    v.check((xs) => xs.every((s) => s.length <= itemMax), tooLong(label, itemMax)),
    v.check((xs) => xs.every(isSafeLink), badLink(label)),
    v.metadata({ fieldKind: LINK_LIST_KIND, label }),
  ),
  meta: { input: "tags", label, max, itemMax },
});

export function metaOf(fields: Fields): Record<string, FieldMeta> {
  return Object.fromEntries(Object.entries(fields).map(([k, f]) => [k, f.meta]));
}
