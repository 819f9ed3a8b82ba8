import { Entity, type EntityItem } from "electrodb";
import { SERVICE, entityConfig, idAttribute } from "../kernel/entity.ts";

/**
 * Hotel orders, their proxy (reservation-service) records, follow-up calls, list tallies and the
 * payment port's queues (refunds, payment deadlines).
 *
 * Lists are Queries on partitions that hold exactly their rows, newest first (orders/list.ts):
 * the whole tenant (byId), and per order category (`checkinType`, the menu's lanes) by shop, by
 * shop and status, by status. A list over every category merges the category partitions.
 */
const str = { type: "string", default: "" } as const;
const num = { type: "number", default: 0 } as const;

export const HotelOrder = /* @__PURE__ */ new Entity(
  {
    model: { entity: "hotelOrder", version: "1", service: SERVICE },
    attributes: {
      tenantId: { type: "string", required: true },
      id: idAttribute,
      /** club, rci, discount, product (R148). */
      checkinType: { type: "string", required: true },
      orderName: str,
      picJson: str,
      status: { type: "number", required: true },
      /** 1 money, 2 weeks, 3 points (R149). */
      payType: { type: "number", required: true },
      /** What the client pays, fen (after vouchers). */
      priceFen: num,
      fullPriceFen: num,
      discountFen: num,
      /** Stored weeks: whole weeks and the weekday / weekend nights beyond them (the payload's weekCount, weekstartCount, weekendCount). */
      deductionWeeks: num,
      weekstartCount: num,
      weekendCount: num,
      /** Weekday / weekend room-nights deducted from stored weeks (R150). */
      deductionWeeksFristHalt: num,
      deductionWeeksSecondHalt: num,
      /** The membership the weeks came from and exactly what the ledger took (JSON LotTake[]), to give back. */
      productTypeId: num,
      weekTakes: str,
      /** Vouchers: the classes asked for (JSON), the experience batch, what the voucher ledger took (JSON). */
      ticketClassCountJson: str,
      ticketClass1Count: str,
      voucherTakes: str,
      ticketCount: num,
      hotelId: { type: "number", required: true },
      hotelName: str,
      hotelType: num,
      roomId: { type: "number", required: true },
      roomName: str,
      checkinRoomCount: { type: "number", required: true },
      checkinDays: { type: "number", required: true },
      checkinStartdate: { type: "string", required: true },
      checkinEnddate: { type: "string", required: true },
      /** The nights held, JSON [{date, kind}] — what a release gives back. */
      nightsJson: str,
      /** 1 while the booking holds its rooms, weeks and vouchers. */
      holding: num,
      clientId: { type: "number", required: true },
      clientName: str,
      clientMobile: str,
      globalId: str,
      /** The client's shop: the store filter and the department limit. */
      shop: { type: "string", required: true },
      /** The paying client's agent and channel when the order was paid (finance/tallies payerOf): its refund is counted for the same ones. */
      payerAgent: str,
      payerChannel: str,
      checkInClientJson: str,
      remark: str,
      bookingRemark: str,
      bookingTime: str,
      orderTime: str,
      payTime: str,
      outTradeNo: str,
      /** The provider's trade number of the online payment (orders/memberPay.ts). */
      tradeNo: str,
      /** When an order awaiting payment (3) is closed unpaid (create.ts; the PayDeadline queue). */
      payDeadline: str,
      handleResult: str,
      handleTime: str,
      handleUser: str,
      cancelTime: str,
      completeTime: str,
      refundTime: str,
      refundReason: str,
      refundHandleTime: str,
      refundHandleResult: str,
      /** 1 when staff cancelled on the client's behalf: the refund can only be approved (R139). */
      proxyCancel: num,
      /** refundDetail as JSON: {id, refundPrice (cents), reason, status (1 done, 2 failed, else in progress), refundTime}. */
      refundJson: str,
      /** The reservation-service record of a proxy order (0 = placed by the client). */
      rsId: num,
      createUser: num,
      createUserName: str,
      /** 1 when the order has its creator's key (OrderOwner): orders placed before creator keys have none. */
      ownerKey: num,
      createTime: { type: "string", required: true },
      rev: num,
    },
    indexes: {
      byId: { scope: "hotelOrder", pk: { field: "pk", composite: ["tenantId"] }, sk: { field: "sk", composite: ["id"] } },
      byShop: { scope: "hotelOrder", index: "gsi1", pk: { field: "gsi1pk", composite: ["tenantId", "checkinType", "shop"] }, sk: { field: "gsi1sk", composite: ["id"] } },
      byShopStatus: {
        scope: "hotelOrder",
        index: "gsi2",
        pk: { field: "gsi2pk", composite: ["tenantId", "checkinType", "shop", "status"] },
        sk: { field: "gsi2sk", composite: ["id"] },
      },
      byStatus: { scope: "hotelOrder", index: "gsi3", pk: { field: "gsi3pk", composite: ["tenantId", "checkinType", "status"] }, sk: { field: "gsi3sk", composite: ["id"] } },
    },
  },
  /* @__PURE__ */ entityConfig(),
);
export type HotelOrderItem = EntityItem<typeof HotelOrder>;

