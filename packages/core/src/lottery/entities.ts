import { Entity, type EntityItem } from "electrodb";
import { SERVICE, entityConfig, idAttribute } from "../kernel/entity.ts";

/**
 * Lotteries (spec 002 "Lottery"; docs/lottery.md). Every key starts with the tenant; each index is
 * scoped so a partition holds one entity.
 *
 * - Lottery: the activity (newest first by id); its rich text lives in LotteryText, so lists never read it.
 * - LotteryPrize: the prizes of one activity (one Query per draw): what staff configure, and how many
 *   of its stock slices still hold stock (`openSlices`).
 * - LotteryStock: a prize's stock slices (STOCK_SLICES per prize): `won` and its `cap`, moved by the draw
 *   with a conditional update on one slice, so concurrent draws spread over several items (stock.ts).
 * - LotteryEntrant: one member's draws in one activity (the per-person limit's condition).
 * - LotteryTally: the activity's participants (the participant limit's condition), moved only by a member's first draw.
 * - LotteryRecord: one draw (every draw is recorded, "no prize" included), by id, per activity and per member.
 */
const counted = { type: "number", required: true } as const;

export const Lottery = new Entity(
  {
    model: { entity: "lottery", version: "1", service: SERVICE },
    attributes: {
      tenantId: { type: "string", required: true },
      id: idAttribute,
      title: { type: "string", required: true },
      bgPic: { type: "string", default: "" },
      bgColor: { type: "string", default: "" },
      color: { type: "string", default: "" },
      /** Draws per member, 0 = unlimited (R585). */
      userJoinLimit: counted,
      /** Members who may take part, 0 = unlimited (R585). */
      participantsNumber: counted,
      /** Business times "YYYY-MM-DD HH:mm:ss" (Asia/Shanghai): text order is time order. */
      startTime: { type: "string", required: true },
      endTime: { type: "string", required: true },
      idisplay: counted,
      addtime: { type: "string", default: "" },
      updatetime: { type: "string", default: "" },
      adduser: { type: "string", default: "" },
    },
    indexes: {
      byId: { scope: "lottery", pk: { field: "pk", composite: ["tenantId"] }, sk: { field: "sk", composite: ["id"] } },
    },
  },
  entityConfig(),
);
export type LotteryItem = EntityItem<typeof Lottery>;

export const LotteryText = new Entity(
  {
    model: { entity: "lotteryText", version: "1", service: SERVICE },
    attributes: {
      tenantId: { type: "string", required: true },
      lotteryId: idAttribute,
      content: { type: "string", default: "" },
    },
    indexes: {
      byLottery: { scope: "lotteryText", pk: { field: "pk", composite: ["tenantId"] }, sk: { field: "sk", composite: ["lotteryId"] } },
    },
  },
  entityConfig(),
);

export const LotteryPrize = new Entity(
  {
    model: { entity: "lotteryPrize", version: "1", service: SERVICE },
    attributes: {
      tenantId: { type: "string", required: true },
      lotteryId: idAttribute,
      id: idAttribute,
      prizeName: { type: "string", required: true },
      /** Whole yuan (R589). */
      prizePrice: counted,
      /** 0 = unlimited (R589). */
      prizeCount: counted,
      /**
       * How many of the prize's stock slices held stock at its last split (stock.ts): a draw tries one
       * of them at random first. 0 once a draw found them all used up; unlimited prizes use them all.
       */
      openSlices: counted,
      /** lotteryWeight in whole hundredths (rules.ts), so sums are exact. */
      weight: counted,
      hasDistribute: counted,
      prizeTips: { type: "string", default: "" },
    },
    indexes: {
      byLottery: { scope: "lotteryPrize", pk: { field: "pk", composite: ["tenantId", "lotteryId"] }, sk: { field: "sk", composite: ["id"] } },
      /** prizeview / prizedelete name the prize alone (`{id}`): its activity is found here. */
      byId: { scope: "lotteryPrize", index: "gsi1", pk: { field: "gsi1pk", composite: ["tenantId"] }, sk: { field: "gsi1sk", composite: ["id"] } },
    },
  },
  entityConfig(),
);
export type LotteryPrizeItem = EntityItem<typeof LotteryPrize>;

