import * as v from "valibot";
import { badLink, isSafeLink, LINK_LIST_KIND } from "./fields.ts";

/** At most 20 pictures on any record (R078, R109, products). */
export const MAX_PICTURES = 20;
export const PICTURES_MSG = {
  tooMany: `最多只能上传${MAX_PICTURES}张图片`,
  bad: "图片数据格式不正确",
  tooLong: "图片地址过长",
  badLink: badLink("图片地址"),
} as const;

/** The URL of a picture the uploader handed back as an object ({url} or {remotename}); "" without one. */
function uploadedUrl(p: unknown): string {
  const o = p as { url?: unknown; remotename?: unknown } | null | undefined;
  return String(o?.url ?? o?.remotename ?? "");
}

/**
 * picJson: a JSON list of picture URLs (R088), or a list already; the uploader may hand back
 * {url} or {remotename} objects as well as plain strings. Out comes a list of URLs.
 */
export const picturesField = v.pipe(
  v.optional(v.nullable(v.union([v.string(), v.array(v.unknown())])), ""),
  v.rawTransform(({ dataset, addIssue, NEVER }) => {
    const raw = dataset.value;
    if (raw === undefined || raw === null) return [] as string[];
    let list: unknown = raw;
    if (typeof raw === "string") {
      if (!raw.trim()) return [] as string[];
      // 20 URLs of 500 characters fit in far less: a longer text is refused before it is parsed.
      if (raw.length > MAX_PICTURES * 600) {
        addIssue({ message: PICTURES_MSG.tooMany });
        return NEVER;
      }
      try {
        list = JSON.parse(raw);
      } catch {
        addIssue({ message: PICTURES_MSG.bad });
        return NEVER;
      }
    }
    if (!Array.isArray(list)) {
      addIssue({ message: PICTURES_MSG.bad });
      return NEVER;
    }
    if (list.length > MAX_PICTURES) {
      addIssue({ message: PICTURES_MSG.tooMany });
      return NEVER;
    }
    const urls = list
      .map((p: unknown) => (typeof p === "string" ? p : uploadedUrl(p)))
      .map((s) => s.trim())
      .filter(Boolean);
    if (urls.some((u) => u.length > 500)) {
      addIssue({ message: PICTURES_MSG.tooLong });
      return NEVER;
    }
    if (!urls.every(isSafeLink)) {
      addIssue({ message: PICTURES_MSG.badLink });
      return NEVER;
    }
    return urls;
  }),
  v.metadata({ fieldKind: LINK_LIST_KIND, label: "图片地址" }),
);
