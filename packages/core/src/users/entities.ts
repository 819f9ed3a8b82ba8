import { Entity } from "electrodb";
import { SERVICE, entityConfig, idAttribute } from "../kernel/entity.ts";

/** Staff user of a tenant. Login names (username, mobile) are kept unique by `UserLogin` items. */
export const User = new Entity(
  {
    model: { entity: "user", version: "1", service: SERVICE },
    attributes: {
      tenantId: { type: "string", required: true },
      id: idAttribute,
      username: { type: "string", required: true },
      mobile: { type: "string", default: "" },
      realname: { type: "string", default: "" },
      passwordHash: { type: "string", required: true },
      deptCodes: { type: "list", items: { type: "string" }, default: () => [] },
      roleIds: { type: "list", items: { type: "number" }, default: () => [] },
      branchId: { type: "number", default: 0 },
      managelevel: { type: "number", default: 1 },
      status: { type: "number", default: 1 },
      /** 1: the password was set by someone else (a tenant's first administrator); sign-in says so until it is changed. */
      mustChangePassword: { type: "number", default: 0 },
      createTime: { type: "string", default: "" },
    },
    indexes: {
      byId: { pk: { field: "pk", composite: ["tenantId"] }, sk: { field: "sk", composite: ["id"] } },
    },
  },
  entityConfig(),
);

/** One item per login name (lower-case username, or mobile): uniqueness and lookup at login. */
export const UserLogin = new Entity(
  {
    model: { entity: "userLogin", version: "1", service: SERVICE },
    attributes: {
      tenantId: { type: "string", required: true },
      login: { type: "string", required: true },
      userId: { type: "number", required: true },
    },
    indexes: {
      byLogin: { pk: { field: "pk", composite: ["tenantId", "login"] }, sk: { field: "sk", composite: [] } },
    },
  },
  entityConfig(),
);

/** A role: per function id, the letters it grants (see kernel/rights.ts). */
export const Role = new Entity(
  {
    model: { entity: "role", version: "1", service: SERVICE },
    attributes: {
      tenantId: { type: "string", required: true },
      id: idAttribute,
      name: { type: "string", required: true },
      code: { type: "string", default: "" },
      rights: { type: "any", default: () => ({}) },
      createTime: { type: "string", default: "" },
    },
    indexes: {
      byId: { pk: { field: "pk", composite: ["tenantId"] }, sk: { field: "sk", composite: ["id"] } },
    },
  },
  entityConfig(),
);

export type UserItem = import("electrodb").EntityItem<typeof User>;
export type RoleItem = import("electrodb").EntityItem<typeof Role>;
