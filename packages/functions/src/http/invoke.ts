import { matchArea } from "./router.ts";
import { apiEvent, type LambdaResult } from "./event.ts";
import type { AreaName } from "../manifest.ts";
import { loadArea } from "../loaders.ts";

/**
 * Calls the area Lambda that API Gateway would call for this request, with the same event.
 * Used by the local gateway and by the route tests. Null when no route matches.
 */
const handlers = new Map<AreaName, (e: any, c?: any) => Promise<LambdaResult>>();

async function handlerOf(area: AreaName) {
  let h = handlers.get(area);
  if (!h) {
    h = (await loadArea[area]()).handler as (e: any, c?: any) => Promise<LambdaResult>;
    handlers.set(area, h);
  }
  return h;
}

export async function invoke(req: { method: string; url: string; headers: Record<string, any>; body?: Buffer; ip?: string }): Promise<LambdaResult | null> {
  const path = new URL(req.url, "http://localhost").pathname;
  const m = matchArea(req.method, path);
  if (!m) return null;
  const h = await handlerOf(m.area);
  return h(apiEvent({ ...req, routeKey: m.route }), { awsRequestId: "local" });
}
