import { Entity } from "electrodb";
import { SERVICE, entityConfig, idAttribute, clientRefAttributes } from "../kernel/entity.ts";

/**
 * Gift weeks and week exchanges (RCI). Each record lives in its tenant's partition sorted by id
 * (the list, newest first, is one Query) and, for a client's own records, on gsi1 by client.
 * Totals are counters moved in the record's transaction (kernel/counters.ts totalDelta).
 */

/** A gift of stored weeks (R215–R226): status 0 awaiting review, 1 reviewed; delay 0 none, 1 delayed, 2 under review, 3 refused. */
export const GiftWeek = new Entity(
  {
    model: { entity: "giftWeek", version: "1", service: SERVICE },
    attributes: {
      tenantId: { type: "string", required: true },
      id: idAttribute,
      ...clientRefAttributes,
      /** The product type the weeks are stored under (the client's weekly membership). */
      productTypeId: { type: "number", required: true },
      giftCount: { type: "number", required: true },
      /** Expiry of the gifted weeks, `YYYY-MM-DD 23:59:59` Shanghai. */
      giftDuration: { type: "string", required: true },
      remark: { type: "string", default: "" },
      serviceUser: { type: "string", default: "" },
      giftTime: { type: "string", default: "" },
      status: { type: "number", default: 0 },
      reviewUser: { type: "string", default: "" },
      reviewTime: { type: "string", default: "" },
      /** The ledger lot the review created: a passed delay moves exactly this lot's expiry. */
      lotId: { type: "number", default: 0 },
      delay: { type: "number", default: 0 },
      delayDuration: { type: "string", default: "" },
      delayReason: { type: "string", default: "" },
      delayUser: { type: "string", default: "" },
      delayTime: { type: "string", default: "" },
    },
    indexes: {
      byId: { scope: "giftWeek", pk: { field: "pk", composite: ["tenantId"] }, sk: { field: "sk", composite: ["id"] } },
      byClient: { scope: "giftWeek", index: "gsi1", pk: { field: "gsi1pk", composite: ["tenantId", "clientId"] }, sk: { field: "gsi1sk", composite: ["id"] } },
    },
  },
  entityConfig(),
);

/** A week exchange with the exchange service (R227–R238): backFlag 0 exchange, 1 chargeback (the return's own record), 2 charged back. */
export const RciExchange = new Entity(
  {
    model: { entity: "rciExchange", version: "1", service: SERVICE },
    attributes: {
      tenantId: { type: "string", required: true },
      id: idAttribute,
      ...clientRefAttributes,
      productTypeId: { type: "number", required: true },
      /** Remaining whole weeks before, weeks moved, remaining after. */
      storeCount: { type: "number", default: 0 },
      exchangeCount: { type: "number", required: true },
      remainingCount: { type: "number", default: 0 },
      /** Weeks held by the exchange service before and after. */
      rciStoreCount: { type: "number", default: 0 },
      rciNowStoreCount: { type: "number", default: 0 },
      serviceUser: { type: "string", default: "" },
      exchangeTime: { type: "string", default: "" },
      remark: { type: "string", default: "" },
      backFlag: { type: "number", default: 0 },
      /** What the deduction took per lot (JSON LotTake[]): a return gives exactly that back. */
      takes: { type: "string", default: "[]" },
      /** On a chargeback record: the exchange it returned; on a charged-back one: its chargeback. */
      relatedId: { type: "number", default: 0 },
    },
    indexes: {
      byId: { scope: "rciExchange", pk: { field: "pk", composite: ["tenantId"] }, sk: { field: "sk", composite: ["id"] } },
      byClient: { scope: "rciExchange", index: "gsi1", pk: { field: "gsi1pk", composite: ["tenantId", "clientId"] }, sk: { field: "gsi1sk", composite: ["id"] } },
    },
  },
  entityConfig(),
);

export type GiftWeekItem = import("electrodb").EntityItem<typeof GiftWeek>;
export type RciExchangeItem = import("electrodb").EntityItem<typeof RciExchange>;
