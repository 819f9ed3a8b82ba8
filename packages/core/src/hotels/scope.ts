import { DomainError, notFound } from "../kernel/errors.ts";
import type { Caller } from "../kernel/context.ts";
import { inReach } from "../kernel/dataScope.ts";
import type { HotelType } from "./schemas.ts";

/**
 * What a hotel screen may touch: the caller's data scope (a hotel's `shop` must lie inside it,
 * R027, kernel/dataScope.ts; hotels name no owner, so "only self" reads as the own departments) and the hotel type the screen's function presets (会员酒店 opens club hotels only,
 * R077), so that rights held on one screen open nothing on the other.
 */
export type HotelScope = { caller: Caller; hotelType?: HotelType };

export const OUTSIDE_DEPARTMENT = "你没有该部门的操作权限";

/** The hotelType a function presets through its params ("hotelType=1"); none or 0 means any. */
export function presetHotelType(params: string | undefined): HotelType | undefined {
  const t = Number(new URLSearchParams(params ?? "").get("hotelType"));
  return t === 1 || t === 2 ? t : undefined;
}

export const TYPE_LOCKED = "酒店类型不能修改";

/**
 * The type a request may work on: the screen's preset wins when the request names none, and a
 * request for another type than the preset is refused (R077).
 */
export function typeOfRequest(scope: HotelScope, asked: number | undefined, refusal = "酒店类型不正确"): HotelType | undefined {
  if (asked && asked !== 1 && asked !== 2) throw new DomainError("酒店类型不正确", "400");
  if (scope.hotelType && asked && asked !== scope.hotelType) throw new DomainError(refusal, "403");
  return scope.hotelType ?? (asked as HotelType | undefined) ?? undefined;
}

type Placed = { shop?: string; hotelType: number };

export const inScope = (scope: HotelScope, h: Placed): boolean => inReach(scope.caller, h.shop ?? "") && (!scope.hotelType || h.hotelType === scope.hotelType);

/** A hotel outside the screen's type does not exist for it; one outside the departments is refused. */
export function assertInScope<T extends Placed>(scope: HotelScope, h: T | null | undefined, what = "酒店"): T {
  if (!h || (scope.hotelType && h.hotelType !== scope.hotelType)) throw notFound(what);
  if (!inReach(scope.caller, h.shop ?? "")) throw new DomainError(OUTSIDE_DEPARTMENT, "403");
  return h;
}

/**
 * For deletes: a hotel (or a room's hotel) that is not there, or is of another type than the screen's,
 * is null — skipped, so a delete that finds none answers the kernel's 并没有删除信息 — while one
 * outside the caller's departments still refuses the whole delete.
 */
export function foundInScope<T extends Placed>(scope: HotelScope, h: T | null | undefined): T | null {
  if (!h || (scope.hotelType && h.hotelType !== scope.hotelType)) return null;
  return assertInScope(scope, h);
}
