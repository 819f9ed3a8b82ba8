import { widthsFor, withVariants } from "@xiangyu/core/content/rules";
import type { ApiClient } from "../lib/api.ts";
import { uploadVariant, type Uploaded } from "./upload.ts";

/**
 * Smaller WebP copies of an uploaded picture, made in the browser (issue 35; the convention and
 * why: core/content/pictureVariants.ts, docs/content.md "Responsive pictures"). After the original
 * is stored, a photo (JPEG or PNG; a GIF may move and stays as it is) is drawn again at each width
 * of `widthsFor` on a canvas and encoded as WebP, when the browser can; each copy is uploaded
 * beside the original, and the address the record keeps names the copies that made it
 * (`…/<hash>.jpg#w=480,960`). Nothing here can fail an upload: without WebP, or on any error, the
 * original's address is kept as it was, and the website shows a plain picture.
 */

/** The types copies are made of: photos, not GIFs (an animation would lose its frames). */
const PHOTO_TYPES = new Set(["image/jpeg", "image/jpg", "image/pjpeg", "image/png", "image/x-png"]);
const PHOTO_EXTS = /\.(jpe?g|png)$/i;
/** WebP's quality for a photo's copy: the size of a JPEG at 85 for about a third less bytes. */
const WEBP_QUALITY = 0.8;

/** Whether copies are made of this file: a photo by its type, or by its name when the browser gives none. */
export const isPhoto = (file: Pick<File, "type" | "name">) => PHOTO_TYPES.has(file.type.toLowerCase()) || (!file.type && PHOTO_EXTS.test(file.name));

/** Draws a picture at a width (its height in proportion) and encodes it; null when the browser cannot. */
export type Encoder = (width: number) => Promise<Blob | null>;

/**
 * The copies of a stored picture: the widths to make for its own width, each encoded and uploaded
 * in turn; the address to keep names those that were stored. `encode` answering null (no WebP) or
 * failing ends the work with what was made.
 */
export async function addVariants(stored: Pick<Uploaded, "url" | "remotename">, naturalWidth: number, encode: Encoder, api: ApiClient): Promise<string> {
  const made: number[] = [];
  try {
    for (const width of widthsFor(naturalWidth)) {
      const blob = await encode(width);
      if (!blob || blob.type !== "image/webp") break;
      await uploadVariant(blob, { api, variantOf: stored.remotename, width, type: "webp" });
      made.push(width);
    }
  } catch {
    // A copy that failed leaves the picture with the copies made before it (or none): the original is stored.
  }
  return withVariants(stored.url, made);
}

let webp: boolean | undefined;
/** Whether this browser's canvas encodes WebP (Safari before 17 answers PNG instead). */
function canEncodeWebp(): boolean {
  if (webp === undefined) {
    try {
      const canvas = document.createElement("canvas");
      canvas.width = canvas.height = 1;
      webp = canvas.toDataURL("image/webp").startsWith("data:image/webp");
    } catch {
      webp = false;
    }
  }
  return webp;
}

/** The canvas encoder for a decoded picture: drawn at `width`, the height in proportion, smoothing at its best. */
function canvasEncoder(bitmap: ImageBitmap): Encoder {
  return (width) =>
    new Promise((resolve) => {
      const canvas = document.createElement("canvas");
      canvas.width = width;
      canvas.height = Math.max(1, Math.round((bitmap.height * width) / bitmap.width));
      const g = canvas.getContext("2d");
      if (!g) return resolve(null);
      g.imageSmoothingQuality = "high";
      g.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
      canvas.toBlob(resolve, "image/webp", WEBP_QUALITY);
    });
}

/** The address to keep for an uploaded picture: with its WebP copies when the browser can make them, else the original's as it was. */
export async function withWebpVariants(file: File, stored: Uploaded, api: ApiClient): Promise<string> {
  if (!isPhoto(file) || typeof createImageBitmap !== "function" || !canEncodeWebp()) return stored.url;
  let bitmap: ImageBitmap | undefined;
  try {
    bitmap = await createImageBitmap(file);
    return await addVariants(stored, bitmap.width, canvasEncoder(bitmap), api);
  } catch {
    return stored.url;
  } finally {
    bitmap?.close();
  }
}
