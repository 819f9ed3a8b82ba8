import { Entity } from "electrodb";
import { SERVICE, entityConfig, idAttribute } from "../kernel/entity.ts";

/**
 * Products, product types and price orders. Every index is scoped (ElectroDB `scope`): its partition
 * holds only its own entity, so a list never walks past a tenant's other items.
 */

/** A product type (会员周次, 体验产品 …): its unit and which membership features it carries. */
export const ProductType = /* @__PURE__ */ new Entity(
  {
    model: { entity: "productType", version: "1", service: SERVICE },
    attributes: {
      tenantId: { type: "string", required: true },
      id: idAttribute,
      typeName: { type: "string", required: true },
      contractType: { type: "string", required: true },
      productUnit: { type: "string", required: true },
      hasAccount: { type: "number", default: 0 },
      hasRci: { type: "number", default: 0 },
      hasMemberLevel: { type: "number", default: 0 },
      /** Products of this type; a type in use cannot be deleted (R363). */
      productCount: { type: "number", default: 0 },
      /** 1 = built in, never deletable. */
      locked: { type: "number", default: 0 },
      createTime: { type: "string", default: "" },
    },
    indexes: {
      byId: { scope: "productType", pk: { field: "pk", composite: ["tenantId"] }, sk: { field: "sk", composite: ["id"] } },
    },
  },
  /* @__PURE__ */ entityConfig(),
);

/**
 * A product sold to clients. Amounts are fen; the three split fields (profitsharingAmount,
 * agentAmount, channelAmount) are percentages despite their names (R357). `shop` is an organisation
 * code, or "0" for every shop (docs/gaps.md §9).
 */
export const Product = /* @__PURE__ */ new Entity(
  {
    model: { entity: "product", version: "1", service: SERVICE },
    attributes: {
      tenantId: { type: "string", required: true },
      id: idAttribute,
      productType: { type: "number", required: true },
      productName: { type: "string", required: true },
      contractType: { type: "string", default: "" },
      duration: { type: "number", default: 0 },
      proCount: { type: "number", default: 0 },
      amount: { type: "number", required: true },
      groupAmount: { type: "number", default: 0 },
      profitsharingAmount: { type: "number", default: 0 },
      agentAmount: { type: "number", default: 0 },
      channelAmount: { type: "number", default: 0 },
      content: { type: "string", default: "" },
      idisplay: { type: "number", default: 1 },
      onlineSales: { type: "number", default: 0 },
      picJson: { type: "string", default: "[]" },
      shop: { type: "string", required: true },
      createTime: { type: "string", default: "" },
    },
    indexes: {
      byId: { scope: "product", pk: { field: "pk", composite: ["tenantId"] }, sk: { field: "sk", composite: ["id"] } },
      byType: { index: "gsi1", pk: { field: "gsi1pk", composite: ["tenantId", "productType"] }, sk: { field: "gsi1sk", composite: ["id"] } },
    },
  },
  /* @__PURE__ */ entityConfig(),
);

/**
 * A per-client price of a product (product price modification, R365–R368), which is also the
 * membership purchase order (/order/productlist, docs/gaps.md §3): status 0 waits for the client to pay,
 * 1 = bought (set by the payment, never by the console) and then undeletable (R370).
 */
export const PriceOrder = /* @__PURE__ */ new Entity(
  {
    model: { entity: "priceOrder", version: "1", service: SERVICE },
    attributes: {
      tenantId: { type: "string", required: true },
      id: idAttribute,
      orderId: { type: "string", required: true },
      clientId: { type: "number", required: true },
      clientName: { type: "string", default: "" },
      mobile: { type: "string", default: "" },
      productId: { type: "number", required: true },
      productName: { type: "string", default: "" },
      productType: { type: "number", default: 0 },
      duration: { type: "number", default: 0 },
      proCount: { type: "number", default: 0 },
      amount: { type: "number", default: 0 },
      groupAmount: { type: "number", default: 0 },
      payAmount: { type: "number", required: true },
      remark: { type: "string", default: "" },
      shop: { type: "string", default: "" },
      contractType: { type: "string", default: "" },
      status: { type: "number", default: 0 },
      createUser: { type: "string", default: "" },
      createTime: { type: "string", default: "" },
      buyTime: { type: "string", default: "" },
    },
    indexes: {
      byId: { scope: "priceOrder", pk: { field: "pk", composite: ["tenantId"] }, sk: { field: "sk", composite: ["id"] } },
      byClient: { scope: "priceOrder", index: "gsi1", pk: { field: "gsi1pk", composite: ["tenantId", "clientId"] }, sk: { field: "gsi1sk", composite: ["id"] } },
    },
  },
  /* @__PURE__ */ entityConfig(),
);

export type ProductTypeItem = import("electrodb").EntityItem<typeof ProductType>;
export type ProductItem = import("electrodb").EntityItem<typeof Product>;
export type PriceOrderItem = import("electrodb").EntityItem<typeof PriceOrder>;
