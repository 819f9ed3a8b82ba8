import type { FormField } from "../document/index.ts";
import { isBusinessDate, isSafeLink } from "../../kernel/fields.ts";

/**
 * A member's answers to a designed form (issue 34), checked against the form's own fields (R579):
 * the same rules the H5 shows — required, the longest text, options from the field's list, numbers
 * within the field's range — so a request that skips the page is refused alike. Pure: the service
 * reads the page, this decides. Answers are kept with their labels as submitted, so a later edit of
 * the form does not change what a staff member reads.
 */
export const FORM_MSG = {
  badValues: "表单内容不正确",
  required: (label: string) => `请填写${label}`,
  tooLong: (label: string, n: number) => `${label}不能超过${n}个字`,
  badOption: (label: string) => `${label}的选项不正确`,
  badDate: (label: string) => `${label}格式不正确`,
  outOfRange: (label: string) => `${label}超出范围`,
  empty: "请填写表单内容",
  missingForm: "表单不存在或已停用",
  dailyCap: "今日提交次数已达上限，请明天再试",
  sent: "提交成功",
} as const;

/** The longest answer kept for any text field, whatever the form allows. */
export const MAX_ANSWER = 5000;
/** Pictures one ImagePicker field keeps. */
const MAX_PICTURES = 9;

export type FormAnswer = { name: string; label: string; value: string };
export type Checked = { ok: true; answers: FormAnswer[] } | { ok: false; msg: string };

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const DATETIME = /^(\d{4}-\d{2}-\d{2}) ([01]\d|2[0-3]):[0-5]\d$/;

const blankValue = (v: unknown) => v === undefined || v === null || v === "" || (Array.isArray(v) && v.length === 0);
const asList = (v: unknown): unknown[] => (Array.isArray(v) ? v : [v]);

/** One field's answer as text, or the refusal's message. */
function answerOf(f: FormField, raw: unknown): { text: string } | { msg: string } {
  const label = f.label || f.name;
  const options = new Map(f.options.map((o) => [o.value, o.label]));
  const pick = (v: unknown) => (typeof v === "string" || typeof v === "number" ? options.get(String(v)) : undefined);
  switch (f.type) {
    case "input":
    case "textarea":
    case "editor": {
      if (typeof raw !== "string" && typeof raw !== "number") return { msg: FORM_MSG.badValues };
      const text = String(raw).trim();
      const max = f.maxLength > 0 ? Math.min(f.maxLength, MAX_ANSWER) : MAX_ANSWER;
      return [...text].length > max ? { msg: FORM_MSG.tooLong(label, max) } : { text };
    }
    case "radio":
    case "picker": {
      if (f.type === "picker" && f.mode === "date") return typeof raw === "string" && raw.length === 10 && isBusinessDate(raw) ? { text: raw } : { msg: FORM_MSG.badDate(label) };
      if (f.type === "picker" && f.mode === "time") return typeof raw === "string" && TIME.test(raw) ? { text: raw } : { msg: FORM_MSG.badDate(label) };
      if (f.type === "picker" && f.mode === "datetime") {
        const m = typeof raw === "string" ? DATETIME.exec(raw) : null;
        return m && isBusinessDate(m[1]!) ? { text: raw as string } : { msg: FORM_MSG.badDate(label) };
      }
      if (f.type === "picker" && f.mode === "multiSelector") return choices(f, raw, pick);
      const chosen = pick(raw);
      return chosen === undefined ? { msg: FORM_MSG.badOption(label) } : { text: chosen };
    }
    case "checkbox":
      return choices(f, raw, pick);
    case "rate":
    case "slider": {
      const n = typeof raw === "number" ? raw : typeof raw === "string" && raw.trim() !== "" ? Number(raw) : NaN;
      const [min, max] = f.type === "rate" ? [0, f.count] : [f.min, f.max];
      if (!Number.isFinite(n) || n < min || n > max || (f.type === "rate" && !Number.isInteger(n))) return { msg: FORM_MSG.outOfRange(label) };
      return { text: String(n) };
    }
    case "switch":
      if (typeof raw !== "boolean") return { msg: FORM_MSG.badValues };
      return { text: raw ? "是" : "否" };
    case "ImagePicker": {
      const list = asList(raw);
      if (list.length > MAX_PICTURES || list.some((u) => typeof u !== "string" || !/^https?:\/\//i.test(u) || !isSafeLink(u))) return { msg: FORM_MSG.badValues };
      return { text: list.join("\n") };
    }
    default:
      return { msg: FORM_MSG.badValues };
  }
}

function choices(f: FormField, raw: unknown, pick: (v: unknown) => string | undefined): { text: string } | { msg: string } {
  const list = asList(raw);
  const labels = list.map(pick);
  if (list.length > f.options.length || labels.some((l) => l === undefined) || new Set(list.map(String)).size !== list.length)
    return { msg: FORM_MSG.badOption(f.label || f.name) };
  return { text: labels.join("、") };
}

/**
 * The answers to keep, in the form's order, or the first refusal. `values` maps field names to
 * answers; a name the form does not have is refused (nothing is stored that nobody asked for).
 */
export function checkFormValues(fields: readonly FormField[], values: unknown): Checked {
  if (typeof values !== "object" || values === null || Array.isArray(values)) return { ok: false, msg: FORM_MSG.badValues };
  const given = values as Record<string, unknown>;
  const asked = fields.filter((f) => f.type !== "line" && f.name);
  const names = new Set(asked.map((f) => f.name));
  if (Object.keys(given).some((k) => !names.has(k))) return { ok: false, msg: FORM_MSG.badValues };
  const answers: FormAnswer[] = [];
  for (const f of asked) {
    const raw = given[f.name];
    if (blankValue(raw) || (typeof raw === "string" && raw.trim() === "")) {
      if (f.required) return { ok: false, msg: FORM_MSG.required(f.label || f.name) };
      continue;
    }
    const a = answerOf(f, raw);
    if ("msg" in a) return { ok: false, msg: a.msg };
    answers.push({ name: f.name, label: f.label || f.name, value: a.text });
  }
  return answers.length ? { ok: true, answers } : { ok: false, msg: FORM_MSG.empty };
}
