import { MonthTally, type MonthTallyItem } from "./entity.ts";
import { Client } from "../../clients/entities.ts";
import { txUpdate, type TxItem } from "../../kernel/tx.ts";
import { formatDateTime } from "../../kernel/clock.ts";

/**
 * The per-month tallies of money taken (finance/tallies/entity.ts). Every payment or refund
 * writer adds `tallyItems(...)` to its own transaction, so a tally moves exactly when the money
 * record does — never twice for a repeated payment notice (the transaction is conditioned on the
 * order still waiting) and never for a payment that did not commit.
 *
 * Callers today: orders/create.ts (a hotel order paid in money), orders/payments.ts `requestRefund`
 * (its refund, negative), vouchers/purchases.ts `completePurchasePayment` (TB…),
 * products/purchase.ts `completePriceOrderPayment` (CP…). The showroom purchase's last review
 * (finance/purchase, issue 16) adds `tallyItems({ tenantId, column: "offline", fen: payAmount, shop })`
 * to the transaction that marks it passed.
 */
export const COLUMNS = ["discount", "offline", "online"] as const;
export type Column = (typeof COLUMNS)[number];
export const DIMS = ["store", "agent", "channel"] as const;
export type Dim = (typeof DIMS)[number];
/** Items per object and month a payment may land on (see the entity). */
export const SHARDS = 8;

export type TallyInput = {
  tenantId: string;
  column: Column;
  /** Signed: a refund is negative. */
  fen: number;
  /** The store (department code) the money is counted for. */
  shop: string;
  agent?: string;
  channel?: string;
  /** Business date-time of the payment ("YYYY-MM-DD HH:mm:ss"); now when absent. */
  at?: string;
  /** Tests pin the shard; otherwise random. */
  shard?: number;
};

export const monthOf = (at: string): string => at.slice(0, 7);

/**
 * Who a payment is counted for besides the store (docs/finance.md, "Agents and channels"): the
 * paying client's channel — its 客户来源 code (`clientSource`, the channel list's code, R390) — and
 * its agent — the 销售员 on the client (`marketer`), the one party on the record who brought the
 * client in besides the channel. Read from the client when the money is taken, so the month counts
 * them as they were then.
 */
export type Payer = { agent: string; channel: string };
export const payerOf = (c: { clientSource?: string | null; marketer?: string | null } | null | undefined): Payer => ({
  agent: (c?.marketer ?? "").trim(),
  channel: (c?.clientSource ?? "").trim(),
});

/** The payer of a client by id (the payment writers that hold only the id). */
export async function payerOfClient(tenantId: string, clientId: number): Promise<Payer> {
  const { data } = await Client.get({ tenantId, id: clientId }).go({ attributes: ["clientSource", "marketer"] });
  return payerOf(data);
}

const FIELD: Record<Column, "discountFen" | "offlineFen" | "onlineFen"> = { discount: "discountFen", offline: "offlineFen", online: "onlineFen" };

/** The ADD items for one payment (fen > 0) or refund (fen < 0): one per dimension. */
export function tallyItems(p: TallyInput): TxItem[] {
  if (!Number.isInteger(p.fen) || p.fen === 0) return [];
  const month = monthOf(p.at ?? formatDateTime());
  const shard = p.shard ?? Math.floor(Math.random() * SHARDS);
  const objects: Record<Dim, string> = { store: p.shop ?? "", agent: p.agent ?? "", channel: p.channel ?? "" };
  return DIMS.map((dim) => txUpdate(MonthTally.update({ tenantId: p.tenantId, month, dim, object: objects[dim], shard }).add(moneyAdd(p.column, p.fen))));
}

type MonthTallyAdd = Parameters<ReturnType<typeof MonthTally.update>["add"]>[0];

/** The ADD of one payment: its column's money, and one payment more (a refund: one less). */
function moneyAdd(column: Column, fen: number): MonthTallyAdd {
  const add: MonthTallyAdd = {};
  add[FIELD[column]] = fen;
  add.n = fen > 0 ? 1 : -1;
  return add;
}

/** A month's money per column, per dimension and object, the shards added up. */
export type ObjectTotals = { discountFen: number; offlineFen: number; onlineFen: number };
export type MonthTotals = Record<Dim, Map<string, ObjectTotals>>;

export function addUp(items: Pick<MonthTallyItem, "dim" | "object" | "discountFen" | "offlineFen" | "onlineFen">[]): MonthTotals {
  const out: MonthTotals = { store: new Map(), agent: new Map(), channel: new Map() };
  for (const i of items) {
    const m = out[i.dim as Dim];
    if (!m) continue;
    const t = m.get(i.object) ?? { discountFen: 0, offlineFen: 0, onlineFen: 0 };
    t.discountFen += i.discountFen ?? 0;
    t.offlineFen += i.offlineFen ?? 0;
    t.onlineFen += i.onlineFen ?? 0;
    m.set(i.object, t);
  }
  return out;
}

/** Reads a month's tallies: one Query of the month's partition (a few hundred items at most). */
export async function readMonth(tenantId: string, month: string): Promise<MonthTotals> {
  const { data } = await MonthTally.query.byMonth({ tenantId, month }).go({ pages: "all" });
  return addUp(data);
}

/** The month's store tallies only (the business summary and the month-close check): a third of the partition. */
export async function readMonthStores(tenantId: string, month: string): Promise<MonthTotals> {
  const { data } = await MonthTally.query.byMonth({ tenantId, month }).begins({ dim: "store" }).go({ pages: "all" });
  return addUp(data.filter((i) => i.dim === "store"));
}
