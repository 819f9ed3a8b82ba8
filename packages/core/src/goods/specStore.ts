import { Goods, GoodsSpec, type GoodsItem, type GoodsSpecItem } from "./entities.ts";
import { GOODS_MSG, isGoodsType, type SpecRow } from "./schemas.ts";
import { requireGoods, specsOf } from "./catalogue.ts";
import { SPEC_MSG, SPEC_NAME_MAX, dateOf, earliestDate, slotKey } from "./specs.ts";
import { nextIds } from "../kernel/counters.ts";
import { isBusinessDate } from "../kernel/fields.ts";
import { fenToYuan } from "../kernel/money.ts";
import { today } from "../kernel/clock.ts";
import { DomainError } from "../kernel/errors.ts";
import { retryRaces, transact, txDelete, txPut, txUpdate, type TxItem } from "../kernel/tx.ts";

/**
 * Reading and saving a goods item's specifications (the spec modal, R406–R422). A save sends the
 * whole list; what it leaves out is deleted. Stock is the money of this area, so a save never sets
 * a spec's stock below what orders already hold and never deletes a spec that ever had an order;
 * both are conditions of the write itself, not only checks before it (an order may land between
 * the read and the write). Docs: docs/goods.md.
 */
export const SPEC_STORE_MSG = {
  gone: "规格不存在或已被删除，请刷新后重试",
  hasOrders: (name: string) => `规格「${name}」已有订单，不能删除`,
  belowSold: (name: string, sold: number) => `规格「${name}」的库存不能少于已售数量${sold}`,
  duplicate: "规格时段重复",
  changed: "规格已被修改，请刷新后重试",
} as const;

export type SpecView = ReturnType<typeof specView>;
export const specView = (s: GoodsSpecItem) => {
  const { tenantId: _t, ...rest } = s;
  return { ...rest, marketPrice: fenToYuan(s.marketPrice ?? 0), price: fenToYuan(s.price ?? 0), sold: s.sold ?? 0, left: s.left ?? 0 };
};

const sortSpecs = (a: GoodsSpecItem, b: GoodsSpecItem) => (a.startTime ?? "").localeCompare(b.startTime ?? "") || a.id - b.id;

/** The spec modal's read (R406, R407): the goods' id and type, and its specs (slots by start time). */
export async function readSpecs(tenantId: string, id: number) {
  const g = await requireGoods(tenantId, id);
  if (!isGoodsType(g.goodsType)) throw new DomainError(GOODS_MSG.badType, "400");
  const specs = (await specsOf(tenantId, id)).sort(sortSpecs);
  return { goodsInfo: { id: g.id, goodsType: g.goodsType, goodsName: g.goodsName }, specList: specs.map(specView) };
}

/** The rows, checked for the goods type; answers the rows with their names filled in. */
function checkRows(g: GoodsItem, rows: SpecRow[], todayDate: string): SpecRow[] {
  if (!rows.length) throw new DomainError(SPEC_MSG.noneToSave, "400");
  if (g.goodsType === "appointment") {
    const seen = new Set<string>();
    return rows.map((r) => {
      if (r.startTime.length !== 19 || r.endTime.length !== 19 || !isBusinessDate(r.startTime) || !isBusinessDate(r.endTime) || r.endTime <= r.startTime)
        throw new DomainError("规格时段不正确", "400");
      if (!r.id && dateOf(r.startTime) < earliestDate(todayDate)) throw new DomainError(SPEC_MSG.tooEarly, "400");
      const key = slotKey(r);
      if (seen.has(key)) throw new DomainError(SPEC_STORE_MSG.duplicate, "400");
      seen.add(key);
      return { ...r, specName: r.specName.trim() || `${r.startTime.slice(0, 16)}-${r.endTime.slice(11, 16)}` };
    });
  }
  return rows.map((r) => {
    const name = r.specName.trim();
    if (!name) throw new DomainError(SPEC_MSG.noName, "400");
    if (name.length > SPEC_NAME_MAX) throw new DomainError(SPEC_MSG.nameTooLong, "400");
    return { ...r, specName: name, startTime: "", endTime: "" };
  });
}

