import { Entity } from "electrodb";
import { SERVICE, entityConfig, idAttribute } from "../../kernel/entity.ts";

/**
 * A profit-sharing record: what one receiver (group, agent or channel — `accountType`, R258) gets
 * out of one paid order, as submitted to the payment provider. Amount in fen (the contract's
 * cents, R259). Status 0 waiting, 1 success, 2 in progress, 3 failed (R253). `attempt` counts
 * submissions: an answer names the attempt it answers, so a late or repeated answer of an earlier
 * attempt changes nothing.
 */
export const ProfitShare = new Entity(
  {
    model: { entity: "profitShare", version: "1", service: SERVICE },
    attributes: {
      tenantId: { type: "string", required: true },
      id: idAttribute,
      /** The paid order's number (our out-trade number, CP…). */
      orderId: { type: "string", required: true },
      orderName: { type: "string", default: "" },
      shop: { type: "string", default: "" },
      /** The AppId the payment was made under: the tenant's client id (the appId header). */
      appId: { type: "string", default: "" },
      payAmount: { type: "number", default: 0 },
      accountType: { type: "string", required: true },
      accountName: { type: "string", default: "" },
      account: { type: "string", default: "" },
      profitsharingAmount: { type: "number", default: 0 },
      status: { type: "number", default: 0 },
      attempt: { type: "number", default: 1 },
      failReason: { type: "string", default: "" },
      createTime: { type: "string", default: "" },
      updateTime: { type: "string", default: "" },
    },
    indexes: {
      byId: { scope: "profitShare", pk: { field: "pk", composite: ["tenantId"] }, sk: { field: "sk", composite: ["id"] } },
    },
  },
  entityConfig(),
);

/**
 * The profit-sharing port's work queue (sharded by tenant: `queue` = `profitSharing#<nn>`,
 * kernel/queue.ts `queueOf`; each shard sorted by when its items fall due; deleted when done): `submit` sends a record to the provider, `answer` is the sandbox provider's
 * asynchronous result. The job `profitSharing` works it.
 */
export const ProfitShareJob = new Entity(
  {
    model: { entity: "profitShareJob", version: "1", service: SERVICE },
    attributes: {
      queue: { type: "string", required: true },
      dueAt: { type: "string", required: true },
      tenantId: { type: "string", required: true },
      recordId: { type: "number", required: true },
      attempt: { type: "number", required: true },
      kind: { type: "string", required: true },
    },
    indexes: {
      byDue: { pk: { field: "pk", composite: ["queue"] }, sk: { field: "sk", composite: ["dueAt", "tenantId", "recordId", "attempt", "kind"] } },
    },
  },
  entityConfig(),
);

export type ProfitShareItem = import("electrodb").EntityItem<typeof ProfitShare>;
export type ProfitShareJobItem = import("electrodb").EntityItem<typeof ProfitShareJob>;
