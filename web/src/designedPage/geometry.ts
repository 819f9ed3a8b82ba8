import { DESIGN_WIDTH, LANDSCAPE_HEIGHT, LANDSCAPE_WIDTH, PREVIEW_WIDTH, TABBAR_RESERVE, textColourOn } from "@xiangyu/core/pages/document/rules";

/**
 * How the designer draws a page (R563–R565). The numbers are the schema's page rules (portrait
 * design 750 shown 400 wide, landscape 1920×1080, tab bar reserve 55, text by lightness 170); what
 * is here is only how the designer's canvas uses them.
 */
export { TABBAR_RESERVE };

/** The centre column is about 800 px wide on a 1440 px screen: a landscape page is drawn to fit it. */
const PREVIEW_LANDSCAPE_WIDTH = 800;
/** A portrait page is drawn at least as high as a 750×1334 phone, and grows with its content. */
const PORTRAIT_HEIGHT = Math.round((1334 * PREVIEW_WIDTH) / DESIGN_WIDTH);

export type Terminal = "vertical" | "horizontal";

/** Preview pixels per design pixel. */
export const scaleOf = (terminal: Terminal): number => (terminal === "horizontal" ? PREVIEW_LANDSCAPE_WIDTH / LANDSCAPE_WIDTH : PREVIEW_WIDTH / DESIGN_WIDTH);

/** The preview frame's size: portrait 400 wide, landscape 1920:1080 scaled to the column. */
export function frameOf(terminal: Terminal): { width: number; height: number } {
  return terminal === "horizontal"
    ? { width: PREVIEW_LANDSCAPE_WIDTH, height: Math.round((LANDSCAPE_HEIGHT * PREVIEW_LANDSCAPE_WIDTH) / LANDSCAPE_WIDTH) }
    : { width: PREVIEW_WIDTH, height: PORTRAIT_HEIGHT };
}

/** A design length ("20px", "20", 20, "auto") in preview pixels; "auto" and unreadable values stay undefined. */
export function toPreview(value: unknown, scale: number): number | undefined {
  const n = typeof value === "number" ? value : typeof value === "string" ? Number.parseFloat(value) : Number.NaN;
  return Number.isFinite(n) ? Math.round(n * scale * 10) / 10 : undefined;
}

/**
 * The page's body text in design pixels (a mini-program's 30 rpx). The renderers size their text in
 * em of it, set on the page's frame, so text grows with the page as its layout does: 16 px in the
 * designer's 400 px frame, 15.6 px across a 390 px phone.
 */
const BODY_TEXT = 30;
export const textSizeOf = (scale: number): number => toPreview(BODY_TEXT, scale) ?? 16;

/** Text over a background: the schema's rule (dark over light, white over dark, R564); dark when there is no colour. */
export const textOn = (background: string | undefined): string => (background ? textColourOn(background) : "#333333");
