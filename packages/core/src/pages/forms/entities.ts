import { Entity, type EntityItem } from "electrodb";
import { SERVICE, entityConfig, idAttribute } from "../../kernel/entity.ts";

/**
 * What members sent through a designed page's form (issue 34; pages/forms/service.ts): one item per
 * submission in its page's partition, newest first by id; the answers kept with their labels as
 * the member saw them (JSON of `FormAnswer[]`).
 */
export const FormEntry = /* @__PURE__ */ new Entity(
  {
    model: { entity: "formEntry", version: "1", service: SERVICE },
    attributes: {
      tenantId: { type: "string", required: true },
      pageId: idAttribute,
      id: idAttribute,
      componentId: { type: "string", required: true },
      mobileUserId: { type: "number", required: true },
      clientId: { type: "number", default: 0 },
      realname: { type: "string", default: "" },
      mobile: { type: "string", default: "" },
      answersJson: { type: "string", required: true },
      createTime: { type: "string", required: true },
    },
    indexes: {
      byPage: { scope: "formEntry", pk: { field: "pk", composite: ["tenantId", "pageId"] }, sk: { field: "sk", composite: ["id"] } },
    },
  },
  /* @__PURE__ */ entityConfig(),
);
export type FormEntryItem = EntityItem<typeof FormEntry>;

/**
 * A member's submissions of a business day (`n`, under FORM_DAILY_CAP): moved by a conditional
 * update in the submission's own transaction, so racing requests cannot pass the cap. Removed by
 * DynamoDB two days later (`expiresAt`, the table's TTL).
 */
export const FormQuota = /* @__PURE__ */ new Entity(
  {
    model: { entity: "formQuota", version: "1", service: SERVICE },
    attributes: {
      tenantId: { type: "string", required: true },
      mobileUserId: idAttribute,
      day: { type: "string", required: true },
      n: { type: "number" },
      expiresAt: { type: "number" },
    },
    indexes: {
      byMember: { scope: "formQuota", pk: { field: "pk", composite: ["tenantId", "mobileUserId"] }, sk: { field: "sk", composite: ["day"] } },
    },
  },
  /* @__PURE__ */ entityConfig(),
);
