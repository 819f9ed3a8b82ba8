import * as v from "valibot";
import { optRawText, requiredRawText } from "./text.ts";

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