/**
 * The reservation-service record of an order staff placed for a client (the proxy order list).
 * It carries the list's columns; its status moves with the order's in the same transaction.
 */
export const ProxyOrder = /* @__PURE__ */ new Entity(
  {
    model: { entity: "proxyOrder", version: "1", service: SERVICE },
    attributes: {
      tenantId: { type: "string", required: true },
      id: idAttribute,
      orderId: { type: "number", required: true },
      shop: { type: "string", required: true },
      status: { type: "number", required: true },
      checkinType: str,
      orderName: str,
      clientName: str,
      bookingTime: str,
      payType: num,
      ticketCount: num,
      checkinRoomCount: num,
      checkinDays: num,
      checkinStartdate: str,
      checkinEnddate: str,
      deductionWeeks: num,
      deductionWeeksFristHalt: num,
      deductionWeeksSecondHalt: num,
      priceFen: num,
      createUser: num,
      createUserName: str,
      createTime: str,
    },
    indexes: {
      byId: { scope: "proxyOrder", pk: { field: "pk", composite: ["tenantId"] }, sk: { field: "sk", composite: ["id"] } },
      byShop: { scope: "proxyOrder", index: "gsi1", pk: { field: "gsi1pk", composite: ["tenantId", "shop"] }, sk: { field: "gsi1sk", composite: ["id"] } },
      byShopStatus: { scope: "proxyOrder", index: "gsi2", pk: { field: "gsi2pk", composite: ["tenantId", "shop", "status"] }, sk: { field: "gsi2sk", composite: ["id"] } },
      byStatus: { scope: "proxyOrder", index: "gsi3", pk: { field: "gsi3pk", composite: ["tenantId", "status"] }, sk: { field: "gsi3sk", composite: ["id"] } },
    },
  },
  /* @__PURE__ */ entityConfig(),
);
export type ProxyOrderItem = EntityItem<typeof ProxyOrder>;

/**
 * The creator's key of an order ("only self", docs/decisions.md "Data scope"): one item per order
 * placed by staff, in the creator's partition sorted by id, with what the lists filter on (category,
 * shop, status, proxy record). Written, moved and removed in the order's transaction (records.ts),
 * beside the creator's totals (`order#owner#<userId>`, `proxy#owner#<userId>`).
 */
export const OrderOwner = /* @__PURE__ */ new Entity(
  {
    model: { entity: "orderOwner", version: "1", service: SERVICE },
    attributes: {
      tenantId: { type: "string", required: true },
      createUser: { type: "number", required: true },
      id: idAttribute,
      checkinType: { type: "string", required: true },
      shop: { type: "string", required: true },
      status: { type: "number", required: true },
      rsId: num,
    },
    indexes: {
      byOwner: { scope: "orderOwner", pk: { field: "pk", composite: ["tenantId", "createUser"] }, sk: { field: "sk", composite: ["id"] } },
    },
  },
  /* @__PURE__ */ entityConfig(),
);
export type OrderOwnerItem = EntityItem<typeof OrderOwner>;

/** A phone follow-up call on an order (R153: 1 completed, 2 not connected, 3 refused). */
export const OrderFollowup = /* @__PURE__ */ new Entity(
  {
    model: { entity: "orderFollowup", version: "1", service: SERVICE },
    attributes: {
      tenantId: { type: "string", required: true },
      orderId: { type: "number", required: true },
      id: idAttribute,
      status: { type: "number", required: true },
      content: str,
      followupTime: { type: "string", required: true },
      userName: str,
    },
    indexes: {
      byOrder: { scope: "orderFollowup", pk: { field: "pk", composite: ["tenantId", "orderId"] }, sk: { field: "sk", composite: ["id"] } },
    },
  },
  /* @__PURE__ */ entityConfig(),
);

