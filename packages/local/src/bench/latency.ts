import { table } from "./markdown.ts";
import { ms, ratio, times, type Summary } from "./stats.ts";
import type { Check } from "./types.ts";

/** A scenario measured three ways: through the gateway, by the Lambda handler in-process, bare. */
export type ScenarioResult = { name: string; kind: "list" | "get"; gateway: Summary; handler: Summary; bare: Summary };

/** The target: the gateway costs at most half again the bare DynamoDB call, at p50, on a paged list. */
export const MAX_LIST_OVERHEAD = 1.5;

export function latencyTable(rs: ScenarioResult[]): string {
  return table(
    ["scenario", " gateway p50", " gateway p95", " bare p50", " bare p95", " ratio p50", " ratio p95"],
    rs.map((r) => [r.name, ms(r.gateway.p50), ms(r.gateway.p95), ms(r.bare.p50), ms(r.bare.p95), times(ratio(r.gateway.p50, r.bare.p50)), times(ratio(r.gateway.p95, r.bare.p95))]),
  );
}

export function layersTable(rs: ScenarioResult[]): string {
  return table(
    ["scenario (p50 ms)", " gateway", " handler", " bare", " HTTP", " auth + framework", " handler ÷ bare"],
    rs.map((r) => [
      r.name,
      ms(r.gateway.p50),
      ms(r.handler.p50),
      ms(r.bare.p50),
      ms(r.gateway.p50 - r.handler.p50),
      ms(r.handler.p50 - r.bare.p50),
      times(ratio(r.handler.p50, r.bare.p50)),
    ]),
  );
}

export function overheadChecks(rs: ScenarioResult[]): Check[] {
  return rs
    .filter((r) => r.kind === "list")
    .map((r) => {
      const x = ratio(r.gateway.p50, r.bare.p50);
      return { what: `overhead ratio at p50: ${r.name}`, target: `≤ ${MAX_LIST_OVERHEAD}×`, actual: times(x), pass: x <= MAX_LIST_OVERHEAD };
    });
}
