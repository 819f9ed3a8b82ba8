/**
 * Smaller copies of an uploaded picture (issue 35, docs/content.md "Responsive pictures"): the
 * console's uploader draws a picture again at a few widths in the browser (WebP where the browser
 * encodes it) and uploads each beside the original under the original's key with its width,
 * `<tenant>/<hash>.w480.webp`; the picture's address the record keeps then names the widths in its
 * fragment, `/uploader/files/<tenant>/<hash>.jpg#w=480,960`. A fragment never reaches a server, so
 * the address loads the original everywhere as before (console, member pages, mini-program), the
 * CDN's key is unchanged, and the website's renderers learn from the address alone which copies
 * exist (no read at render time): a `<picture>` with a WebP `srcset`, else a plain `<img>`.
 * The seeded demo pictures (drawn in Node, where WebP needs a native encoder) have PNG copies,
 * `#w=480&t=png&o=800`: same-format copies join the `<img>`'s own `srcset` with the original's
 * width `o`.
 */

/** The widths the console's uploader aims at; a picture narrower than one gets a copy at its own width instead. */
export const VARIANT_WIDTHS = [480, 960, 1920] as const;
/** The formats a copy may have: WebP from the browser, the original's own format from the seed. */
export const VARIANT_TYPES = ["webp", "png", "jpg"] as const;
export type VariantType = (typeof VARIANT_TYPES)[number];
/** Copies a picture may name: more would be a longer address for no visible gain. */
export const MAX_VARIANTS = 4;
const MIN_WIDTH = 16;
const MAX_WIDTH = 4096;

/** A picture with copies: the original's address (no fragment), the copies' widths (ascending), their format, the original's width when named. */
export type PictureVariants = { src: string; widths: number[]; type: VariantType; original?: number };

/** An uploaded picture's read path: `/uploader/files/<tenant>/<hash>.<ext>` (files/rules.ts filePath), optionally on an origin. */
const UPLOADED = /^((?:https?:\/\/[^/?#]+)?\/uploader\/files\/[A-Za-z0-9_][A-Za-z0-9_.-]{0,63}\/(?:[0-9a-f]{32}|[0-9a-f]{64}))\.(jpg|jpeg|png|gif)$/;
/** A copy's bucket key: the original's tenant and hash, the width, the copy's format. */
const VARIANT_KEY = /^([^/]+)\/([0-9a-f]{32}|[0-9a-f]{64})\.w(\d{2,4})\.(webp|png|jpg)$/;

const isWidth = (n: number) => Number.isInteger(n) && n >= MIN_WIDTH && n <= MAX_WIDTH;
const isType = (t: string): t is VariantType => (VARIANT_TYPES as readonly string[]).includes(t);

/** A copy's address: the original's with `.w<width>.<type>` in place of its extension. */
export function variantUrl(src: string, width: number, type: VariantType): string {
  const m = UPLOADED.exec(src.split("#")[0]!);
  if (!m) throw new Error(`not an uploaded picture: ${src}`);
  return `${m[1]}.w${width}.${type}`;
}

/** The address a record keeps for a picture with copies at `widths` (`original`: the original's width, for copies of its own format). */
export function withVariants(src: string, widths: readonly number[], type: VariantType = "webp", original?: number): string {
  const base = src.split("#")[0]!;
  const list = [...new Set(widths)].filter(isWidth).sort((a, b) => a - b);
  if (!UPLOADED.test(base) || !list.length) return base;
  return `${base}#w=${list.slice(0, MAX_VARIANTS).join(",")}${type === "webp" ? "" : `&t=${type}`}${original && isWidth(original) ? `&o=${original}` : ""}`;
}

/**
 * The copies an address names, or null: only an uploaded picture's path with a well-formed
 * fragment counts, so any other address (another site's picture, a fragment of its own) is shown
 * as it is.
 */
export function variantsOf(url: string): PictureVariants | null {
  const hash = url.indexOf("#");
  if (hash < 0) return null;
  const src = url.slice(0, hash);
  if (!UPLOADED.test(src)) return null;
  const params = new URLSearchParams(url.slice(hash + 1));
  const raw = params.get("w") ?? "";
  if (!/^\d{2,4}(?:,\d{2,4}){0,3}$/.test(raw)) return null;
  const widths = [...new Set(raw.split(",").map(Number))].filter(isWidth).sort((a, b) => a - b);
  const type = params.get("t") ?? "webp";
  const original = Number(params.get("o") ?? "");
  if (!widths.length || !isType(type)) return null;
  return { src, widths, type, ...(isWidth(original) ? { original } : {}) };
}

/** An address without the copies' fragment: what a visitor's browser would fetch anyway (for og:image, JSON-LD). */
export const pictureAddress = (url: string): string => (variantsOf(url) ? url.slice(0, url.indexOf("#")) : url);

/** A copy's bucket key read strictly (`<tenant>/<hash>.w480.webp`), or null: the upload routes' and the read path's test. */
export function parseVariantKey(key: string): { tenantId: string; hash: string; width: number; type: VariantType; ext: string } | null {
  const m = VARIANT_KEY.exec(key);
  if (!m) return null;
  const [, tenantId, hash, w, type] = m as unknown as [string, string, string, string, VariantType];
  const width = Number(w);
  if (!isWidth(width)) return null;
  return { tenantId, hash, width, type, ext: `w${width}.${type}` };
}

/**
 * The widths to make for a picture `width` pixels wide: each target narrower than it, and the
 * picture's own width when it is below the largest target (so a screen wider than every copy still
 * gets the sharpest one); nothing for a picture too small to gain from copies.
 */
export function widthsFor(width: number): number[] {
  if (!isWidth(width) || width <= VARIANT_WIDTHS[0]) return [];
  const below = VARIANT_WIDTHS.filter((w) => w < width);
  const top = VARIANT_WIDTHS[VARIANT_WIDTHS.length - 1]!;
  return (width < top ? [...below, width] : [...below]).slice(0, MAX_VARIANTS);
}
