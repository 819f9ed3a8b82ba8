import { AREAS, type AreaName } from "../manifest.ts";
import { pathPattern, splitKey } from "./define.ts";

/** Which area serves a request: the same table API Gateway is built from. */
type Compiled = { area: AreaName; method: string; re: RegExp; route: string };

let table: Compiled[] | undefined;
function routesTable(): Compiled[] {
  table ??= (Object.keys(AREAS) as AreaName[]).flatMap((area) =>
    Object.keys(AREAS[area].routes).map((key) => {
      const { method, path } = splitKey(key);
      return { area, method, re: pathPattern(path), route: key };
    }),
  );
  return table;
}

export function matchArea(method: string, path: string): { area: AreaName; route: string } | null {
  const m = routesTable().find((r) => r.method === method && r.re.test(path));
  return m ? { area: m.area, route: m.route } : null;
}
