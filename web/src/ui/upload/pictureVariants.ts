import { widthsFor, withVariants } from "@xiangyu/core/content/rules";
import type { ApiClient } from "../../lib/api.ts";
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

/** A stored picture as a rich-text body's `<img>` takes it: its address (with its copies) and, when the browser decoded it, its size. */
export type BodyPicture = { src: string; width?: number; height?: number };

/**
 * A picture for a rich-text body (issue 35): the same copies as the uploader's, and the picture's
 * own size, which the editor writes as the `<img>`'s width and height so the website keeps its
 * place while it loads (the stylesheet scales it down to the column). A GIF or a browser without
 * WebP still gets its size; a picture the browser cannot decode keeps its bare address.
 */
export async function bodyPicture(file: File, stored: Uploaded, api: ApiClient): Promise<BodyPicture> {
  if (typeof createImageBitmap !== "function") return { src: stored.url };
  let bitmap: ImageBitmap | undefined;
  try {
    bitmap = await createImageBitmap(file);
    const size = { width: bitmap.width, height: bitmap.height };
    const src = isPhoto(file) && canEncodeWebp() ? await addVariants(stored, bitmap.width, canvasEncoder(bitmap), api) : stored.url;
    return { src, ...size };
  } catch {
    return { src: stored.url };
  } finally {
    bitmap?.close();
  }
}

/** The address to keep for an uploaded picture: with its WebP copies when the browser can make them, else the original's as it was. */
export async function withWebpVariants(file: File, stored: Uploaded, api: ApiClient): Promise<string> {
  // Checked first so a GIF, or a browser without WebP, is never decoded for nothing.
  if (!isPhoto(file) || typeof createImageBitmap !== "function" || !canEncodeWebp()) return stored.url;
  return (await bodyPicture(file, stored, api)).src;
}
