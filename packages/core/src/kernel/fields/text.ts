import * as v from "valibot";
import { text } from "./raw.ts";

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
