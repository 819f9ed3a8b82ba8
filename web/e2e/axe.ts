import type { Page } from "playwright-core";
import axe from "axe-core";

/** axe-core (issue 12) for the browser tests: the console's screens (a11y.test.ts) and the member H5's (member.test.ts). */
/** axe-core's own script, injected into the page under test. */
const axeSource = axe.source;

export type Finding = { id: string; impact: string; help: string; nodes: string[] };

/** Runs axe on the page as it is now; keeps the serious and critical findings. */
export async function audit(page: Page): Promise<Finding[]> {
  // Evaluated through the debugging protocol, so the console's CSP (script-src 'self') does not apply.
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(axeSource);
  const found = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: unknown, opts: unknown) => Promise<{ violations: any[] }> } }).axe;
    const r = await axe.run(document, { resultTypes: ["violations"] });
    return r.violations.map((v) => ({ id: v.id, impact: v.impact ?? "", help: v.help, nodes: v.nodes.slice(0, 3).map((n: { target: string[] }) => n.target.join(" ")) }));
  });
  return found.filter((f) => f.impact === "serious" || f.impact === "critical");
}

export const report = (where: string, fs: Finding[]) => fs.map((f) => `${where}: [${f.impact}] ${f.id} — ${f.help} @ ${f.nodes.join(" | ")}`);
