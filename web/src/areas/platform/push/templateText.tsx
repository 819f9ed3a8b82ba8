import { Fragment } from "react";
import type { PLACEHOLDERS } from "@xiangyu/core/platform/push/rules";

/**
 * A push template as staff read it: the placeholders by their Chinese names (〔接收人〕 for
 * ${touser}) and a WeChat template's JSON as one line per field under its Chinese name (首行,
 * 关键词1, 备注). The template as written stays in the tooltip, where those who write templates
 * need it; the list's export writes the same words.
 */
export const PLACEHOLDER_NAMES: Readonly<Record<(typeof PLACEHOLDERS)[number], string>> = { touser: "接收人", msgTime: "时间", address: "地址" };

/** A WeChat template field's Chinese name (the field names of WeChat's template messages). */
export function fieldName(key: string): string {
  const n = /^keyword(\d+)$/.exec(key)?.[1];
  return n ? `关键词${n}` : (({ first: "首行", remark: "备注", content: "内容" } as Record<string, string>)[key] ?? key);
}

/** The template's fields: a JSON object's, or the whole text as one unnamed field. */
function fieldsOf(text: string): Array<[string | null, string]> {
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === "object" && !Array.isArray(parsed)) return Object.entries(parsed).map(([k, v]) => [k, typeof v === "string" ? v : JSON.stringify(v)]);
  } catch {
    // plain text
  }
  return [[null, text]];
}

const PLACEHOLDER = /\$\{([^}]*)\}/g;
const placeholderName = (name: string) => PLACEHOLDER_NAMES[name as keyof typeof PLACEHOLDER_NAMES];

/** The template in words, for the export and the tests: "首行：〔接收人〕，您好；关键词1：〔地址〕". */
export function templateWords(text: string): string {
  const words = (s: string) => s.replace(PLACEHOLDER, (all, name: string) => (placeholderName(name) ? `〔${placeholderName(name)}〕` : all));
  return fieldsOf(text)
    .map(([k, v]) => (k ? `${fieldName(k)}：${words(v)}` : words(v)))
    .join("；");
}

/** One field's text with its placeholders as named chips (the placeholder in the chip's tooltip). */
function Words({ text }: { text: string }) {
  const parts = text.split(PLACEHOLDER);
  // split with a group: even indexes are text, odd ones the placeholder names.
  return (
    <>
      {parts.map((p, i) =>
        i % 2 === 0 ? (
          <Fragment key={i}>{p}</Fragment>
        ) : placeholderName(p) ? (
          <span key={i} title={`占位符 \${${p}}`} className="mx-0.5 rounded bg-blue-50 px-1 text-blue-700">
            {placeholderName(p)}
          </span>
        ) : (
          <Fragment key={i}>{`\${${p}}`}</Fragment>
        ),
      )}
    </>
  );
}

/** A template body in the list: its fields in words, two lines at most; the template as written in the tooltip. */
export function TemplateBody({ text }: { text?: string }) {
  if (!text) return <span>—</span>;
  return (
    <span className="line-clamp-2 max-w-72 break-all" title={text}>
      {fieldsOf(text).map(([k, v], i) => (
        <Fragment key={i}>
          {i > 0 && "；"}
          {k && (
            <span className="text-slate-500" title={`模板字段 ${k}`}>
              {fieldName(k)}：
            </span>
          )}
          <Words text={v} />
        </Fragment>
      ))}
    </span>
  );
}
