import { describe, it, expect } from "vitest";
import {
  issueVouchersNow,
  issueVouchers,
  useVouchers,
  useVouchersNow,
  restoreVouchersNow,
  readVoucherBatches,
  readBatch,
  findBatchByNo,
  findBatchById,
  batchUses,
  orderUses,
  approveBatchItem,
  deleteBatchItem,
  revokeBatchItems,
  revokeBatchNow,
  NOT_ENOUGH_VOUCHERS,
  ALREADY_RESTORED,
  ALREADY_REVIEWED,
  NOTHING_TO_REVOKE,
  type VoucherKey,
  type Stay,
} from "../src/vouchers/ledger/ledger.ts";
import { transact, txPut } from "../src/kernel/tx.ts";
import { formatDate, formatDateTime } from "../src/kernel/clock.ts";
import { VoucherUse } from "../src/vouchers/ledger/entities.ts";

let next = 1;
const key = (): VoucherKey => ({ tenantId: "vouchers", clientId: next++ });
const FAR = "2099-12-31";
const stay = (over: Partial<Stay> = {}): Stay => ({ hotelId: 7, firstNight: "2098-05-01", lastNight: "2098-05-03", nights: 3, rooms: 2, now: formatDateTime(), ...over });

/** Every batch keeps ticketCount = usedCount + remainingCount, all ≥ 0. */
async function assertConsistent(k: VoucherKey) {
  for (const b of await readVoucherBatches(k)) {
    expect(b.usedCount).toBeGreaterThanOrEqual(0);
    expect(b.remainingCount).toBeGreaterThanOrEqual(0);
    expect(b.usedCount).toBeLessThanOrEqual(b.ticketCount);
    expect(b.usedCount! + b.remainingCount).toBe(b.ticketCount);
  }
}

