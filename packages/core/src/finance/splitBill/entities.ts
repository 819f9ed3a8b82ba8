import { Entity } from "electrodb";
import { SERVICE, entityConfig, idAttribute } from "../../kernel/entity.ts";

const fen = { type: "number", default: 0 } as const;

/** A split type's proportion (basis points: 12.5 % = 1250), one item per tenant and type. */
export const SplitSetting = new Entity(
  {
    model: { entity: "splitSetting", version: "1", service: SERVICE },
    attributes: {
      tenantId: { type: "string", required: true },
      splitbillType: { type: "number", required: true },
      bp: { type: "number", required: true },
      updateUser: { type: "string", default: "" },
      updateTime: { type: "string", default: "" },
    },
    indexes: {
      byTenant: { scope: "splitSetting", pk: { field: "pk", composite: ["tenantId"] }, sk: { field: "sk", composite: ["splitbillType"] } },
    },
  },
  entityConfig(),
);

/**
 * A row of the monthly split-bill summary: one split type, one month, one object (a store code, an
 * agent, a channel, "" for the group or a payment without one). The month job writes it (keyed by
 * type + month + object, so a rerun rewrites the same row and keeps its id and split-done flag);
 * `bp` is the proportion it was computed with. gsi1 finds a row by id (splitbillsave {id}).
 */
export const SplitRow = new Entity(
  {
    model: { entity: "splitRow", version: "1", service: SERVICE },
    attributes: {
      tenantId: { type: "string", required: true },
      splitbillType: { type: "number", required: true },
      month: { type: "string", required: true },
      object: { type: "string", required: true },
      id: idAttribute,
      objectName: { type: "string", default: "" },
      discountFen: fen,
      offlineFen: fen,
      onlineFen: fen,
      totalFen: fen,
      bp: fen,
      isSplitbill: fen,
      computeTime: { type: "string", default: "" },
    },
    indexes: {
      byMonth: { scope: "splitRow", pk: { field: "pk", composite: ["tenantId", "month"] }, sk: { field: "sk", composite: ["splitbillType", "object"] } },
      byId: { scope: "splitRow", index: "gsi1", pk: { field: "gsi1pk", composite: ["tenantId"] }, sk: { field: "gsi1sk", composite: ["id"] } },
    },
  },
  entityConfig(),
);

/**
 * The month job's record of one tenant's month: the proportions it computes with (taken from the
 * settings the first time the month is computed, reused by every rerun — so a setting changed later
 * applies from the next month) and its progress (`done` once every row is written: a scheduled run
 * skips a done month; a crashed run left it not done, and the next run does it again).
 */
export const SplitMonthRun = new Entity(
  {
    model: { entity: "splitMonthRun", version: "1", service: SERVICE },
    attributes: {
      tenantId: { type: "string", required: true },
      month: { type: "string", required: true },
      ratios: {
        type: "list",
        items: { type: "map", properties: { splitbillType: { type: "number", required: true }, bp: { type: "number", required: true } } },
        default: () => [],
      },
      done: fen,
      runs: fen,
      startTime: { type: "string", default: "" },
      doneTime: { type: "string", default: "" },
      rows: fen,
      monthTotalFen: fen,
    },
    indexes: {
      byTenant: { scope: "splitMonthRun", pk: { field: "pk", composite: ["tenantId"] }, sk: { field: "sk", composite: ["month"] } },
    },
  },
  entityConfig(),
);

export type SplitRowItem = import("electrodb").EntityItem<typeof SplitRow>;
export type SplitMonthRunItem = import("electrodb").EntityItem<typeof SplitMonthRun>;
