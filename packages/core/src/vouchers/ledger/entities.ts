import { Entity } from "electrodb";
import { SERVICE, entityConfig, idAttribute } from "../../kernel/entity.ts";

/**
 * The room-voucher ledger: the vouchers a client holds, one batch per issue (a purchase, a gift,
 * an exchange of stored weeks, the demo seed), and which order used how many of which batch.
 *
 * Per batch: ticketCount = usedCount + remainingCount (remainingCount is kept so that a use can
 * be conditioned on it: DynamoDB conditions do no arithmetic). A revoke removes the unused ones:
 * ticketCount := usedCount, remainingCount := 0, revokedCount += what was removed.
 */
export const VoucherBatch = new Entity(
  {
    model: { entity: "voucherBatch", version: "1", service: SERVICE },
    attributes: {
      tenantId: { type: "string", required: true },
      clientId: idAttribute,
      id: idAttribute,
      batchNo: { type: "string", required: true },
      /** 1 experience voucher, 0 discount voucher (R189). */
      ticketType: { type: "number", required: true },
      /** 1 free, 2 half price (R190); an experience voucher is always free. */
      priceType: { type: "number", required: true },
      /** 1 all week, 2 weekend, 3 weekdays (R191); an experience voucher is always all week. */
      useScope: { type: "number", required: true },
      /** Hotels the vouchers are bound to; empty = general voucher, any hotel (R192). */
      bindingHotelIds: { type: "list", items: { type: "number" }, default: () => [] },
      ticketCount: { type: "number", required: true },
      usedCount: { type: "number", default: 0 },
      remainingCount: { type: "number", required: true },
      /** Unused vouchers removed by a revoke (gift batches). */
      revokedCount: { type: "number", default: 0 },
      /** Expiry, `YYYY-MM-DD 23:59:59` Shanghai (R197, R204). */
      ticketDuration: { type: "string", required: true },
      /** 1 usable, 0 pending review (gift batches start pending, R208). */
      status: { type: "number", required: true },
      /** What issued it: purchase | gift | exchange | seed, and that record's id. */
      source: { type: "string", default: "" },
      sourceId: { type: "string", default: "" },
      remark: { type: "string", default: "" },
      createTime: { type: "string", default: "" },
      /** Copied from the client and the hotels when issued, so the gift list shows and searches them without further reads. */
      clientName: { type: "string", default: "" },
      mobile: { type: "string", default: "" },
      shop: { type: "string", default: "" },
      bindingHotelNames: { type: "list", items: { type: "string" }, default: () => [] },
      /** Who issued it (the gift's 赠送人) and who reviewed it. */
      exchangeUser: { type: "string", default: "" },
      reviewUser: { type: "string", default: "" },
    },
    indexes: {
      // All batches of a client in one Query (member store info, planning a use).
      byClient: { scope: "voucher", pk: { field: "pk", composite: ["tenantId", "clientId"] }, sk: { field: "sk", composite: ["id"] } },
      byId: { scope: "voucherBatch", index: "gsi1", pk: { field: "gsi1pk", composite: ["tenantId"] }, sk: { field: "gsi1sk", composite: ["id"] } },
      // The gift list and the exchange list page over the batches of one source, by id.
      bySource: { scope: "voucherBatch", index: "gsi2", pk: { field: "gsi2pk", composite: ["tenantId", "source"] }, sk: { field: "gsi2sk", composite: ["id"] } },
      // Review and revoke name a batch by its batchNo (R211, R213).
      byBatchNo: { scope: "voucherBatch", index: "gsi3", pk: { field: "gsi3pk", composite: ["tenantId"] }, sk: { field: "gsi3sk", composite: ["batchNo"] } },
    },
  },
  entityConfig(),
);

/** How many vouchers of a batch one order used ("used by which order"). */
export const VoucherUse = new Entity(
  {
    model: { entity: "voucherUse", version: "1", service: SERVICE },
    attributes: {
      tenantId: { type: "string", required: true },
      clientId: idAttribute,
      batchId: idAttribute,
      batchNo: { type: "string", default: "" },
      orderId: { type: "string", required: true },
      count: { type: "number", required: true },
      /** The class the vouchers were taken as (allday … halfall, or experience). */
      voucherClass: { type: "string", default: "" },
      time: { type: "string", default: "" },
    },
    indexes: {
      byBatch: { scope: "voucherUse", pk: { field: "pk", composite: ["tenantId", "batchId"] }, sk: { field: "sk", composite: ["orderId"] } },
      byOrder: { scope: "voucherUse", index: "gsi1", pk: { field: "gsi1pk", composite: ["tenantId", "orderId"] }, sk: { field: "gsi1sk", composite: ["batchId"] } },
    },
  },
  entityConfig(),
);

export type VoucherBatchItem = import("electrodb").EntityItem<typeof VoucherBatch>;
export type VoucherUseItem = import("electrodb").EntityItem<typeof VoucherUse>;