describe("the room-voucher ledger", () => {
  it("issues batches with a generated number, an end-of-day expiry and a normalised binding", async () => {
    const k = key();
    const a = await issueVouchersNow(k, { ticketCount: 5, ticketDuration: FAR, useScope: 3, bindingHotelIds: [0, 7], source: "purchase", sourceId: "P1" });
    expect(a.batchNo).toBe(`${formatDate().replaceAll("-", "")}${String(a.batchId).padStart(4, "0")}`);
    const gift = await issueVouchersNow(k, { ticketCount: 2, ticketDuration: "2098-06-30", priceType: 2, useScope: 2, bindingHotelIds: [9, 7, 9], source: "gift", batchNo: "G-1" });
    const exp = await issueVouchersNow(k, { ticketType: 1, ticketCount: 3, ticketDuration: FAR, priceType: 2, useScope: 3, source: "seed" });
    const batches = await readVoucherBatches(k);
    expect(batches.map((b) => b.id)).toEqual([a.batchId, gift.batchId, exp.batchId]);
    expect(batches[0]).toMatchObject({
      ticketDuration: "2099-12-31 23:59:59",
      bindingHotelIds: [],
      status: 1,
      ticketCount: 5,
      usedCount: 0,
      remainingCount: 5,
      source: "purchase",
      sourceId: "P1",
    });
    // A gift waits for its review; bound hotels are kept once each.
    expect(batches[1]).toMatchObject({ batchNo: "G-1", status: 0, bindingHotelIds: [7, 9], ticketDuration: "2098-06-30 23:59:59" });
    // An experience voucher is free and good for any night (R199).
    expect(batches[2]).toMatchObject({ ticketType: 1, priceType: 1, useScope: 1 });
    expect((await findBatchByNo(k.tenantId, "G-1"))?.id).toBe(gift.batchId);
    expect((await findBatchById(k.tenantId, exp.batchId))?.clientId).toBe(k.clientId);
    expect(await findBatchByNo(k.tenantId, "none")).toBeNull();
    await expect(issueVouchersNow(k, { ticketCount: 0, ticketDuration: FAR })).rejects.toThrow("房券数量不正确");
    await expect(issueVouchersNow(k, { ticketCount: 1, ticketDuration: FAR, useScope: 4 })).rejects.toThrow("房券类型不正确");
  });

  it("uses vouchers for an order, records which order used them, and restores them exactly once", async () => {
    const k = key();
    const weekdays = await issueVouchersNow(k, { ticketCount: 2, ticketDuration: "2098-12-31", useScope: 3 });
    const more = await issueVouchersNow(k, { ticketCount: 5, ticketDuration: FAR, useScope: 3 });
    const takes = await useVouchersNow(k, { classes: { allday: 3 } }, stay(), 501);
    expect(takes).toEqual([
      { batchId: weekdays.batchId, batchNo: weekdays.batchNo, count: 2, voucherClass: "allday" },
      { batchId: more.batchId, batchNo: more.batchNo, count: 1, voucherClass: "allday" },
    ]);
    expect(await readBatch(k, weekdays.batchId)).toMatchObject({ usedCount: 2, remainingCount: 0 });
    expect(await readBatch(k, more.batchId)).toMatchObject({ usedCount: 1, remainingCount: 4 });
    expect((await batchUses(k.tenantId, more.batchId)).map((u) => [u.orderId, u.count])).toEqual([["501", 1]]);
    expect((await orderUses(k.tenantId, 501)).map((u) => u.batchId).sort()).toEqual([weekdays.batchId, more.batchId].sort());

    await restoreVouchersNow(k, takes, 501);
    expect(await readBatch(k, weekdays.batchId)).toMatchObject({ usedCount: 0, remainingCount: 2 });
    expect(await readBatch(k, more.batchId)).toMatchObject({ usedCount: 0, remainingCount: 5 });
    expect(await orderUses(k.tenantId, 501)).toEqual([]);
    await expect(restoreVouchersNow(k, takes, 501)).rejects.toThrow(ALREADY_RESTORED);
    await assertConsistent(k);
  });

  it("refuses a restore of another order's use even when the batch has used vouchers", async () => {
    const k = key();
    await issueVouchersNow(k, { ticketCount: 4, ticketDuration: FAR });
    const takes = await useVouchersNow(k, { classes: { allall: 2 } }, stay(), "A");
    await expect(restoreVouchersNow(k, takes, "B")).rejects.toThrow(ALREADY_RESTORED);
    expect((await readVoucherBatches(k))[0]).toMatchObject({ usedCount: 2 });
  });

  it("uses an experience voucher whole and only on a stay at a hotel it is good for", async () => {
    const k = key();
    const exp = await issueVouchersNow(k, { ticketType: 1, ticketCount: 2, ticketDuration: FAR, bindingHotelIds: [7] });
    await expect(useVouchersNow(k, { experienceBatchNo: exp.batchNo }, stay({ hotelId: 8, nights: 2, rooms: 1 }), 1)).rejects.toThrow("体验券不存在或不可用");
    const takes = await useVouchersNow(k, { experienceBatchNo: exp.batchNo }, stay({ nights: 2, rooms: 1 }), 1);
    expect(takes).toEqual([{ batchId: exp.batchId, batchNo: exp.batchNo, count: 2, voucherClass: "experience" }]);
    expect(await readBatch(k, exp.batchId)).toMatchObject({ usedCount: 2, remainingCount: 0 });
    await expect(useVouchersNow(k, { experienceBatchNo: exp.batchNo }, stay({ nights: 2, rooms: 1 }), 2)).rejects.toThrow("体验券不存在或不可用");
  });

  it("commits with the caller's own items or not at all, and never on a batch that changed under the plan", async () => {
    const k = key();
    const b = await issueVouchersNow(k, { ticketCount: 3, ticketDuration: FAR });
    // Another area's failing condition (the order already exists) cancels the use too.
    const marker = { tenantId: k.tenantId, clientId: k.clientId, batchId: 999_999, orderId: "marker", count: 1 };
    await VoucherUse.create(marker).go();
    await expect(useVouchersNow(k, { classes: { allall: 1 } }, stay(), 9, () => [txPut(VoucherUse.create(marker), "订单已存在")])).rejects.toThrow("订单已存在");
    expect(await readBatch(k, b.batchId)).toMatchObject({ usedCount: 0, remainingCount: 3 });
    // Planned on a read, then the vouchers went elsewhere: the stale items fail their condition.
    const stale = await useVouchers(k, { classes: { allall: 2 } }, stay(), 10);
    await useVouchersNow(k, { classes: { allall: 2 } }, stay(), 11);
    await expect(transact(stale.items)).rejects.toThrow(NOT_ENOUGH_VOUCHERS);
    expect(await readBatch(k, b.batchId)).toMatchObject({ usedCount: 2, remainingCount: 1 });
  });

  it("refuses vouchers that expire before the last night or are still pending", async () => {
    const k = key();
    const short = await issueVouchersNow(k, { ticketCount: 3, ticketDuration: "2098-05-02" });
    const gift = await issueVouchersNow(k, { ticketCount: 3, ticketDuration: FAR, source: "gift" });
    await expect(useVouchersNow(k, { classes: { allall: 1 } }, stay(), 1)).rejects.toThrow(NOT_ENOUGH_VOUCHERS);
    await transact([approveBatchItem(k, gift.batchId)]);
    const takes = await useVouchersNow(k, { classes: { allall: 1 } }, stay(), 1);
    expect(takes.map((t) => t.batchId)).toEqual([gift.batchId]);
    // The earlier-expiring batch is taken when the stay ends before it expires.
    const early = await useVouchersNow(k, { classes: { allall: 1 } }, stay({ lastNight: "2098-05-02", nights: 2 }), 2);
    expect(early.map((t) => t.batchId)).toEqual([short.batchId]);
  });

  it("approves a pending gift once, deletes only a pending one, and revokes the unused vouchers", async () => {
    const k = key();
    const gift = await issueVouchersNow(k, { ticketCount: 4, ticketDuration: FAR, source: "gift" });
    await transact([approveBatchItem(k, gift.batchId)]);
    await expect(transact([approveBatchItem(k, gift.batchId)])).rejects.toThrow(ALREADY_REVIEWED);
    await expect(transact([deleteBatchItem(k, gift.batchId)])).rejects.toThrow(ALREADY_REVIEWED);
    const refused = await issueVouchersNow(k, { ticketCount: 1, ticketDuration: FAR, source: "gift" });
    await transact([deleteBatchItem(k, refused.batchId)]);
    expect(await readBatch(k, refused.batchId)).toBeNull();

    await useVouchersNow(k, { classes: { allall: 1 } }, stay(), 77);
    const read = (await readBatch(k, gift.batchId))!;
    // Planned on an old read: a use in between makes the revoke fail, the wrapper reads again.
    await useVouchersNow(k, { classes: { allall: 1 } }, stay(), 78);
    await expect(transact(revokeBatchItems(k, read))).rejects.toThrow("操作冲突，请重试");
    expect(await revokeBatchNow(k, gift.batchId)).toBe(2);
    expect(await readBatch(k, gift.batchId)).toMatchObject({ ticketCount: 2, usedCount: 2, remainingCount: 0, revokedCount: 2 });
    expect(() => revokeBatchItems(k, { id: gift.batchId, ticketCount: 2, usedCount: 2, revokedCount: 2 })).toThrow(NOTHING_TO_REVOKE);
    await expect(useVouchersNow(k, { classes: { allall: 1 } }, stay(), 79)).rejects.toThrow(NOT_ENOUGH_VOUCHERS);
    await assertConsistent(k);
  });

  it("lets exactly 3 of 20 parallel uses through against the last 3 vouchers", async () => {
    const k = key();
    const a = await issueVouchersNow(k, { ticketCount: 5, ticketDuration: "2098-12-31", useScope: 2 });
    await issueVouchersNow(k, { ticketCount: 1, ticketDuration: FAR, useScope: 2 });
    await useVouchersNow(k, { classes: { allend: 3 } }, stay(), "before");
    expect(await readBatch(k, a.batchId)).toMatchObject({ remainingCount: 2 });

    const results = await Promise.allSettled(Array.from({ length: 20 }, (_, i) => useVouchersNow(k, { classes: { allend: 1 } }, stay(), `o${i}`)));
    const ok = results.filter((r) => r.status === "fulfilled");
    const refused = results.filter((r) => r.status === "rejected").map((r) => (r as PromiseRejectedResult).reason.desc);
    expect(ok.length).toBe(3);
    expect(new Set(refused)).toEqual(new Set([NOT_ENOUGH_VOUCHERS]));
    const batches = await readVoucherBatches(k);
    expect(batches.map((b) => [b.usedCount, b.remainingCount])).toEqual([
      [5, 0],
      [1, 0],
    ]);
    await assertConsistent(k);
    // Each success is one use record naming its order.
    const uses = [...(await batchUses(k.tenantId, batches[0]!.id)), ...(await batchUses(k.tenantId, batches[1]!.id))];
    expect(uses.filter((u) => u.orderId.startsWith("o")).length).toBe(3);
  });

  it("builds issue items to commit with the caller's record", async () => {
    const k = key();
    const { items, batchId } = await issueVouchers(k, { ticketCount: 7, ticketDuration: FAR, source: "exchange", sourceId: "E9" });
    expect(await readBatch(k, batchId)).toBeNull();
    await transact(items);
    expect(await readBatch(k, batchId)).toMatchObject({ ticketCount: 7, status: 1, source: "exchange" });
  });
});
