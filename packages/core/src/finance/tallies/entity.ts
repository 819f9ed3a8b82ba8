import { Entity } from "electrodb";
import { SERVICE, entityConfig } from "../../kernel/entity.ts";

const fen = { type: "number", default: 0 } as const;

/**
 * Money taken per tenant, month and split object, moved (DynamoDB ADD) in the very transaction
 * that writes a payment or a refund, so the month job reads a month's totals from a few hundred
 * small items instead of a month of orders. One partition per tenant and month ("2026-11");
 * the sort key is the dimension (store / agent / channel), the object (a store's code, an agent's
 * or channel's name, "" when the payment had none) and a shard: every payment of a store adds to
 * one of SHARDS items chosen at random, so concurrent payments rarely write the same item (two
 * transactions on one item cancel each other). Readers add the shards up.
 */
export const MonthTally = new Entity(
  {
    model: { entity: "monthTally", version: "1", service: SERVICE },
    attributes: {
      tenantId: { type: "string", required: true },
      month: { type: "string", required: true },
      dim: { type: "string", required: true },
      object: { type: "string", required: true },
      shard: { type: "number", required: true },
      /** Hotel orders paid in money (discount hotels), less refunds. */
      discountFen: fen,
      /** Membership purchases paid in the showroom (passed the three reviews). */
      offlineFen: fen,
      /** Products paid through the payment provider: room-voucher and membership purchase orders (goods orders when they exist). */
      onlineFen: fen,
      /** Payments minus refunds counted. */
      n: fen,
    },
    indexes: {
      byMonth: { scope: "monthTally", pk: { field: "pk", composite: ["tenantId", "month"] }, sk: { field: "sk", composite: ["dim", "object", "shard"] } },
    },
  },
  entityConfig(),
);
export type MonthTallyItem = import("electrodb").EntityItem<typeof MonthTally>;
