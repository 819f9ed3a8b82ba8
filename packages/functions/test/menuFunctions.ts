import type { RouteDef } from "../src/http/define.ts";
import { MENU } from "@xiangyu/core/platform/standardMenu";

/** The first screen of each module in the menu: the function a route's caller names in its header. */
export const FN_OF_MODULE = new Map<string, number>();
for (const m of MENU) if (m.path && !FN_OF_MODULE.has(m.module)) FN_OF_MODULE.set(m.module, m.id);

/** The function a call of a module route names (its first module with a screen); none for other routes. */
export const functionOf = (def: RouteDef): number | undefined =>
  def.access.auth === "function" ? FN_OF_MODULE.get(def.access.modules.find((m) => FN_OF_MODULE.has(m))!) : undefined;
