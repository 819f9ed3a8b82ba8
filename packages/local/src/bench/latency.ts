import { table } from "./markdown.ts";
import { TARGETS } from "./targets.ts";
import { ms, ratio, times, type Summary } from "./stats.ts";
import type { Check } from "./types.ts";

/**
 * The layers a request is timed at: through the gateway over HTTP, by the area Lambda handler
 * in-process, as `resolveCaller` + the service function, and as the bare DynamoDB calls.
 */
export type Layers = "gateway" | "handler" | "service" | "bare";
export type ScenarioResult = { name: string; kind: "list" | "get" } & Record<Layers, Summary>;

/** The product's target: the gateway costs at most 1.3 times the bare DynamoDB calls, at p50, on a paged list. */
const MAX_LIST_OVERHEAD = TARGETS.gatewayOverhead;

export function latencyTable(rs: ScenarioResult[]): string {
  return table(
    ["scenario", " gateway p50", " gateway p95", " bare p50", " bare p95", " ratio p50", " ratio p95"],
    rs.map((r) => [r.name, ms(r.gateway.p50), ms(r.gateway.p95), ms(r.bare.p50), ms(r.bare.p95), times(ratio(r.gateway.p50, r.bare.p50)), times(ratio(r.gateway.p95, r.bare.p95))]),
  );
}

/** Differences of p50s between adjacent layers: what each layer adds. */
export function layersTable(rs: ScenarioResult[]): string {
  return table(
    ["scenario (p50 ms)", " gateway", " handler", " caller + service", " bare", " HTTP (local only)", " adapter + routing", " session read", " handler ÷ bare"],
    rs.map((r) => [
      r.name,
      ms(r.gateway.p50),
      ms(r.handler.p50),
      ms(r.service.p50),
      ms(r.bare.p50),
      ms(r.gateway.p50 - r.handler.p50),
      ms(r.handler.p50 - r.service.p50),
      ms(r.service.p50 - r.bare.p50),
      times(ratio(r.handler.p50, r.bare.p50)),
    ]),
  );
}

export function overheadChecks(rs: ScenarioResult[]): Check[] {
  const lists = rs.filter((r) => r.kind === "list");
  const check = (what: string, x: number): Check => ({ what, target: `≤ ${MAX_LIST_OVERHEAD}×`, actual: times(x), pass: x <= MAX_LIST_OVERHEAD });
  return [
    ...lists.map((r) => check(`overhead ratio at p50: ${r.name}`, ratio(r.gateway.p50, r.bare.p50))),
    // The same without the local gateway's HTTP hop (API Gateway's in AWS, outside the Lambda): what the Lambda adds.
    ...lists.map((r) => check(`overhead ratio at p50, the Lambda alone (handler ÷ bare): ${r.name}`, ratio(r.handler.p50, r.bare.p50))),
  ];
}
