import * as v from "valibot";
import { UPLOAD_MSG } from "./rules.ts";

/**
 * A request for a presigned upload URL (POST /uploader/presign). Kind, type and size rules are
 * checked by `checkUpload` (rules.ts), shared with the multipart path.
 */
export const PresignInput = v.object({
  name: v.pipe(v.string(UPLOAD_MSG.noFile), v.trim(), v.nonEmpty(UPLOAD_MSG.noFile), v.maxLength(255, UPLOAD_MSG.badParam)),
  size: v.pipe(v.union([v.number(), v.string()], UPLOAD_MSG.badParam), v.transform(Number), v.number(UPLOAD_MSG.badParam), v.integer(UPLOAD_MSG.badParam), v.minValue(0, UPLOAD_MSG.badParam)),
  contentType: v.optional(v.pipe(v.string(UPLOAD_MSG.badParam), v.trim(), v.maxLength(255, UPLOAD_MSG.badParam)), ""),
  /** Hex MD5 or SHA-256 of the whole file (R066). */
  hash: v.pipe(v.string(UPLOAD_MSG.badHash), v.trim(), v.toLowerCase(), v.regex(/^(?:[0-9a-f]{32}|[0-9a-f]{64})$/, UPLOAD_MSG.badHash)),
  kind: v.optional(v.string(UPLOAD_MSG.badKind)),
  maxKB: v.optional(v.union([v.number(), v.string()], UPLOAD_MSG.badParam)),
});
export type PresignInput = v.InferOutput<typeof PresignInput>;