/**
 * One slice of a prize's stock (issue 39; docs/lottery.md "Stock slices"). The times the prize was
 * won are the sum of its slices' `won`; a draw adds 1 to one slice on the condition `won < cap`
 * (or `limited = 0`, an unlimited prize), never in a transaction, so no hot item serialises a crowd.
 */
export const LotteryStock = new Entity(
  {
    model: { entity: "lotteryStock", version: "1", service: SERVICE },
    attributes: {
      tenantId: { type: "string", required: true },
      lotteryId: idAttribute,
      prizeId: idAttribute,
      slice: { type: "number", required: true },
      won: counted,
      /** The most this slice may give: its share of the prize's count (ignored while `limited` is 0). */
      cap: counted,
      /** 1 when the prize has a count, 0 when unlimited. */
      limited: counted,
    },
    indexes: {
      byLottery: {
        scope: "lotteryStock",
        pk: { field: "pk", composite: ["tenantId", "lotteryId"] },
        sk: { field: "sk", composite: ["prizeId", "slice"] },
      },
    },
  },
  entityConfig(),
);
export type LotteryStockItem = EntityItem<typeof LotteryStock>;

export const LotteryEntrant = new Entity(
  {
    model: { entity: "lotteryEntrant", version: "1", service: SERVICE },
    attributes: {
      tenantId: { type: "string", required: true },
      lotteryId: idAttribute,
      mobileUserId: idAttribute,
      draws: counted,
      firstTime: { type: "string", default: "" },
      lastTime: { type: "string", default: "" },
    },
    indexes: {
      byMember: {
        scope: "lotteryEntrant",
        pk: { field: "pk", composite: ["tenantId", "lotteryId"] },
        sk: { field: "sk", composite: ["mobileUserId"] },
      },
    },
  },
  entityConfig(),
);
export type LotteryEntrantItem = EntityItem<typeof LotteryEntrant>;

export const LotteryTally = new Entity(
  {
    model: { entity: "lotteryTally", version: "1", service: SERVICE },
    attributes: {
      tenantId: { type: "string", required: true },
      lotteryId: idAttribute,
      /** Upserted by the draw: no default, or ElectroDB would set it back to 0. */
      participants: { type: "number" },
    },
    indexes: {
      byLottery: { scope: "lotteryTally", pk: { field: "pk", composite: ["tenantId"] }, sk: { field: "sk", composite: ["lotteryId"] } },
    },
  },
  entityConfig(),
);

export const LotteryRecord = new Entity(
  {
    model: { entity: "lotteryRecord", version: "1", service: SERVICE },
    attributes: {
      tenantId: { type: "string", required: true },
      id: idAttribute,
      lotteryId: idAttribute,
      prizeId: { type: "number", required: true },
      mobileUserId: { type: "number", required: true },
      userId: { type: "string", default: "" },
      clientId: { type: "number", default: 0 },
      realname: { type: "string", default: "" },
      mobile: { type: "string", default: "" },
      /** The prize as it was when drawn: a later rename does not rewrite who won what. */
      prizeName: { type: "string", required: true },
      prizePrice: counted,
      prizeTips: { type: "string", default: "" },
      hasDistribute: counted,
      participationTime: { type: "string", required: true },
      /** 1 distributed, 0 not (R590). */
      status: counted,
      remark: { type: "string", default: "" },
      distributeTime: { type: "string", default: "" },
      distributeUser: { type: "string", default: "" },
    },
    indexes: {
      byId: { scope: "lotteryRecord", pk: { field: "pk", composite: ["tenantId"] }, sk: { field: "sk", composite: ["id"] } },
      byLottery: {
        scope: "lotteryRecord",
        index: "gsi1",
        pk: { field: "gsi1pk", composite: ["tenantId", "lotteryId"] },
        sk: { field: "gsi1sk", composite: ["id"] },
      },
      /** The member's own draws, newest first (`GET /gateway/api/lotter/mp/records`, memberLotteries.ts). */
      byMember: {
        scope: "lotteryRecord",
        index: "gsi2",
        pk: { field: "gsi2pk", composite: ["tenantId", "mobileUserId"] },
        sk: { field: "gsi2sk", composite: ["id"] },
      },
    },
  },
  entityConfig(),
);
export type LotteryRecordItem = EntityItem<typeof LotteryRecord>;