/** At most this many items per transaction (DynamoDB takes 100). */
const CHUNK = 90;

/**
 * Saves the whole spec list of a goods item (specsave). Each existing spec is written conditioned
 * on the `sold` it was read with (so `left` = stock − sold stays true), a deleted one on having no
 * orders; a race with an order is run again from a fresh read. Answers the saved specs.
 */
export async function saveSpecs(tenantId: string, id: number, input: SpecRow[]): Promise<ReturnType<typeof readSpecs>> {
  const g = await requireGoods(tenantId, id);
  if (!isGoodsType(g.goodsType)) throw new DomainError(GOODS_MSG.badType, "400");
  const rows = checkRows(g, input, today());
  await retryRaces(() => writeSpecs(tenantId, g, rows), [SPEC_STORE_MSG.changed]);
  return readSpecs(tenantId, id);
}

async function writeSpecs(tenantId: string, g: GoodsItem, rows: SpecRow[]): Promise<void> {
  const existing = new Map((await specsOf(tenantId, g.id)).map((s) => [s.id, s] as const));
  const kept = new Set<number>();
  for (const r of rows) {
    if (!r.id) continue;
    const s = existing.get(r.id);
    if (!s) throw new DomainError(SPEC_STORE_MSG.gone, "409");
    if (kept.has(r.id)) throw new DomainError(SPEC_STORE_MSG.duplicate, "400");
    kept.add(r.id);
    if (r.goodsCount < (s.sold ?? 0)) throw new DomainError(SPEC_STORE_MSG.belowSold(r.specName, s.sold ?? 0), "409");
  }
  const removed = [...existing.values()].filter((s) => !kept.has(s.id));
  const ordered = removed.find((s) => (s.orderCount ?? 0) > 0);
  if (ordered) throw new DomainError(SPEC_STORE_MSG.hasOrders(ordered.specName ?? ""), "409");

  const fresh = rows.filter((r) => !r.id);
  const firstId = fresh.length ? await nextIds(tenantId, "goodsSpec", fresh.length) : 0;
  const fields = (r: SpecRow) => ({
    specName: r.specName,
    startTime: r.startTime,
    endTime: r.endTime,
    imageUrl: r.imageUrl,
    specUnit: r.specUnit,
    marketPrice: r.marketPrice,
    price: r.price,
    goodsCount: r.goodsCount,
    idisplay: r.idisplay,
  });
  const items: TxItem[] = [];
  let n = 0;
  for (const r of rows) {
    if (r.id) {
      const sold = existing.get(r.id)!.sold ?? 0;
      items.push(
        txUpdate(
          GoodsSpec.patch({ tenantId, goodsId: g.id, id: r.id })
            .set({ ...fields(r), left: r.goodsCount - sold })
            // The sold count this plan was made with: an order landing meanwhile fails it, and the save runs again.
            .where((a, { eq }) => eq(a.sold, sold)),
          SPEC_STORE_MSG.changed,
        ),
      );
    } else {
      const sid = firstId + n++;
      items.push(txPut(GoodsSpec.create({ tenantId, goodsId: g.id, id: sid, ...fields(r), sold: 0, left: r.goodsCount, orderCount: 0 }), SPEC_STORE_MSG.changed));
    }
  }
  for (const s of removed) {
    items.push(
      txDelete(
        GoodsSpec.delete({ tenantId, goodsId: g.id, id: s.id }).where((a, { eq }) => eq(a.orderCount, 0)),
        SPEC_STORE_MSG.hasOrders(s.specName ?? ""),
      ),
    );
  }
  const stock = rows.reduce((sum, r) => sum + r.goodsCount, 0);
  items.unshift(txUpdate(Goods.patch({ tenantId, id: g.id }).set({ goodsCount: stock, specCount: rows.length }), GOODS_MSG.notFound));
  // A long list (a year of slots) goes in several transactions; each one keeps its own conditions.
  for (let i = 0; i < items.length; i += CHUNK) await transact(items.slice(i, i + CHUNK));
}
