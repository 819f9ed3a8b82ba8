import { Client, type ClientItem } from "./entities.ts";
import { MembershipLot } from "./ledger/entities.ts";
import { replaceKeys } from "./keys.ts";
import { tallyDelta } from "./tally.ts";
import { bucketOf, sameBucket } from "./rules.ts";
import { memberLevelOf, type Holding } from "../finance/purchase/rules.ts";
import { listProductTypes } from "../products/types.ts";
import { styleList } from "../platform/styleParams.ts";
import { formatDateTime } from "../kernel/clock.ts";
import { transact, txUpdate, type TxItem } from "../kernel/tx.ts";

/**
 * The member level kept on the client (R282, docs/gaps.md §9), derived from its lots: at the last review
 * pass (a new lot), when a lot's expiry is edited (会员信息's 有效期, a gift week's delay) — both in the
 * transaction of the change — and, for expiry, at read: the client keeps `levelUntil`, the last
 * expiry among the lots giving its level, and a read of the client after that moment derives again
 * and stores the result (docs/reviews.md). No job walks every client for a level that only matters
 * when someone looks.
 */
/** The refusal when the client was written in between (callers retry on it: finance/purchase/review.ts). */
export const CLIENT_CHANGED = "数据已被修改，请刷新后重试";

export type LevelState = { memberLevel: string; levelUntil: string };

/** What the client's lots give now; `change` stands for a lot the transaction adds or re-dates. */
export async function levelFromLots(client: ClientItem, change: { add?: Holding; expiry?: { lotId: number; shipDuration: string } } = {}): Promise<LevelState> {
  const { tenantId } = client;
  const [lots, types, levels] = await Promise.all([
    MembershipLot.query.byClient({ tenantId, clientId: client.id }).go({ pages: "all", attributes: ["id", "productTypeId", "shipDuration"] }),
    listProductTypes(tenantId),
    styleList(tenantId, "memberLevel"),
  ]);
  const holdings: Holding[] = lots.data.map((l) => ({
    productTypeId: l.productTypeId,
    shipDuration: change.expiry && l.id === change.expiry.lotId ? change.expiry.shipDuration : l.shipDuration,
  }));
  if (change.add) holdings.push(change.add);
  const memberTypes = new Set(types.filter((t) => t.hasMemberLevel === 1).map((t) => t.id));
  const derived = memberLevelOf(holdings, memberTypes, levels, formatDateTime());
  // A level set by hand on a client whose lots give none (levelUntil "") stays; one the lots gave follows them.
  if (!derived.memberLevel && !client.levelUntil) return { memberLevel: client.memberLevel ?? "", levelUntil: "" };
  return derived;
}

/**
 * The client with its level (and, at the last pass, member status 2): a patch on its revision, so
 * what other areas keep on the client stays, with its search keys and tallies when the status moves.
 */
export function clientLevelItems(before: ClientItem, level: LevelState, status = before.status): TxItem[] {
  const after = { ...before, status, ...level, rev: (before.rev ?? 0) + 1 } as ClientItem;
  const moved = !sameBucket(bucketOf(before), bucketOf(after));
  return [
    txUpdate(
      Client.patch({ tenantId: before.tenantId, id: before.id })
        .set({ status, ...level })
        .add({ rev: 1 })
        // The status is a key of the store-and-status index; the store, unchanged, rebuilds it.
        .composite({ shop: before.shop })
        .where((a, { eq }) => eq(a.rev, before.rev ?? 0)),
      CLIENT_CHANGED,
    ),
    ...(status !== before.status ? replaceKeys(before, after) : []),
    ...(moved ? [tallyDelta(before.tenantId, bucketOf(before), -1), tallyDelta(before.tenantId, bucketOf(after), 1)] : []),
  ];
}

/** The items that store a changed level ([] when it did not change). */
export const levelChangeItems = (client: ClientItem, level: LevelState): TxItem[] =>
  level.memberLevel === (client.memberLevel ?? "") && level.levelUntil === (client.levelUntil ?? "") ? [] : clientLevelItems(client, level);

/** Whether the stored level may have lapsed at `now` (a lot giving it has expired since). */
export const levelLapsed = (c: Pick<ClientItem, "levelUntil">, now: string) => !!c.levelUntil && c.levelUntil < now;

/**
 * Read path: clients whose level lapsed get it derived again and stored. A write that loses a race
 * (someone saved the client in between) is left to the next read; the row shows the derived level.
 */
export async function withCurrentLevels(rows: ClientItem[]): Promise<ClientItem[]> {
  const now = formatDateTime();
  if (!rows.some((c) => levelLapsed(c, now))) return rows;
  return Promise.all(
    rows.map(async (c) => {
      if (!levelLapsed(c, now)) return c;
      const level = await levelFromLots(c);
      const items = levelChangeItems(c, level);
      if (items.length) await transact(items).catch(() => undefined);
      return { ...c, ...level };
    }),
  );
}
