import { Entity } from "electrodb";
import { SERVICE, entityConfig, idAttribute } from "../kernel/entity.ts";

/** A tenant (platform record): the console logs in against its clientId/secret and is branded by it. */
export const Tenant = new Entity(
  {
    model: { entity: "tenant", version: "1", service: SERVICE },
    attributes: {
      id: idAttribute,
      clientId: { type: "string", required: true },
      clientSecret: { type: "string", required: true },
      scope: { type: "string", default: "all" },
      grantType: { type: "string", default: "password" },
      systemName: { type: "string", default: "" },
      sysHomePage: { type: "string", default: "" },
      domain: { type: "list", items: { type: "string" }, default: () => [] },
      loginLogo: { type: "string", default: "" },
      copyright: { type: "string", default: "" },
      bgimages: { type: "list", items: { type: "string" }, default: () => [] },
      idisplay: { type: "number", default: 0 },
      locked: { type: "number", default: 0 },
      allowReg: { type: "number", default: 0 },
      allowForgot: { type: "number", default: 0 },
      colors: { type: "any", default: () => ({}) },
      /** 1 for the platform tenant (operator.ts): set by provisioning only, no route writes it. */
      platform: { type: "number", default: 0 },
      createTime: { type: "string", default: "" },
      /** Sessions that began before this time (ms) are over: set when the tenant is disabled (auth/sessions.ts). */
      sessionsFrom: { type: "number", default: 0 },
      /** 1 once a delete was accepted: its items are being removed in the background (tenantAdmin.ts). */
      deleting: { type: "number", default: 0 },
      /** The removal's checkpoint: the tenant index's key after the last slice deleted ("" = from the start; platform/tenantRemoval.ts). */
      removalFrom: { type: "string", default: "" },
      /** The removal's progress: keys deleted so far. */
      removedItems: { type: "number", default: 0 },
      /** When the removal's first run began, and its last checkpoint (ms; 0 before): the operator's progress (tenantRemovalView.ts). */
      removalStart: { type: "number", default: 0 },
      removalAt: { type: "number", default: 0 },
      /** Moves whenever one of the tenant's sessions is ended by a write (auth/sessions.ts): containers re-read the sessions they remember. */
      sessionsVersion: { type: "number" },
      updateTime: { type: "string", default: "" },
    },
    indexes: {
      byClientId: { pk: { field: "pk", composite: [] }, sk: { field: "sk", composite: ["clientId"] } },
    },
  },
  entityConfig(),
);

/** A console function (menu entry): a screen opened by its id, owned by one module (area). */
export const MenuFunction = new Entity(
  {
    model: { entity: "function", version: "1", service: SERVICE },
    attributes: {
      tenantId: { type: "string", required: true },
      id: idAttribute,
      fatherid: { type: "number", default: 0 },
      typename: { type: "string", required: true },
      path: { type: "string", default: "" },
      params: { type: "string", default: "" },
      module: { type: "string", default: "" },
      seq: { type: "number", default: 99 },
      idisplay: { type: "number", default: 1 },
    },
    indexes: {
      byId: { pk: { field: "pk", composite: ["tenantId"] }, sk: { field: "sk", composite: ["id"] } },
    },
  },
  entityConfig(),
);

/** One value of a style-parameter list (order statuses, member levels, …). */
export const StyleParam = new Entity(
  {
    model: { entity: "styleParam", version: "1", service: SERVICE },
    attributes: {
      tenantId: { type: "string", required: true },
      id: idAttribute,
      styleen: { type: "string", required: true },
      styleid: { type: "string", required: true },
      stylename: { type: "string", required: true },
      pseudocode: { type: "string", default: "" },
      seq: { type: "number", default: 99 },
      displayornot: { type: "number", default: 1 },
    },
    indexes: {
      byList: {
        pk: { field: "pk", composite: ["tenantId", "styleen"] },
        sk: { field: "sk", composite: ["id"] },
      },
      byId: {
        index: "gsi1",
        pk: { field: "gsi1pk", composite: ["tenantId"] },
        sk: { field: "gsi1sk", composite: ["id"] },
      },
    },
  },
  entityConfig(),
);

export type TenantItem = import("electrodb").EntityItem<typeof Tenant>;
export type MenuFunctionItem = import("electrodb").EntityItem<typeof MenuFunction>;
