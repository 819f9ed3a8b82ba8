import { Entity, type EntityItem } from "electrodb";
import { SERVICE, entityConfig, idAttribute } from "../kernel/entity.ts";

/**
 * Custom pages (spec 002 §3 "Custom page"; docs/pages.md): a menu tree per terminal whose nodes
 * are pages. A node names only its parent, so moving a module (a node and everything under it) is
 * one change of one item; the tree is read a level at a time (`byParent`), as the designer's Menu
 * tab opens it. The page document lives in CustomPageDoc, so listing a level never reads documents.
 */
export const CustomPage = new Entity(
  {
    model: { entity: "customPage", version: "1", service: SERVICE },
    attributes: {
      tenantId: { type: "string", required: true },
      id: idAttribute,
      /** 0 at the top of a terminal's tree. */
      parentId: { type: "number", required: true },
      code: { type: "string", required: true },
      name: { type: "string", required: true },
      seq: { type: "number", default: 99, padding: { length: 6, char: "0" } },
      isMenu: { type: "number", default: 1 },
      url: { type: "string", default: "" },
      icon: { type: "string", default: "" },
      jumpJson: { type: "string", default: "" },
      /** R559: 1 enabled, 2 disabled. */
      enableStatus: { type: "number", default: 1 },
      sysModuleId: { type: "number", default: 0 },
      /** R582: bound back-end function codes and names, comma-separated. */
      columnCode: { type: "string", default: "" },
      columnName: { type: "string", default: "" },
      branchId: { type: "number", default: 0 },
      /** Children directly below: moved in the transaction of every write that adds or removes one. */
      childCount: { type: "number", default: 0 },
      createTime: { type: "string", default: "" },
      updateTime: { type: "string", default: "" },
    },
    indexes: {
      byId: { pk: { field: "pk", composite: ["tenantId"] }, sk: { field: "sk", composite: ["id"] } },
      byParent: {
        index: "gsi1",
        pk: { field: "gsi1pk", composite: ["tenantId", "parentId"] },
        sk: { field: "gsi1sk", composite: ["seq", "id"] },
      },
    },
  },
  entityConfig(),
);
export type CustomPageItem = EntityItem<typeof CustomPage>;

/**
 * A page's document (configJson), gzip-compressed (base64): a 200-component page is a few hundred
 * kilobytes of JSON, an item holds 400 KB.
 */
export const CustomPageDoc = new Entity(
  {
    model: { entity: "customPageDoc", version: "1", service: SERVICE },
    attributes: {
      tenantId: { type: "string", required: true },
      pageId: idAttribute,
      version: { type: "number", required: true },
      gz: { type: "string", required: true },
    },
    indexes: {
      byPage: { pk: { field: "pk", composite: ["tenantId"] }, sk: { field: "sk", composite: ["pageId"] } },
    },
  },
  entityConfig(),
);

/** A page's code, held by one page: codes are unique in the tenant (the render route finds pages by code). */
export const CustomPageCode = new Entity(
  {
    model: { entity: "customPageCode", version: "1", service: SERVICE },
    attributes: {
      tenantId: { type: "string", required: true },
      code: { type: "string", required: true },
      pageId: { type: "number", required: true },
    },
    indexes: {
      byCode: { pk: { field: "pk", composite: ["tenantId"] }, sk: { field: "sk", composite: ["code"] } },
    },
  },
  entityConfig(),
);
