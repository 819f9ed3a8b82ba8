import { Entity } from "electrodb";
import { SERVICE, entityConfig, idAttribute } from "../kernel/entity.ts";

/**
 * A login session. The token names it; it is read on every request, so deleting it (logout,
 * password change) ends the session at once. It also carries what a request needs to know of
 * its user (departments, roles, branch), so one read authenticates.
 */
export const Session = new Entity(
  {
    model: { entity: "session", version: "1", service: SERVICE },
    attributes: {
      tenantId: { type: "string", required: true },
      userId: { type: "number", required: true },
      sessionId: { type: "string", required: true },
      username: { type: "string", required: true },
      realname: { type: "string", default: "" },
      deptCodes: { type: "list", items: { type: "string" }, default: () => [] },
      roleIds: { type: "list", items: { type: "number" }, default: () => [] },
      branchId: { type: "number", default: 0 },
      managelevel: { type: "number", default: 1 },
      createTime: { type: "string", default: "" },
      /** Epoch seconds; DynamoDB's TTL attribute. */
      expiresAt: { type: "number", required: true },
      /** Business date it expires on: the sweep job reads one day's partition. */
      expiresDay: { type: "string", required: true },
    },
    indexes: {
      byUser: {
        pk: { field: "pk", composite: ["tenantId", "userId"] },
        sk: { field: "sk", composite: ["sessionId"] },
      },
      byExpiry: {
        index: "gsi1",
        pk: { field: "gsi1pk", composite: ["expiresDay"] },
        sk: { field: "gsi1sk", composite: ["tenantId", "userId", "sessionId"] },
      },
    },
  },
  entityConfig(),
);

/** Operation log: every successful write, newest first. */
export const OpLog = new Entity(
  {
    model: { entity: "oplog", version: "1", service: SERVICE },
    attributes: {
      tenantId: { type: "string", required: true },
      id: idAttribute,
      userId: { type: "number", required: true },
      username: { type: "string", default: "" },
      realname: { type: "string", default: "" },
      functionId: { type: "number", default: 0 },
      functionName: { type: "string", default: "" },
      module: { type: "string", default: "" },
      method: { type: "string", default: "POST" },
      route: { type: "string", required: true },
      ids: { type: "string", default: "" },
      ip: { type: "string", default: "" },
      createTime: { type: "string", required: true },
    },
    indexes: {
      byId: { pk: { field: "pk", composite: ["tenantId"] }, sk: { field: "sk", composite: ["id"] } },
      byUser: {
        index: "gsi1",
        pk: { field: "gsi1pk", composite: ["tenantId", "userId"] },
        sk: { field: "gsi1sk", composite: ["id"] },
      },
      byModule: {
        index: "gsi2",
        pk: { field: "gsi2pk", composite: ["tenantId", "module"] },
        sk: { field: "gsi2sk", composite: ["id"] },
      },
    },
  },
  entityConfig(),
);
