import { Entity } from "electrodb";
import { SERVICE, entityConfig, idAttribute } from "../kernel/entity.ts";

/** Trees whose nodes are departments and stores: the caller's department codes limit them (R027). Here, not in schemas.ts, so readers of the tree do not bundle its form schemas. */
export const DEPARTMENT_TREE = "dept";

/**
 * A node of an organisation tree (departments and stores, destinations, goods classes…).
 * Codes are 3 characters per level (R026), so a subtree is a prefix query on `byCode`.
 */
export const OrgNode = /* @__PURE__ */ new Entity(
  {
    model: { entity: "orgNode", version: "1", service: SERVICE },
    attributes: {
      tenantId: { type: "string", required: true },
      id: idAttribute,
      orgType: { type: "string", required: true },
      orgCode: { type: "string", required: true },
      parentId: { type: "number", required: true },
      orgName: { type: "string", required: true },
      orgExtraCode: { type: "string", default: "" },
      picture: { type: "string", default: "" },
      info: { type: "string", default: "" },
      lng: { type: "string", default: "" },
      lat: { type: "string", default: "" },
      address: { type: "string", default: "" },
      branchId: { type: "number", default: 0 },
      seq: { type: "number", default: 99, padding: { length: 6, char: "0" } },
      idisplay: { type: "number", default: 1 },
      childCount: { type: "number", default: 0 },
      createTime: { type: "string", default: "" },
    },
    indexes: {
      byId: { pk: { field: "pk", composite: ["tenantId"] }, sk: { field: "sk", composite: ["id"] } },
      byParent: {
        index: "gsi1",
        pk: { field: "gsi1pk", composite: ["tenantId", "orgType", "parentId"] },
        sk: { field: "gsi1sk", composite: ["seq", "id"] },
      },
      byCode: {
        index: "gsi2",
        pk: { field: "gsi2pk", composite: ["tenantId", "orgType"] },
        sk: { field: "gsi2sk", composite: ["orgCode"] },
      },
    },
  },
  /* @__PURE__ */ entityConfig(),
);

/** A node of the national region tree: one tree for the whole platform, root 100000 中国. */
export const Region = /* @__PURE__ */ new Entity(
  {
    model: { entity: "region", version: "1", service: SERVICE },
    attributes: {
      id: { type: "number", required: true },
      code: { type: "string", required: true },
      parentid: { type: "number", required: true },
      name: { type: "string", required: true },
      shortname: { type: "string", default: "" },
      pinyin: { type: "string", default: "" },
      citycode: { type: "string", default: "" },
      zipcode: { type: "string", default: "" },
      leveltype: { type: "number", default: 0 },
      lng: { type: "string", default: "" },
      lat: { type: "string", default: "" },
      status: { type: "number", default: 1 },
      childCount: { type: "number", default: 0 },
    },
    indexes: {
      byParent: { pk: { field: "pk", composite: ["parentid"] }, sk: { field: "sk", composite: ["code"] } },
      byCode: { index: "gsi1", pk: { field: "gsi1pk", composite: [] }, sk: { field: "gsi1sk", composite: ["code"] } },
    },
  },
  /* @__PURE__ */ entityConfig(),
);

/** A branch (分公司) of a tenant; staff and records carry its id (the branchId header). */
export const Branch = /* @__PURE__ */ new Entity(
  {
    model: { entity: "branch", version: "1", service: SERVICE },
    attributes: {
      tenantId: { type: "string", required: true },
      id: idAttribute,
      branchname: { type: "string", required: true },
      orgCode: { type: "string", default: "" },
      idisplay: { type: "number", default: 1 },
      createTime: { type: "string", default: "" },
    },
    indexes: {
      byId: { pk: { field: "pk", composite: ["tenantId"] }, sk: { field: "sk", composite: ["id"] } },
    },
  },
  /* @__PURE__ */ entityConfig(),
);

export type OrgNodeItem = import("electrodb").EntityItem<typeof OrgNode>;
export type RegionItem = import("electrodb").EntityItem<typeof Region>;
