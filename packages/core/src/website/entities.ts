import { Entity, type EntityItem } from "electrodb";
import { SERVICE, entityConfig } from "../kernel/entity.ts";

/**
 * The website's configuration (spec 002 §3 "Website config"): one item per tenant, written from
 * the console's 网站设置 screen and read by the public website. `menus` are the console functions
 * shown as the website's menus (each a content function: its articles are that menu's pages).
 */
export const WebsiteConfig = new Entity(
  {
    model: { entity: "websiteConfig", version: "1", service: SERVICE },
    attributes: {
      tenantId: { type: "string", required: true },
      branchname: { type: "string", default: "" },
      indexLogo: { type: "string", default: "" },
      pageLogo: { type: "string", default: "" },
      pagePurpose: { type: "string", default: "" },
      nopic: { type: "string", default: "" },
      branchaddress: { type: "string", default: "" },
      branchleadermobile: { type: "string", default: "" },
      icp: { type: "string", default: "" },
      companyname: { type: "string", default: "" },
      mainMenuId: { type: "number", default: 0 },
      mainColor: { type: "string", default: "" },
      secondColor: { type: "string", default: "" },
      /** WebsiteMenu[] in order (parent 0: a top menu). */
      menus: { type: "any", default: () => [] },
      updatetime: { type: "string", default: "" },
    },
    indexes: {
      byTenant: { pk: { field: "pk", composite: ["tenantId"] }, sk: { field: "sk", composite: [] } },
    },
  },
  entityConfig(),
);
export type WebsiteConfigItem = EntityItem<typeof WebsiteConfig>;
