import type { RouteContext } from "../http/app.ts";
import { presetHotelType, type HotelScope } from "@xiangyu/core/hotels/scope";
import { functionsOf } from "@xiangyu/core/platform/menu";

/** The screen's scope: the caller and the hotel type its function presets (会员酒店 → 1, 折扣酒店 → 2). */
export async function scopeOf({ caller, fn }: RouteContext<unknown>): Promise<HotelScope> {
  const params = fn ? (await functionsOf(caller.tenantId)).get(fn.id)?.params : undefined;
  return { caller, hotelType: presetHotelType(params) };
}
