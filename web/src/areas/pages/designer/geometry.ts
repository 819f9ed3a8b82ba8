/**
 * How the designer draws a page (R563–R565): a portrait page is designed 750 wide and shown 400
 * wide (every design pixel × 400/750); a landscape page is 1920×1080 shown at PREVIEW_LANDSCAPE_WIDTH;
 * the tab bar keeps 55 preview pixels at the bottom; text over a colour is dark when the colour is
 * light (lightness ≥ 170), white otherwise. These are drawing rules of the designer, not parameters of
 * the document, so they live here.
 */
export const DESIGN_WIDTH = 750;
export const PREVIEW_WIDTH = 400;
export const LANDSCAPE = { width: 1920, height: 1080 };
/** The centre column is about 800 px wide on a 1440 px screen; a landscape page is drawn to fit it. */
export const PREVIEW_LANDSCAPE_WIDTH = 800;
export const TABBAR_RESERVE = 55;
export const LIGHTNESS_THRESHOLD = 170;
/** The height a portrait preview is drawn at (a phone of 750×1334, the designer's usual canvas). */
export const PORTRAIT_HEIGHT = Math.round((1334 * PREVIEW_WIDTH) / DESIGN_WIDTH);

export type Terminal = "vertical" | "horizontal";

/** Preview pixels per design pixel. */
export const scaleOf = (terminal: Terminal): number => (terminal === "horizontal" ? PREVIEW_LANDSCAPE_WIDTH / LANDSCAPE.width : PREVIEW_WIDTH / DESIGN_WIDTH);

/** The preview frame's size: portrait 400 wide (height grows with the page), landscape 1920:1080 scaled. */
export function frameOf(terminal: Terminal): { width: number; height: number } {
  return terminal === "horizontal"
    ? { width: PREVIEW_LANDSCAPE_WIDTH, height: Math.round((LANDSCAPE.height * PREVIEW_LANDSCAPE_WIDTH) / LANDSCAPE.width) }
    : { width: PREVIEW_WIDTH, height: PORTRAIT_HEIGHT };
}

/** A design length ("20px", "20", 20, "auto") in preview pixels; "auto" and unreadable values stay undefined. */
export function toPreview(value: unknown, scale: number): number | undefined {
  const n = typeof value === "number" ? value : typeof value === "string" ? Number.parseFloat(value) : Number.NaN;
  return Number.isFinite(n) ? Math.round(n * scale * 10) / 10 : undefined;
}

/** r, g, b of #rgb / #rrggbb (with or without #); undefined when it is not such a colour. */
export function rgbOf(colour: string): [number, number, number] | undefined {
  const hex = colour.trim().replace(/^#/, "");
  const full = /^[0-9a-f]{3}$/i.test(hex) ? [...hex].map((c) => c + c).join("") : hex;
  if (!/^[0-9a-f]{6}$/i.test(full)) return undefined;
  return [0, 2, 4].map((i) => Number.parseInt(full.slice(i, i + 2), 16)) as [number, number, number];
}

/** Perceived lightness (ITU-R BT.601 weights, 0–255). */
export const lightnessOf = ([r, g, b]: [number, number, number]) => 0.299 * r + 0.587 * g + 0.114 * b;

/** Text over `background`: dark on a light colour (lightness ≥ 170), white on a dark one (R564). */
export function textOn(background: string | undefined, dark = "#333333", light = "#ffffff"): string {
  const rgb = background ? rgbOf(background) : undefined;
  if (!rgb) return dark;
  return lightnessOf(rgb) >= LIGHTNESS_THRESHOLD ? dark : light;
}
