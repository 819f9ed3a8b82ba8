/**
 * `npm run cloud:check`: synthesizes a branch stage offline (as infra-tests do) and prints the
 * figures AWS limits: routes per HTTP API, resources per stack, CloudFront path patterns, and
 * cdk-nag's findings by pack and rule.
 */
import { synth, type StackName } from "./synth.ts";
import { nagLog } from "../stacks/nag.ts";
import { routePlan } from "../stacks/Routes.ts";
import { MAX_CDN_PATTERNS, MAX_ROUTES_PER_API } from "../stacks/apiRoutes.ts";
import { MAX_STACK_RESOURCES } from "./limits.ts";

const templates = await synth("pr-42");
const { parts, patterns } = routePlan();
console.log("HTTP APIs (routes, our limit %d, AWS's 300):", MAX_ROUTES_PER_API);
for (const p of parts)
  console.log(
    `  API ${p.index + 1}: ${p.routes.length} routes (${p.routes.filter((r) => r.greedy).length} greedy), headroom ${MAX_ROUTES_PER_API - p.routes.length}: ${p.prefixes.join(" ")}`,
  );
console.log(`CloudFront API path patterns: ${patterns.length} of ${MAX_CDN_PATTERNS}`);
console.log("Resources per stack (our limit %d, CloudFormation's 500):", MAX_STACK_RESOURCES);
for (const [name, t] of Object.entries(templates) as [StackName, (typeof templates)[StackName]][]) {
  const n = Object.keys(t.toJSON().Resources ?? {}).length;
  console.log(`  ${name.padEnd(8)} ${String(n).padStart(4)}, headroom ${MAX_STACK_RESOURCES - n}`);
}
const count = (list: typeof nagLog.findings) => {
  const by = new Map<string, number>();
  for (const f of list) by.set(`${f.pack} ${f.rule} (${f.level})`, (by.get(`${f.pack} ${f.rule} (${f.level})`) ?? 0) + 1);
  return [...by].sort((a, b) => b[1] - a[1]);
};
const open = nagLog.findings.filter((f) => !f.suppressed);
const kept = nagLog.findings.filter((f) => f.suppressed);
console.log(
  `cdk-nag: ${open.filter((f) => /Error/.test(f.level)).length} unsuppressed errors, ${open.filter((f) => /Warn/.test(f.level)).length} unsuppressed warnings, ${kept.length} suppressed`,
);
for (const [rule, n] of count(open)) console.log(`  open  ${String(n).padStart(4)}  ${rule}`);
for (const [rule, n] of count(kept)) console.log(`  kept  ${String(n).padStart(4)}  ${rule}`);
if (process.argv.includes("--open")) for (const f of open) console.log(`  ${f.rule}  ${f.path}  ${f.finding}`);
