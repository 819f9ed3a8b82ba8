import { Entity } from "electrodb";
import { SERVICE, entityConfig } from "../kernel/entity.ts";
import { txUpdate, type TxItem } from "../kernel/tx.ts";
import { DomainError } from "../kernel/errors.ts";
import { reachOf, withinPrefixes, narrowed } from "../kernel/dataScope.ts";
import type { Caller } from "../kernel/context.ts";
import { APPOINTMENT, BUY, PRESENCE } from "./rules.ts";

/**
 * The sales funnel (beyond the spec): per day, store and inviter, how many work orders were opened
 * (invited), accepted an appointment, came, bought, passed the last review, and the revenue bought.
 * Each count is moved in the transaction of the write that reaches the step, the first time it is
 * reached, so a period's funnel reads these tallies (days × stores × inviters), never the work orders.
 * The counts have no defaults: an upsert would set a defaulted count back to 0 beside the one it adds.
 */
export const FunnelTally = new Entity(
  {
    model: { entity: "woFunnel", version: "1", service: SERVICE },
    attributes: {
      tenantId: { type: "string", required: true },
      day: { type: "string", required: true },
      shop: { type: "string", required: true },
      bookingUser: { type: "number", required: true },
      invited: { type: "number" },
      appointed: { type: "number" },
      present: { type: "number" },
      bought: { type: "number" },
      passed: { type: "number" },
      /** Fen of purchases made (payAmount). */
      revenue: { type: "number" },
    },
    indexes: {
      byDay: { scope: "woFunnel", pk: { field: "pk", composite: ["tenantId"] }, sk: { field: "sk", composite: ["day", "shop", "bookingUser"] } },
    },
  },
  entityConfig(),
);

export type FunnelKey = { shop: string; bookingUser: number; day: string };
type Steps = { invited?: number; appointed?: number; present?: number; bought?: number; passed?: number; revenue?: number };

const stepItem = (tenantId: string, k: FunnelKey, s: Steps): TxItem => txUpdate(FunnelTally.upsert({ tenantId, ...k }).add(s));

type Seen = { isAppointment: number; bePresent: number; isBuy: number };
const came = (b: number) => b === PRESENCE.came || b === PRESENCE.verified;

/** The funnel's moves of one work-order save: steps reached now that were not reached before (`prev` null: a new work order). */
export function funnelItems(tenantId: string, k: FunnelKey, prev: Seen | null, _prevLocked: number, next: Seen, boughtFen: number): TxItem[] {
  const s: Steps = {};
  if (!prev) s.invited = 1;
  if (next.isAppointment === APPOINTMENT.accepted && prev?.isAppointment !== APPOINTMENT.accepted) s.appointed = 1;
  if (came(next.bePresent) && !(prev && came(prev.bePresent))) s.present = 1;
  if (boughtFen > 0 || (next.isBuy === BUY.buy && prev?.isBuy !== BUY.buy)) {
    s.bought = 1;
    s.revenue = boughtFen;
  }
  return Object.keys(s).length ? [stepItem(tenantId, k, s)] : [];
}

/**
 * The reviews area's move: a purchase passed its last review. Call with the work order's store and
 * inviter (the purchase names its work order) and put the item in the passing transaction.
 */
export const funnelPassedItems = (tenantId: string, k: FunnelKey): TxItem[] => [stepItem(tenantId, k, { passed: 1 })];

export type FunnelRow = { shop: string; bookingUser: number; invited: number; appointed: number; present: number; bought: number; passed: number; revenue: number };

/** The longest period one request reads (days), so the tallies read stay bounded. */
export const MAX_FUNNEL_DAYS = 93;

/** A period's funnel per store and inviter, within the caller's reach (an inviter: their own row). */
export async function readFunnel(caller: Caller, from: string, to: string, shop?: string): Promise<FunnelRow[]> {
  if (from > to) throw new DomainError("结束日期不能早于开始日期", "400");
  if ((Date.parse(to) - Date.parse(from)) / 86_400_000 > MAX_FUNNEL_DAYS) throw new DomainError(`统计区间不能超过${MAX_FUNNEL_DAYS}天`, "400");
  const prefixes = narrowed(caller, shop);
  if (!prefixes) throw new DomainError("你没有该部门的操作权限", "403");
  const own = reachOf(caller).ownerId;
  const { data } = await FunnelTally.query
    .byDay({ tenantId: caller.tenantId })
    .between({ day: from }, { day: `${to}\uffff` })
    .go({ pages: "all" });
  const rows = new Map<string, FunnelRow>();
  for (const t of data) {
    if (!withinPrefixes(prefixes, t.shop) || (own !== undefined && t.bookingUser !== own)) continue;
    const key = `${t.shop}|${t.bookingUser}`;
    const r = rows.get(key) ?? { shop: t.shop, bookingUser: t.bookingUser, invited: 0, appointed: 0, present: 0, bought: 0, passed: 0, revenue: 0 };
    r.invited += t.invited ?? 0;
    r.appointed += t.appointed ?? 0;
    r.present += t.present ?? 0;
    r.bought += t.bought ?? 0;
    r.passed += t.passed ?? 0;
    r.revenue += t.revenue ?? 0;
    rows.set(key, r);
  }
  return [...rows.values()].sort((a, b) => a.shop.localeCompare(b.shop) || a.bookingUser - b.bookingUser);
}
