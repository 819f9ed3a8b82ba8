import { existsSync, readFileSync, writeFileSync } from "node:fs";
import type { Check } from "./types.ts";

type Cell = string | number;

/** A GitHub markdown table; columns whose header starts with a space are right-aligned (figures). */
export function table(headers: string[], rows: Cell[][]): string {
  const esc = (c: Cell) => String(c).replace(/\|/g, "\\|");
  const head = `| ${headers.map((h) => h.trim()).join(" | ")} |`;
  const rule = `|${headers.map((h) => (h.startsWith(" ") ? "---:" : "---")).join("|")}|`;
  return [head, rule, ...rows.map((r) => `| ${r.map(esc).join(" | ")} |`)].join("\n");
}

export function checksTable(checks: Check[]): string {
  return table(
    ["target", " goal", " measured", "result"],
    checks.map((c) => [c.what, c.target, c.actual, c.pass ? "met" : "**missed**"]),
  );
}

const start = (name: string) => `<!-- bench:${name} -->`;
const end = (name: string) => `<!-- /bench:${name} -->`;

/** The section text between its markers, markers included. */
const fenced = (name: string, markdown: string) => `${start(name)}\n${markdown.trim()}\n${end(name)}`;

/**
 * Puts an area's section into the document: in place of its previous run when there is one,
 * else at the end. Everything outside the markers (the intro, other areas) is left as it is.
 */
export function writeSection(file: string, name: string, markdown: string, fallbackIntro = "# Performance\n"): void {
  const doc = existsSync(file) ? readFileSync(file, "utf8") : fallbackIntro;
  const from = doc.indexOf(start(name));
  const to = doc.indexOf(end(name));
  const section = fenced(name, markdown);
  const next = from >= 0 && to > from ? doc.slice(0, from) + section + doc.slice(to + end(name).length) : `${doc.trimEnd()}\n\n${section}\n`;
  writeFileSync(file, next);
}
