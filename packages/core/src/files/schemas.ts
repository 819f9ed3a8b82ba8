import * as v from "valibot";
import { maybeInt, optText, requiredInt, requiredText, textChoice } from "../kernel/fields.ts";
import { KIND_NAMES, MAX_REMOTENAME, UPLOAD_MSG } from "./rules.ts";

/**
 * The inputs of the upload routes. Kind, type and size rules are checked by `checkUpload`
 * (rules.ts), shared by the presigned and the multipart paths and by the console's uploaders.
 */

const kind = textChoice(KIND_NAMES, UPLOAD_MSG.badKind);
/** A screen's own limit in KB, never above the kind's (rules.ts limitKB). */
const maxKB = maybeInt(UPLOAD_MSG.badParam, 1);

/** A request for a presigned upload URL (POST /uploader/presign). */
export const PresignInput = v.object({
  name: requiredText(UPLOAD_MSG.noFile, 255, UPLOAD_MSG.badParam),
  size: requiredInt(UPLOAD_MSG.badParam, UPLOAD_MSG.badParam, 0),
  contentType: optText(255, UPLOAD_MSG.badParam),
  /** Hex MD5 or SHA-256 of the whole file (R066). */
  hash: v.pipe(requiredText(UPLOAD_MSG.badHash, 64, UPLOAD_MSG.badHash), v.toLowerCase(), v.regex(/^(?:[0-9a-f]{32}|[0-9a-f]{64})$/, UPLOAD_MSG.badHash)),
  kind,
  maxKB,
  /** A picture's smaller copy (core/content/pictureVariants.ts): the original's remotename and the copy's width. */
  variantOf: optText(MAX_REMOTENAME, UPLOAD_MSG.notFound),
  width: maybeInt(UPLOAD_MSG.badParam, 1),
});
export type PresignInput = v.InferOutput<typeof PresignInput>;

/** A file as the platform's multipart parser gives it (a web File; a Blob with a name). */
const isFile = (x: unknown): x is File => typeof Blob !== "undefined" && x instanceof Blob && typeof (x as File).name === "string";

/** A multipart file part: anything but a file (a text field, nothing) says `missing`. */
export const fileField = (missing: string) =>
  v.pipe(
    v.optional(v.unknown(), ""),
    v.check((x) => isFile(x), missing),
    v.transform((x) => x as File),
  );

/** The spec's multipart upload (POST /upload, /uploader/upload, R068): the file and its optional checks. */
export const UploadInput = v.object({
  file: fileField(UPLOAD_MSG.noFile),
  /** MD5 or SHA-256 the uploader computed (R066); when given it must match the bytes, else 上传失败！ (R063). */
  md5file: v.pipe(
    optText(64, UPLOAD_MSG.failed),
    v.transform((s) => s.toLowerCase() || undefined),
  ),
  kind,
  maxKB,
});
export type UploadInput = v.InferOutput<typeof UploadInput>;

/** POST /uploader/confirm: the remotename the presign answered, once its PUT is done. */
export const ConfirmInput = v.object({ remotename: requiredText(UPLOAD_MSG.notFound, MAX_REMOTENAME, UPLOAD_MSG.notFound) });

/** GET /uploader/files/{key+}: a remotename; anything that cannot be one is a file that does not exist. */
export const FileKeyInput = v.object({ key: requiredText(UPLOAD_MSG.notFound, MAX_REMOTENAME, UPLOAD_MSG.notFound) });

/** The largest multipart upload request a route takes (the file and the form around it); the modules whose screens upload (issue 11). */
export { MULTIPART_MAX_BODY, UPLOAD_MODULES } from "./rules.ts";
