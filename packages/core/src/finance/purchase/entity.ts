import { Entity } from "electrodb";
import { SERVICE, entityConfig, idAttribute, clientRefAttributes } from "../../kernel/entity.ts";

/**
 * A membership purchase made in the showroom (the spec's `buyInfo`): created by saving a work
 * order with isBuy = 1, then reviewed by the cashier, the finance manager and member service
 * (status 1 → 2 → 3 → 4, or 5 failed). Passing the last stage credits the product's weeks to the
 * client's membership. Money is integer fen. See docs/workorders.md and docs/reviews.md.
 *
 * Indexes: by id in the tenant's partition (newest first); gsi1 by stage (the three review lists
 * of a whole-tenant reviewer); gsi2 by client; gsi3 by store and stage (a store-level reviewer's list).
 */
export const Purchase = new Entity(
  {
    model: { entity: "purchase", version: "1", service: SERVICE },
    attributes: {
      tenantId: { type: "string", required: true },
      id: idAttribute,
      /** The work order that created it (one live purchase per work order). */
      workOrderId: { type: "number", required: true },
      ...clientRefAttributes,
      saleUser: { type: "string", default: "" },
      productId: { type: "number", required: true },
      productName: { type: "string", default: "" },
      /** The product type the weeks are stored under on the membership. */
      productTypeId: { type: "number", default: 0 },
      contractType: { type: "string", default: "" },
      /** Years the weeks are valid from the day the last review passes. */
      duration: { type: "number", default: 0 },
      /** Weeks bought. */
      proCount: { type: "number", default: 0 },
      productUnit: { type: "string", default: "" },
      giftCount: { type: "number", default: 0 },
      givingGifts: { type: "string", default: "" },
      amount: { type: "number", default: 0 },
      payAmount: { type: "number", default: 0 },
      payType: { type: "string", default: "" },
      /** 1 in instalments: firstPayAmount now, finalPayAmount later (R266: cannot pass unpaid). */
      isInstallment: { type: "number", default: 0 },
      firstPayAmount: { type: "number", default: 0 },
      firstPayTime: { type: "string", default: "" },
      finalPayAmount: { type: "number", default: 0 },
      finalPayTime: { type: "string", default: "" },
      remark: { type: "string", default: "" },
      /** PURCHASE_STATUS. */
      status: { type: "number", required: true },
      /** The failing reviewer's reason (notPassReason). */
      reason: { type: "string", default: "" },
      cashier: { type: "string", default: "" },
      cashierTime: { type: "string", default: "" },
      financeStaff: { type: "string", default: "" },
      financeTime: { type: "string", default: "" },
      msStaff: { type: "string", default: "" },
      msTime: { type: "string", default: "" },
      /** The membership lot the last stage's pass credited (0 until then): the weeks are credited once. */
      lotId: { type: "number", default: 0 },
      /** The member level the client held after that pass (derived, docs/gaps.md §5). */
      memberLevel: { type: "string", default: "" },
      createUser: { type: "string", default: "" },
      createTime: { type: "string", default: "" },
    },
    indexes: {
      byId: { scope: "purchase", pk: { field: "pk", composite: ["tenantId"] }, sk: { field: "sk", composite: ["id"] } },
      byStage: { scope: "purchase", index: "gsi1", pk: { field: "gsi1pk", composite: ["tenantId", "status"] }, sk: { field: "gsi1sk", composite: ["id"] } },
      byClient: { scope: "purchase", index: "gsi2", pk: { field: "gsi2pk", composite: ["tenantId", "clientId"] }, sk: { field: "gsi2sk", composite: ["id"] } },
      byShopStage: { scope: "purchase", index: "gsi3", pk: { field: "gsi3pk", composite: ["tenantId", "shop", "status"] }, sk: { field: "gsi3sk", composite: ["id"] } },
    },
  },
  entityConfig(),
);

export type PurchaseItem = import("electrodb").EntityItem<typeof Purchase>;
