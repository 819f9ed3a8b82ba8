import { LotteryPrize, LotteryStock, type LotteryPrizeItem, type LotteryStockItem } from "./entities.ts";
import { STOCK_SLICES, splitStock, unlimited } from "./rules.ts";
import type { RandomInt } from "./draw.ts";
import { conditional, REFUSED, txDelete, txPut, txUpdate, type TxItem } from "../kernel/tx.ts";
import { allOf, anyOf } from "../kernel/filter.ts";

/**
 * A prize's stock in slices (issue 39; docs/lottery.md "Stock slices"). The times a prize was won are
 * the sum of its STOCK_SLICES slices' `won`; each slice has its `cap` (its share of the count), and
 * a draw takes one unit from one slice with a plain conditional update — no transaction, so
 * concurrent draws neither cancel each other nor queue on one item. Staff's saves re-split the count
 * (`splitStock`) in one transaction with the prize, each slice conditioned on not having won more
 * than its new cap, so no split can let the wins exceed the count.
 */
export type PrizeWithWon = LotteryPrizeItem & { won: number };
type Key = { tenantId: string; lotteryId: number };

/** The slices of an activity's prizes (≤ MAX_PRIZES × STOCK_SLICES small items), or of one prize. */
export async function slicesOf(key: Key, consistent = false, prizeId?: number): Promise<LotteryStockItem[]> {
  const q = prizeId === undefined ? LotteryStock.query.byLottery(key) : LotteryStock.query.byLottery({ ...key, prizeId });
  const { data } = await q.go({ consistent, pages: "all" });
  return data;
}

/** Each slice's wins, in slice order (a slice missing counts 0). */
export const winsOf = (slices: readonly LotteryStockItem[]): number[] => {
  const won = Array<number>(STOCK_SLICES).fill(0);
  for (const s of slices) won[s.slice] = s.won;
  return won;
};

/** The prizes with the times each was won. */
export function withWon(prizes: readonly LotteryPrizeItem[], slices: readonly LotteryStockItem[]): PrizeWithWon[] {
  const won = new Map<number, number>();
  for (const s of slices) won.set(s.prizeId, (won.get(s.prizeId) ?? 0) + s.won);
  return prizes.map((p) => ({ ...p, won: won.get(p.id) ?? 0 }));
}

const hasRoom = (s: LotteryStockItem): boolean => s.limited === 0 || s.won < s.cap;

/**
 * The writes that set a prize's slices for `count`: created (none won yet) for a new prize, else
 * re-split from what each slice won, each conditioned on `won <= cap` so a draw committing meanwhile
 * cannot end above its slice's new share. `open` goes onto the prize (`openSlices`).
 */
export function stockWrites(key: Key, prizeId: number, count: number, won: number[] | null, raced: string): { items: TxItem[]; open: number } {
  const { caps, open } = splitStock(count, won ?? []);
  const limited = unlimited(count) ? 0 : 1;
  const items = caps.map((cap, slice) =>
    won
      ? txUpdate(
          LotteryStock.patch({ ...key, prizeId, slice })
            .set({ cap, limited })
            .where((x, op) => (limited ? op.lte(x.won, cap) : "")),
          raced,
        )
      : txPut(LotteryStock.create({ ...key, prizeId, slice, won: 0, cap, limited }), raced),
  );
  return { items, open };
}

/** The deletes of a prize's slices, each conditioned on `won = 0`: a prize someone won is never deleted. */
export const stockDeletes = (key: Key, prizeId: number, used: string): TxItem[] =>
  Array.from({ length: STOCK_SLICES }, (_, slice) =>
    txDelete(
      LotteryStock.delete({ ...key, prizeId, slice }).where((x, op) => op.eq(x.won, 0)),
      used,
    ),
  );

/**
 * One unit of a prize for a draw: a slice chosen at random among the open ones gets `won + 1` if it
 * has room. When it has none, the prize's slices are read (consistently) and one with room is tried;
 * at most STOCK_SLICES + 1 tries. Answers the slice, "gone" when no slice has room (the prize is then
 * marked sold out for later draws), or "busy" when every try lost a race.
 */
export async function claimStock(tenantId: string, prize: LotteryPrizeItem, randomInt: RandomInt): Promise<number | "gone" | "busy"> {
  const key = { tenantId, lotteryId: prize.lotteryId };
  let slice = randomInt(Math.max(1, Math.min(STOCK_SLICES, prize.openSlices)));
  for (let attempt = 0; attempt <= STOCK_SLICES; attempt++) {
    const took = await conditional(
      LotteryStock.patch({ ...key, prizeId: prize.id, slice })
        .add({ won: 1 })
        // ElectroDB compares attributes with values only: the attribute-to-attribute comparison joins their names.
        .where((x, op) => anyOf(op.eq(x.limited, 0), `${op.name(x.won)} < ${op.name(x.cap)}`))
        .go({ response: "none" }),
    );
    if (took !== REFUSED) return slice;
    const room = (await slicesOf(key, true, prize.id)).filter(hasRoom);
    const next = room[room.length > 1 ? randomInt(room.length) : 0];
    if (!next) {
      await markSoldOut(tenantId, prize);
      return "gone";
    }
    slice = next.slice;
  }
  return "busy";
}

/** Gives back a unit a draw took and could not keep (its member was refused meanwhile). */
export async function returnStock(tenantId: string, prize: LotteryPrizeItem, slice: number): Promise<void> {
  // Refused: the prize was deleted meanwhile, nothing to give back to.
  await conditional(LotteryStock.patch({ tenantId, lotteryId: prize.lotteryId, prizeId: prize.id, slice }).add({ won: -1 }).go({ response: "none" }));
}

/**
 * Later draws skip a prize found used up. Conditioned on the count read, so a restock saved
 * meanwhile (a higher count, slices re-split) is never marked sold out.
 */
async function markSoldOut(tenantId: string, prize: LotteryPrizeItem): Promise<void> {
  await conditional(
    LotteryPrize.patch({ tenantId, lotteryId: prize.lotteryId, id: prize.id })
      .set({ openSlices: 0 })
      .where((x, op) => allOf(op.eq(x.prizeCount, prize.prizeCount), op.gt(x.openSlices, 0)))
      .go({ response: "none" }),
  );
}
