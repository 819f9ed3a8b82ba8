import { matchArea } from "./router.ts";
import { apiEvent, type LambdaResult } from "./event.ts";
import type { AreaName } from "../manifest.ts";
import { loadArea } from "../loaders.ts";

/**
 * Calls the area Lambda that API Gateway would call for this request, with the same event.
 * Used by the local gateway and by the route tests. Null when no route matches.
 */
type AreaHandler = (event: ReturnType<typeof apiEvent>, context: { awsRequestId: string }) => Promise<LambdaResult>;
const handlers = new Map<AreaName, AreaHandler>();

async function handlerOf(area: AreaName) {
  let h = handlers.get(area);
  if (!h) {
    h = (await loadArea[area]()).handler;
    handlers.set(area, h);
  }
  return h;
}

export async function invoke(req: {
  method: string;
  url: string;
  headers: Record<string, string | string[] | undefined>;
  body?: Buffer;
  ip?: string;
}): Promise<LambdaResult | null> {
  const path = new URL(req.url, "http://localhost").pathname;
  const m = matchArea(req.method, path);
  if (!m) return null;
  const h = await handlerOf(m.area);
  return h(apiEvent({ ...req, routeKey: m.route }), { awsRequestId: "local" });
}
