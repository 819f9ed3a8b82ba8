import { Entity } from "electrodb";
import { SERVICE, entityConfig, idAttribute } from "../kernel/entity.ts";

/**
 * Goods (appointments, goods, virtual goods), their specifications with stock, goods orders and the
 * goods jobs queue (unpaid orders to close, refunds to settle). Docs: docs/goods.md.
 */
const str = { type: "string", default: "" } as const;
const num = { type: "number", default: 0 } as const;

/** A catalogue item. Amounts are fen; `price` below 0 means "unquoted" (R404). */
export const Goods = new Entity(
  {
    model: { entity: "goods", version: "1", service: SERVICE },
    attributes: {
      tenantId: { type: "string", required: true },
      id: idAttribute,
      goodsType: { type: "string", required: true },
      /** The organisation code of the goods class (orgType goodsclass, docs/gaps.md §9): a sub-class. */
      goodsClass: { type: "string", required: true },
      goodsClassName: str,
      goodsName: { type: "string", required: true },
      pictureTitle: str,
      /** JSON list of picture URLs (4:3). */
      atlas: { type: "string", default: "[]" },
      province: num,
      city: num,
      area: num,
      address: str,
      lat: str,
      lng: str,
      /** One guarantee per line, at most 4 (R401). */
      serviceGuarantee: str,
      content: str,
      price: num,
      /** The stock of every spec added up, written by the spec save (the list's column). */
      goodsCount: num,
      specCount: num,
      status: num,
      /** Padded so the sort index orders it as a number (R403: lower first). */
      sortOrder: { type: "number", default: 9999999, padding: { length: 10, char: "0" } },
      createTime: str,
    },
    indexes: {
      byId: { scope: "goods", pk: { field: "pk", composite: ["tenantId"] }, sk: { field: "sk", composite: ["id"] } },
      bySort: { scope: "goods", index: "gsi1", pk: { field: "gsi1pk", composite: ["tenantId"] }, sk: { field: "gsi1sk", composite: ["sortOrder", "id"] } },
    },
  },
  entityConfig(),
);

/**
 * A specification: a variant (general editor) or a date-and-slot (appointment editor). Stock is
 * `goodsCount`; `sold` is what orders hold; `left` = goodsCount − sold is what an order's
 * conditional write takes from (DynamoDB conditions cannot add, so the difference is kept).
 * `orderCount` never goes down: a spec that ever had an order is never deleted.
 */
export const GoodsSpec = new Entity(
  {
    model: { entity: "goodsSpec", version: "1", service: SERVICE },
    attributes: {
      tenantId: { type: "string", required: true },
      goodsId: { type: "number", required: true },
      id: idAttribute,
      specName: str,
      startTime: str,
      endTime: str,
      imageUrl: str,
      specUnit: str,
      marketPrice: num,
      price: num,
      goodsCount: num,
      sold: num,
      left: num,
      orderCount: num,
      idisplay: { type: "number", default: 1 },
    },
    indexes: {
      byGoods: { scope: "goodsSpec", pk: { field: "pk", composite: ["tenantId", "goodsId"] }, sk: { field: "sk", composite: ["id"] } },
    },
  },
  entityConfig(),
);

/**
 * A member's order of one spec. Listed by type and status (gsi1, the status filter), by type
 * (gsi2) and by member (gsi3); each list's total is a counter moved in the same transaction.
 */
export const GoodsOrder = new Entity(
  {
    model: { entity: "goodsOrder", version: "1", service: SERVICE },
    attributes: {
      tenantId: { type: "string", required: true },
      id: idAttribute,
      orderNo: { type: "string", required: true },
      goodsId: { type: "number", required: true },
      goodsType: { type: "string", required: true },
      goodsName: str,
      goodsPicture: str,
      specId: { type: "number", required: true },
      specName: str,
      startTime: str,
      endTime: str,
      buyCount: { type: "number", required: true },
      unitPrice: num,
      /** Total to pay, fen. */
      price: num,
      mobileUserId: { type: "number", required: true },
      userId: str,
      clientId: num,
      realname: str,
      mobile: str,
      status: { type: "number", required: true },
      orderTime: str,
      payDeadline: str,
      payTime: str,
      outTradeNo: str,
      tradeNo: str,
      remark: str,
      handleResult: str,
      handleUser: str,
      handleTime: str,
      completeTime: str,
      cancelTime: str,
      refundReason: str,
      refundJson: str,
    },
    indexes: {
      byId: { scope: "goodsOrder", pk: { field: "pk", composite: ["tenantId"] }, sk: { field: "sk", composite: ["id"] } },
      byStatus: { scope: "goodsOrder", index: "gsi1", pk: { field: "gsi1pk", composite: ["tenantId", "goodsType", "status"] }, sk: { field: "gsi1sk", composite: ["id"] } },
      byType: { scope: "goodsOrder", index: "gsi2", pk: { field: "gsi2pk", composite: ["tenantId", "goodsType"] }, sk: { field: "gsi2sk", composite: ["id"] } },
      byMember: { scope: "goodsOrder", index: "gsi3", pk: { field: "gsi3pk", composite: ["tenantId", "mobileUserId"] }, sk: { field: "gsi3sk", composite: ["id"] } },
    },
  },
  entityConfig(),
);

/**
 * The goods job queue: an unpaid order's payment deadline (queue "goodsExpire", written with the
 * order) and a refund asked of the provider (queue "goodsRefund"), each sharded by tenant: `queue`
 * is the shard's partition, `goodsExpire#<nn>` (kernel/queue.ts `queueOf`). The `goodsExpire` job
 * reads what has fallen due across tenants, shard by shard.
 */
export const GoodsJob = new Entity(
  {
    model: { entity: "goodsJob", version: "1", service: SERVICE },
    attributes: {
      queue: { type: "string", required: true },
      dueAt: { type: "string", required: true },
      tenantId: { type: "string", required: true },
      orderId: { type: "number", required: true },
      refundId: str,
      amountFen: num,
      outTradeNo: str,
    },
    indexes: {
      byDue: { pk: { field: "pk", composite: ["queue"] }, sk: { field: "sk", composite: ["dueAt", "tenantId", "orderId"] } },
    },
  },
  entityConfig(),
);

export type GoodsItem = import("electrodb").EntityItem<typeof Goods>;
export type GoodsSpecItem = import("electrodb").EntityItem<typeof GoodsSpec>;
export type GoodsOrderItem = import("electrodb").EntityItem<typeof GoodsOrder>;
