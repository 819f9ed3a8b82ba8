// The one-off recount of the workbench's gift and review tallies (docs/workbench.md "Recount"), for a
// tenant whose gifts or purchases were written before their per-store totals existed:
//
//   XY_TABLE=<table> [XY_DYNAMO_ENDPOINT=http://127.0.0.1:<port>] npx tsx scripts/recountTallies.ts <tenantId> [state.json]
//
// Against a deployed stage: the stage's table name and the operator's AWS credentials (region in
// AWS_REGION), no endpoint. Safe while the tenant works: a total that moves while it is counted is
// counted again (core/workbench/recount.ts). The state is written to state.json (default
// recount-<tenantId>.json) after every step: run the same command again to go on after a stop. It
// prints what it set and exits 1 if any total could not be settled (run it again later).
import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";

const [tenantId, file = `recount-${tenantId}.json`] = process.argv.slice(2);
if (!tenantId || !process.env.XY_TABLE) {
  console.error("usage: XY_TABLE=<table> [XY_DYNAMO_ENDPOINT=<url>] npx tsx scripts/recountTallies.ts <tenantId> [state.json]");
  process.exit(2);
}
// Loaded after the checks: the core builds its DynamoDB client from the environment.
const { recountStep, startRecount } = await import("../packages/core/src/workbench/recount.ts");

let state = existsSync(file) ? JSON.parse(readFileSync(file, "utf8")) : startRecount(tenantId);
if (state.tenantId !== tenantId) throw new Error(`${file} is the state of tenant ${state.tenantId}`);
while (!state.done) {
  state = await recountStep(state);
  writeFileSync(file, JSON.stringify(state));
}
console.log(JSON.stringify({ set: state.set, unsettled: state.unsettled }, null, 2));
if (state.unsettled.length) process.exit(1);
rmSync(file);
