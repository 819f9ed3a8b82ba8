/**
 * The page's pure rules (R555–R557, R563–R565, R573), shared by the server (applied to every saved
 * document) and the designer (applied while editing, so the canvas shows what will be stored).
 */

/** R563: the portrait design is 750 px wide and previewed 400 px wide; landscape pages are 1920 × 1080. */
export const DESIGN_WIDTH = 750;
export const PREVIEW_WIDTH = 400;
export const PREVIEW_SCALE = PREVIEW_WIDTH / DESIGN_WIDTH;
export const LANDSCAPE_WIDTH = 1920;
export const LANDSCAPE_HEIGHT = 1080;
/** R564: the tab bar keeps 55 px at the bottom of the preview. */
export const TABBAR_RESERVE = 55;
/** R564: a background lighter than this takes dark text, a darker one white text. */
export const LIGHTNESS_THRESHOLD = 170;

/** Design pixels as the portrait preview draws them. */
export const toPreview = (designPx: number) => Math.round(designPx * PREVIEW_SCALE * 100) / 100;

/** The perceived lightness (0–255) of #rgb / #rrggbb / rgb(); null when the colour cannot be read. */
export function lightness(colour: string): number | null {
  const s = colour.trim();
  let rgb: number[] | null = null;
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6}|[0-9a-f]{8})$/i.exec(s);
  if (hex) {
    const h = hex[1].length === 3 ? [...hex[1]].map((c) => c + c).join("") : hex[1].slice(0, 6);
    rgb = [0, 2, 4].map((i) => parseInt(h.slice(i, i + 2), 16));
  } else {
    const m = /^rgba?\(\s*(\d{1,3})\s*,\s*(\d{1,3})\s*,\s*(\d{1,3})/i.exec(s);
    if (m) rgb = [m[1], m[2], m[3]].map(Number);
  }
  if (!rgb) return null;
  return 0.299 * rgb[0] + 0.587 * rgb[1] + 0.114 * rgb[2];
}

/** R564: dark text on a light background, white text on a dark one (light when the colour cannot be read). */
export function textColourOn(background: string): "#333333" | "#ffffff" {
  const l = lightness(background);
  return l === null || l > LIGHTNESS_THRESHOLD ? "#333333" : "#ffffff";
}

type Shown = { display: boolean };
type PageShape = {
  isGuide: boolean;
  topArea: "none" | "main" | "back";
  action: { type: string };
  header: Shown & { radius: boolean; radiusImmersion: boolean };
  navbar: Shown;
  tabbar: Shown;
  content: Shown;
};

/**
 * What every stored page obeys:
 * - R555: a guide page hides header, navbar, content and tab bar, and opens locally;
 * - R556/R557: otherwise the content shows, and the top area shows the navigation bar (main style),
 *   the page banner (back-navigation style) or nothing — never both;
 * - R573: immersive corners only with a rounded top.
 */
export function applyPageRules<D extends PageShape>(doc: D): D {
  const header = { ...doc.header, radiusImmersion: doc.header.radius && doc.header.radiusImmersion };
  if (doc.isGuide)
    return {
      ...doc,
      action: { ...doc.action, type: "local" },
      header: { ...header, display: false },
      navbar: { ...doc.navbar, display: false },
      tabbar: { ...doc.tabbar, display: false },
      content: { ...doc.content, display: false },
    };
  return {
    ...doc,
    header: { ...header, display: doc.topArea === "main" },
    navbar: { ...doc.navbar, display: doc.topArea === "back" },
    content: { ...doc.content, display: true },
  };
}