/**
 * List totals: one small item per list (order / proxy) × category × shop × status, moved in the
 * transaction that moves an order. A filter's total is the sum of the tallies it covers.
 */
export const OrderTally = /* @__PURE__ */ new Entity(
  {
    model: { entity: "orderTally", version: "1", service: SERVICE },
    attributes: {
      tenantId: { type: "string", required: true },
      list: { type: "string", required: true },
      checkinType: { type: "string", required: true },
      shop: { type: "string", required: true },
      status: { type: "number", required: true },
      n: num,
      /** Moved by one with every change of n, and when (epoch ms): the version of the lists over this partition (list.ts). */
      moves: num,
      changedAt: num,
    },
    indexes: {
      byList: { scope: "orderTally", pk: { field: "pk", composite: ["tenantId", "list"] }, sk: { field: "sk", composite: ["checkinType", "shop", "status"] } },
    },
  },
  /* @__PURE__ */ entityConfig(),
);

/**
 * The payment port's queue of refunds waiting for the provider (the local sandbox settles them
 * in a scheduled job). Sharded by tenant (`queue` = `refunds#<nn>`, kernel/queue.ts `queueOf`), each
 * shard sorted by when its items fall due; each item is deleted when settled, so the job reads only
 * what is pending.
 */
export const RefundJob = /* @__PURE__ */ new Entity(
  {
    model: { entity: "refundJob", version: "1", service: SERVICE },
    attributes: {
      queue: { type: "string", required: true },
      dueAt: { type: "string", required: true },
      tenantId: { type: "string", required: true },
      orderId: { type: "number", required: true },
      refundId: { type: "string", required: true },
      amountFen: { type: "number", required: true },
      outTradeNo: str,
    },
    indexes: {
      byDue: { pk: { field: "pk", composite: ["queue"] }, sk: { field: "sk", composite: ["dueAt", "tenantId", "orderId"] } },
    },
  },
  /* @__PURE__ */ entityConfig(),
);

/**
 * The payment deadlines of orders awaiting payment (status 3: a member's order that owes money),
 * written with the order: sharded by tenant and sorted by when they fall due, like the refund
 * queue (`queue` = `payDeadlines#<nn>`). The orders' payment job (`refundSettle`, memberExpiry.ts) closes an order still
 * unpaid at its deadline and deletes the item; an item whose order was paid or cancelled meanwhile
 * is dropped.
 */
export const PAY_DEADLINES = "payDeadlines";
export const PayDeadline = /* @__PURE__ */ new Entity(
  {
    model: { entity: "payDeadline", version: "1", service: SERVICE },
    attributes: {
      queue: { type: "string", required: true },
      dueAt: { type: "string", required: true },
      tenantId: { type: "string", required: true },
      orderId: { type: "number", required: true },
    },
    indexes: {
      byDue: { pk: { field: "pk", composite: ["queue"] }, sk: { field: "sk", composite: ["dueAt", "tenantId", "orderId"] } },
    },
  },
  /* @__PURE__ */ entityConfig(),
);

/**
 * The order's own history (the detail panel's timeline): one item per move, written in the same
 * transaction as the move, so it says exactly what happened (approve or reject, by whom, when).
 * The general operation log records routes but never bodies, so it cannot tell them apart.
 */
export const OrderEvent = /* @__PURE__ */ new Entity(
  {
    model: { entity: "orderEvent", version: "1", service: SERVICE },
    attributes: {
      tenantId: { type: "string", required: true },
      orderId: { type: "number", required: true },
      /** Milliseconds since the epoch, padded, then a random suffix: sorts by time, never collides. */
      at: { type: "string", required: true },
      time: { type: "string", required: true },
      action: { type: "string", required: true },
      fromStatus: num,
      toStatus: num,
      userId: num,
      userName: str,
      note: str,
    },
    indexes: {
      byOrder: { scope: "orderEvent", pk: { field: "pk", composite: ["tenantId", "orderId"] }, sk: { field: "sk", composite: ["at"] } },
    },
  },
  /* @__PURE__ */ entityConfig(),
);
