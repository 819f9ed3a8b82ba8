import { Entity } from "electrodb";
import { SERVICE, entityConfig, idAttribute, clientRefAttributes } from "../kernel/entity.ts";

/**
 * The vouchers area's own records: room-voucher purchase orders and room-voucher exchanges. Gift
 * vouchers are ledger batches themselves (`VoucherBatch`, source "gift"): the gift *is* the batch,
 * so reviewing it and making its vouchers usable is one conditional write.
 */

/**
 * A room-voucher purchase order (R189–R199): status 0 waits for the client's payment, 1 = bought
 * (set only by the payment's completion, in the transaction that issues the batch). Money in fen.
 */
export const VoucherPurchase = new Entity(
  {
    model: { entity: "voucherPurchase", version: "1", service: SERVICE },
    attributes: {
      tenantId: { type: "string", required: true },
      id: idAttribute,
      /** The payment's out-trade number: TB + yyyyMMdd + id (the id is read back from it). */
      orderId: { type: "string", required: true },
      ...clientRefAttributes,
      ticketType: { type: "number", required: true },
      ticketCount: { type: "number", required: true },
      /** `YYYY-MM-DD 23:59:59` (R197). */
      ticketDuration: { type: "string", required: true },
      payAmount: { type: "number", required: true },
      priceType: { type: "number", required: true },
      useScope: { type: "number", required: true },
      bindingHotelIds: { type: "list", items: { type: "number" }, default: () => [] },
      bindingHotelNames: { type: "list", items: { type: "string" }, default: () => [] },
      remark: { type: "string", default: "" },
      /** 0 not bought, 1 bought (R193). */
      status: { type: "number", default: 0 },
      /** The batch issued on payment. */
      batchNo: { type: "string", default: "" },
      tradeNo: { type: "string", default: "" },
      createUser: { type: "string", default: "" },
      createTime: { type: "string", default: "" },
      buyTime: { type: "string", default: "" },
    },
    indexes: {
      byId: { scope: "voucherPurchase", pk: { field: "pk", composite: ["tenantId"] }, sk: { field: "sk", composite: ["id"] } },
    },
  },
  entityConfig(),
);

/**
 * A room-voucher exchange (R236–R242): stored weeks of one product type turned into free
 * vouchers, 5 weekday + 2 weekend per week. `takesJson` keeps what the weeks ledger took and
 * `batchNos` the batches issued, so the record explains both balances.
 */
export const VoucherExchange = new Entity(
  {
    model: { entity: "voucherExchange", version: "1", service: SERVICE },
    attributes: {
      tenantId: { type: "string", required: true },
      id: idAttribute,
      ...clientRefAttributes,
      productTypeId: { type: "number", required: true },
      /** 1 stored weeks → room vouchers (the only kind issued here; 2 is kept for the contract's list filter). */
      exchangeType: { type: "number", default: 1 },
      weekCount: { type: "number", required: true },
      /** R242: ticketCount = full weeks exchanged, weekstart/weekend = the vouchers issued. */
      ticketCount: { type: "number", required: true },
      weekstartTicketCount: { type: "number", required: true },
      weekendTicketCount: { type: "number", required: true },
      batchNos: { type: "list", items: { type: "string" }, default: () => [] },
      takesJson: { type: "string", default: "[]" },
      remark: { type: "string", default: "" },
      exchangeUser: { type: "string", default: "" },
      exchangeTime: { type: "string", default: "" },
    },
    indexes: {
      byId: { scope: "voucherExchange", pk: { field: "pk", composite: ["tenantId"] }, sk: { field: "sk", composite: ["id"] } },
    },
  },
  entityConfig(),
);

export type VoucherPurchaseItem = import("electrodb").EntityItem<typeof VoucherPurchase>;
export type VoucherExchangeItem = import("electrodb").EntityItem<typeof VoucherExchange>;
