/** A tiny HTML builder: every interpolated value is escaped unless it is marked `raw` (the server-sanitised rich text). */
const ESC: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
const esc = (s: unknown): string => String(s ?? "").replace(/[&<>"']/g, (c) => ESC[c]!);

export class Raw {
  constructor(public readonly html: string) {}
}
/** Trusted markup: the article body, cleaned by the server's allow-list sanitiser before it was stored. */
export const raw = (html: string) => new Raw(html);

type Part = string | number | Raw | null | undefined | false | Part[];
const flat = (p: Part): string => (p === null || p === undefined || p === false ? "" : p instanceof Raw ? p.html : Array.isArray(p) ? p.map(flat).join("") : esc(p));

export function html(strings: TemplateStringsArray, ...parts: Part[]): Raw {
  let out = strings[0]!;
  parts.forEach((p, i) => (out += flat(p) + strings[i + 1]!));
  return new Raw(out);
}

/** Up to 3 title pictures joined by a question mark (R522). */
export const pictures = (s: string): string[] =>
  s
    .split("?")
    .map((u) => u.trim())
    .filter(Boolean);
export const dayOf = (a: { publishtime: string; addtime: string }) => (a.publishtime || a.addtime).slice(0, 10);
