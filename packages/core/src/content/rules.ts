/**
 * The pure rules of information articles (R515–R524): which fields each type keeps, how the title
 * pictures travel, and what the website may show. No I/O: the console imports these too.
 */

/** A picture's smaller copies named by its address (pictureVariants.ts): the console's uploader makes them. */
export { widthsFor, withVariants } from "./pictureVariants.ts";

export const INFO_TYPES = ["intro", "news", "activity", "map"] as const;
export type InfoType = (typeof INFO_TYPES)[number];

/** At most 3 title pictures (R521), labels within 8 characters (R520), titles within 100 (R519). */
export const MAX_TITLE_PICTURES = 3;
export const MAX_LABEL = 8;
export const MAX_TITLE = 100;
/** sortOrder when none is given (R524). */
export const DEFAULT_SORT_ORDER = 9_999_999;
/** The label the website's carousel asks for (R598: `lable=hot`). */
export const HOT_LABEL = "hot";
/** What a visitor reads for a label: the carousel's key word in Chinese, any other label as staff typed it. */
const LABEL_NAMES: Record<string, string> = { [HOT_LABEL]: "热门" };
export const labelName = (label: string): string => LABEL_NAMES[label] ?? label;

/** infoPicture on the wire: up to 3 URLs joined by a question mark (R522). */
export const joinPictures = (urls: readonly string[]): string => urls.join("?");
export const splitPictures = (s: string): string[] =>
  s
    .split("?")
    .map((u) => u.trim())
    .filter(Boolean);

/**
 * The title pictures after picking from the rich text's pictures: the pick is added after those
 * already chosen, and the list is cut to 3 (R521: choosing a 4th truncates to 3).
 */
export const pickTitlePictures = (chosen: readonly string[], picked: readonly string[]): string[] => [...new Set([...chosen, ...picked])].slice(0, MAX_TITLE_PICTURES);

/** The pictures a rich text shows (the editor's "choose from the body" list). */
export function richTextPictures(html: string): string[] {
  const out: string[] = [];
  for (const m of html.matchAll(/<img\b[^>]*?\bsrc\s*=\s*["']([^"']+)["']/gi)) if (!out.includes(m[1]!)) out.push(m[1]!);
  return out;
}

type TypeFields = { price: string; fromIn: string; publishtime: string; starttime: string; endtime: string };

/**
 * Keeps only the fields of the article's type (R523): price for intro; source and publish time for
 * news; start and end for activity. A field of another type is emptied, so switching the type in
 * the form never leaves a stale price on a news article.
 */
export function fieldsForType<T extends TypeFields>(infoType: string, f: T): T {
  return {
    ...f,
    price: infoType === "intro" ? f.price : "",
    fromIn: infoType === "news" ? f.fromIn : "",
    publishtime: infoType === "news" ? f.publishtime : "",
    starttime: infoType === "activity" ? f.starttime : "",
    endtime: infoType === "activity" ? f.endtime : "",
  };
}

/**
 * Whether the website may show an article now: enabled, and for news with a publish time, that
 * time reached (a news article dated tomorrow is scheduled, not published). `now` is Shanghai
 * business time "YYYY-MM-DD HH:mm:ss", which sorts as text.
 */
export function isPublished(a: { idisplay: number; publishtime?: string }, now: string): boolean {
  if (a.idisplay !== 1) return false;
  const at = a.publishtime ?? "";
  return !at || (at.length === 10 ? `${at} 00:00:00` : at) <= now;
}
