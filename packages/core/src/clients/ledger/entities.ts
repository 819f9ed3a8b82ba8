import { Entity } from "electrodb";
import { SERVICE, entityConfig, idAttribute } from "../../kernel/entity.ts";

/**
 * The membership ledger: what a client holds of each product type, in weeks and nights.
 *
 * A week is 5 weekday nights and 2 weekend nights (R169). Whole weeks stay whole until nights are
 * taken from one: that breaks it, and its nights not taken stay loose in the lot. The "Halt"
 * counts (the contract's spelling) hold nights: remainingFirst/SecondHaltCount = loose weekday /
 * weekend nights, usedFirst/SecondHaltCount = weekday / weekend nights used. Per lot and in the summary:
 *   storeCount = remainingCount + usedCount + broken weeks,
 *   5 × broken = usedFirstHaltCount + remainingFirstHaltCount, 2 × broken = usedSecondHaltCount + remainingSecondHaltCount.
 */
const counts = {
  storeCount: { type: "number", default: 0 },
  usedCount: { type: "number", default: 0 },
  usedFirstHaltCount: { type: "number", default: 0 },
  usedSecondHaltCount: { type: "number", default: 0 },
  remainingCount: { type: "number", default: 0 },
  remainingFirstHaltCount: { type: "number", default: 0 },
  remainingSecondHaltCount: { type: "number", default: 0 },
} as const;

/** The summary per client and product type (membershiptotallist), with its accounts. */
export const MembershipAccount = new Entity(
  {
    model: { entity: "membershipAccount", version: "1", service: SERVICE },
    attributes: {
      tenantId: { type: "string", required: true },
      clientId: idAttribute,
      productTypeId: idAttribute,
      ...counts,
      /** Weeks handed to the exchange network (RCI). */
      rciStoreCount: { type: "number", default: 0 },
      account: { type: "string", default: "" },
      /** AES-256-GCM sealed (clients/secretBox.ts); "" when never set. */
      password: { type: "string", default: "" },
      rciId: { type: "string", default: "" },
      rciAccount: { type: "string", default: "" },
      rciPassword: { type: "string", default: "" },
      updateTime: { type: "string", default: "" },
    },
    indexes: {
      byClient: { scope: "membership", pk: { field: "pk", composite: ["tenantId", "clientId"] }, sk: { field: "sk", composite: ["productTypeId"] } },
    },
  },
  entityConfig(),
);

/** One purchase (or gift) of weeks: its own balance and expiry (membershiplist detail rows). */
export const MembershipLot = new Entity(
  {
    model: { entity: "membershipLot", version: "1", service: SERVICE },
    attributes: {
      tenantId: { type: "string", required: true },
      clientId: idAttribute,
      productTypeId: idAttribute,
      id: idAttribute,
      productId: { type: "number", default: 0 },
      productName: { type: "string", default: "" },
      shipUnit: { type: "string", default: "" },
      ...counts,
      /** Expiry, `YYYY-MM-DD HH:mm:ss` Shanghai: an expired lot is never deducted from. */
      shipDuration: { type: "string", required: true },
      amount: { type: "number", default: 0 },
      payAmount: { type: "number", default: 0 },
      isInstallment: { type: "number", default: 0 },
      firstPayAmount: { type: "number", default: 0 },
      finalPayAmount: { type: "number", default: 0 },
      remark: { type: "string", default: "" },
      /** What added the weeks (purchase, gift, seed …) and its id, for tracing. */
      source: { type: "string", default: "" },
      sourceId: { type: "string", default: "" },
      createTime: { type: "string", default: "" },
    },
    indexes: {
      byClient: { scope: "membership", pk: { field: "pk", composite: ["tenantId", "clientId"] }, sk: { field: "sk", composite: ["productTypeId", "id"] } },
      byId: { scope: "membershipLot", index: "gsi1", pk: { field: "gsi1pk", composite: ["tenantId"] }, sk: { field: "gsi1sk", composite: ["id"] } },
    },
  },
  entityConfig(),
);

export type MembershipAccountItem = import("electrodb").EntityItem<typeof MembershipAccount>;
export type MembershipLotItem = import("electrodb").EntityItem<typeof MembershipLot>;

/**
 * One change of a client's stored weeks (the balance history): written in the same transaction as
 * the change, so "where did my weeks go?" has an answer for every move. It keeps the change itself
 * (deltas), not the balances: a write that ADDs cannot know the balance it lands on without
 * serialising every booking of the client, so before/after are worked out when the history is read,
 * backwards from the current summary (clients/ledger/history.ts).
 */
export const MembershipEntry = new Entity(
  {
    model: { entity: "membershipEntry", version: "1", service: SERVICE },
    attributes: {
      tenantId: { type: "string", required: true },
      clientId: idAttribute,
      /** Time-ordered and unique: `<epoch ms, 15 digits>-<random>` (written by synchronous item builders, so no counter). */
      at: { type: "string", required: true },
      productTypeId: { type: "number", required: true },
      /** add | deduct | restore | expiry */
      kind: { type: "string", required: true },
      /** Why, in Chinese (赠送周次审核通过, RCI交换, 订房扣减 …). */
      reason: { type: "string", default: "" },
      /** The record that caused it (giftWeek, rciExchange, order, voucherExchange …) and its id. */
      source: { type: "string", default: "" },
      sourceId: { type: "string", default: "" },
      lotIds: { type: "string", default: "" },
      /** Who did it (the staff member's name), "" for the system. */
      operator: { type: "string", default: "" },
      time: { type: "string", default: "" },
      dStore: { type: "number", default: 0 },
      dRemaining: { type: "number", default: 0 },
      dFirst: { type: "number", default: 0 },
      dSecond: { type: "number", default: 0 },
      dRci: { type: "number", default: 0 },
      /** Free text for changes that are not counts (an expiry moved: "旧 → 新"). */
      detail: { type: "string", default: "" },
    },
    indexes: {
      byClient: { scope: "membershipEntry", pk: { field: "pk", composite: ["tenantId", "clientId"] }, sk: { field: "sk", composite: ["at"] } },
    },
  },
  entityConfig(),
);
export type MembershipEntryItem = import("electrodb").EntityItem<typeof MembershipEntry>;
