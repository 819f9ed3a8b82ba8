import { Entity, type EntityItem } from "electrodb";
import { SERVICE, entityConfig, idAttribute } from "../kernel/entity.ts";

/**
 * Information articles (spec 002 §3 "Information"). An article belongs to the console function it
 * was written under (`typeId`: 新闻资讯, 活动资讯, 单页信息 …); that id is also the website's menu
 * entry (`/information/list?functionId={typeId}`), so one key serves the console and the website.
 *
 * Keys (docs/content.md):
 * - byType (gsi1): the console list of a function in list order (sortOrder ascending, newest first);
 * - byLive (gsi2): the same order, but only under `live` 1 (enabled): the website's list reads one
 *   Query with no filter for disabled rows, so a page of 10 costs 10 items whatever the drafts;
 * - byLabel (gsi3): the hot-news carousel (label "hot"), enabled articles only (`live` in the key).
 * The rich text lives in InformationText, so lists never read it.
 */
const sortOrderAttribute = { type: "number", required: true, padding: { length: 10, char: "0" } } as const;
const newestFirstAttribute = { type: "number", required: true, padding: { length: 12, char: "0" } } as const;
export const NEWEST_FIRST_BASE = 999_999_999_999;
export const newestFirst = (id: number): number => NEWEST_FIRST_BASE - id;

export const Information = new Entity(
  {
    model: { entity: "information", version: "1", service: SERVICE },
    attributes: {
      tenantId: { type: "string", required: true },
      id: idAttribute,
      typeId: { type: "number", required: true },
      infoType: { type: "string", required: true },
      label: { type: "string", default: "" },
      infoTitle: { type: "string", required: true },
      price: { type: "string", default: "" },
      fromIn: { type: "string", default: "" },
      orgCode: { type: "string", default: "" },
      publishtime: { type: "string", default: "" },
      starttime: { type: "string", default: "" },
      endtime: { type: "string", default: "" },
      address: { type: "string", default: "" },
      lng: { type: "string", default: "" },
      lat: { type: "string", default: "" },
      pictures: { type: "list", items: { type: "string" }, default: () => [] },
      jumpUrl: { type: "string", default: "" },
      idisplay: { type: "number", required: true },
      /** 1 when the website may show it (enabled): in the public keys, so drafts are never read there. */
      live: { type: "number", required: true },
      sortOrder: sortOrderAttribute,
      rank: newestFirstAttribute,
      addtime: { type: "string", default: "" },
      updatetime: { type: "string", default: "" },
      /** Staff who wrote and last changed it (console only, never on the website). */
      adduser: { type: "string", default: "" },
    },
    indexes: {
      byId: { pk: { field: "pk", composite: ["tenantId"] }, sk: { field: "sk", composite: ["id"] } },
      byType: {
        index: "gsi1",
        pk: { field: "gsi1pk", composite: ["tenantId", "typeId"] },
        sk: { field: "gsi1sk", composite: ["sortOrder", "rank"] },
      },
      byLive: {
        index: "gsi2",
        pk: { field: "gsi2pk", composite: ["tenantId", "typeId", "live"] },
        sk: { field: "gsi2sk", composite: ["sortOrder", "rank"] },
      },
      byLabel: {
        index: "gsi3",
        pk: { field: "gsi3pk", composite: ["tenantId", "label", "live"] },
        sk: { field: "gsi3sk", composite: ["rank"] },
      },
    },
  },
  entityConfig(),
);
export type InformationItem = EntityItem<typeof Information>;

/** The article's rich text, kept apart so that lists never read it. */
export const InformationText = new Entity(
  {
    model: { entity: "informationText", version: "1", service: SERVICE },
    attributes: {
      tenantId: { type: "string", required: true },
      infoId: idAttribute,
      content: { type: "string", default: "" },
    },
    indexes: {
      byInfo: { pk: { field: "pk", composite: ["tenantId"] }, sk: { field: "sk", composite: ["infoId"] } },
    },
  },
  entityConfig(),
);

/** The labels ever used by the tenant's articles (labellist): one item, a string set grown by each save. */
export const InformationLabels = new Entity(
  {
    model: { entity: "informationLabels", version: "1", service: SERVICE },
    attributes: {
      tenantId: { type: "string", required: true },
      labels: { type: "set", items: "string" },
    },
    indexes: {
      byTenant: { pk: { field: "pk", composite: ["tenantId"] }, sk: { field: "sk", composite: [] } },
    },
  },
  entityConfig(),
);
