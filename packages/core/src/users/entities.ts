import { Entity } from "electrodb";
import { SERVICE, entityConfig, idAttribute } from "../kernel/entity.ts";

/** Staff user of a tenant. Login names (username, mobile) are kept unique by `UserLogin` items. */
export const User = /* @__PURE__ */ new Entity(
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
      /** 1 enabled, 0 disabled (the lists' displayornot). */
      status: { type: "number", default: 1 },
      /** 1: the password was set by someone else (a tenant's first administrator); sign-in says so until it is changed. */
      mustChangePassword: { type: "number", default: 0 },
      createTime: { type: "string", default: "" },
      sex: { type: "string", default: "" },
      idcard: { type: "string", default: "" },
      address: { type: "string", default: "" },
      picture: { type: "string", default: "" },
      email: { type: "string", default: "" },
      /** The WeChat official account's openid this staff member bound for notifications (weixinservice/oaBinding); "" when unbound. */
      oaOpenId: { type: "string", default: "" },
      /**
       * 1 while the user is an enabled holder of the super-administrator role: the tenant's count of
       * those (`SuperAdminTally`) moves with it in the same transaction, never below one.
       */
      isSuper: { type: "number", default: 0 },
      /** Bumped by every write: a save that read an older revision is refused (someone else wrote in between). */
      rev: { type: "number", default: 0 },
    },
    indexes: {
      byId: { pk: { field: "pk", composite: ["tenantId"] }, sk: { field: "sk", composite: ["id"] } },
    },
  },
  /* @__PURE__ */ entityConfig(),
);

/**
 * Search keys of staff users: `term` is "n:" + the first character of the name or "n:" + its first
 * two characters. A keyword reads the keys it names (bounded by the keyword's matches, never the
 * tenant); a full mobile or a username is found through `UserLogin`.
 */
export const UserTerm = /* @__PURE__ */ new Entity(
  {
    model: { entity: "userTerm", version: "1", service: SERVICE },
    attributes: {
      tenantId: { type: "string", required: true },
      term: { type: "string", required: true },
      userId: idAttribute,
      /** The lower-case name: a keyword longer than two characters filters on it. */
      nameKey: { type: "string", default: "" },
    },
    indexes: {
      byTerm: { pk: { field: "pk", composite: ["tenantId", "term"] }, sk: { field: "sk", composite: ["userId"] } },
    },
  },
  /* @__PURE__ */ entityConfig(),
);

/**
 * One item per user and department code, sorted by code then id: the users of a department and
 * everything below it are one prefix Query (a store manager's list, a branch's merchant users)
 * that reads the subtree's users, never the tenant's. A head-office user (no department) has the
 * code "" here.
 */
export const UserDept = /* @__PURE__ */ new Entity(
  {
    model: { entity: "userDept", version: "1", service: SERVICE },
    attributes: {
      tenantId: { type: "string", required: true },
      deptCode: { type: "string", required: true },
      userId: idAttribute,
    },
    indexes: {
      byDept: { scope: "userDept", pk: { field: "pk", composite: ["tenantId"] }, sk: { field: "sk", composite: ["deptCode", "userId"] } },
    },
  },
  /* @__PURE__ */ entityConfig(),
);

/**
 * Per tenant: `name` "all" counts staff users (the unfiltered list's total), "super" the enabled
 * super-administrators — the last one is never deleted, disabled or stripped of the role, because
 * every write that lowers it carries the condition n > 1 in the same transaction.
 */
export const UserTally = /* @__PURE__ */ new Entity(
  {
    model: { entity: "userTally", version: "1", service: SERVICE },
    attributes: {
      tenantId: { type: "string", required: true },
      name: { type: "string", required: true },
      n: { type: "number", default: 0 },
    },
    indexes: {
      byName: { scope: "userTally", pk: { field: "pk", composite: ["tenantId"] }, sk: { field: "sk", composite: ["name"] } },
    },
  },
  /* @__PURE__ */ entityConfig(),
);

/**
 * A mini-program (mobile) user of a tenant. `userId` is the mini-program's own id for the person
 * (the `globalId` a client is bound by); `clientId` the client it is bound to (0: none).
 */
export const MobileUser = /* @__PURE__ */ new Entity(
  {
    model: { entity: "mobileUser", version: "1", service: SERVICE },
    attributes: {
      tenantId: { type: "string", required: true },
      id: idAttribute,
      userId: { type: "string", required: true },
      realname: { type: "string", default: "" },
      picture: { type: "string", default: "" },
      mobile: { type: "string", default: "" },
      sex: { type: "string", default: "" },
      createTime: { type: "string", default: "" },
      /** 1 enabled, 0 disabled. */
      displayornot: { type: "number", default: 1 },
      clientId: { type: "number", default: 0 },
    },
    indexes: {
      byId: { scope: "mobileUser", pk: { field: "pk", composite: ["tenantId"] }, sk: { field: "sk", composite: ["id"] } },
    },
  },
  /* @__PURE__ */ entityConfig(),
);

/** A mobile user's exact keys ("m:" + mobile, "u:" + userId): the list's keyword and uniqueness of userId. */
export const MobileUserKey = /* @__PURE__ */ new Entity(
  {
    model: { entity: "mobileUserKey", version: "1", service: SERVICE },
    attributes: {
      tenantId: { type: "string", required: true },
      key: { type: "string", required: true },
      mobileUserId: idAttribute,
    },
    indexes: {
      byKey: { pk: { field: "pk", composite: ["tenantId", "key"] }, sk: { field: "sk", composite: ["mobileUserId"] } },
    },
  },
  /* @__PURE__ */ entityConfig(),
);

/**
 * What a change of access was, before and after: a role's rights and data scope, a user's roles,
 * departments and status. Written in the same transaction as the change (the operation log keeps
 * who and when, never bodies), newest first per tenant.
 */
export const AccessChange = /* @__PURE__ */ new Entity(
  {
    model: { entity: "accessChange", version: "1", service: SERVICE },
    attributes: {
      tenantId: { type: "string", required: true },
      id: idAttribute,
      kind: { type: "string", required: true },
      targetId: { type: "number", required: true },
      byUserId: { type: "number", required: true },
      byName: { type: "string", default: "" },
      before: { type: "string", default: "" },
      after: { type: "string", default: "" },
      createTime: { type: "string", default: "" },
    },
    indexes: {
      byId: { scope: "accessChange", pk: { field: "pk", composite: ["tenantId"] }, sk: { field: "sk", composite: ["id"] } },
    },
  },
  /* @__PURE__ */ entityConfig(),
);

/** One item per login name (lower-case username, or mobile): uniqueness and lookup at login. */
export const UserLogin = /* @__PURE__ */ new Entity(
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
  /* @__PURE__ */ entityConfig(),
);

/**
 * A role: per function id, the letters it grants (see kernel/rights.ts), and the data scope its
 * holders see (users/rules.ts DATA_SCOPES). `branchId` 0 is a role of the whole tenant; another
 * is a branch's own role (the merchant-user form offers only those, docs/gaps.md).
 */
export const Role = /* @__PURE__ */ new Entity(
  {
    model: { entity: "role", version: "1", service: SERVICE },
    attributes: {
      tenantId: { type: "string", required: true },
      id: idAttribute,
      name: { type: "string", required: true },
      code: { type: "string", default: "" },
      rights: { type: "any", default: () => ({}) },
      dataScope: { type: "string", default: "all" },
      /** 1: its holders must sign in with a TOTP code (auth/twoFactor.ts); the super-administrator's follows the stage (config). */
      twoFactor: { type: "number", default: 0 },
      branchId: { type: "number", default: 0 },
      remark: { type: "string", default: "" },
      createTime: { type: "string", default: "" },
    },
    indexes: {
      byId: { pk: { field: "pk", composite: ["tenantId"] }, sk: { field: "sk", composite: ["id"] } },
    },
  },
  /* @__PURE__ */ entityConfig(),
);

export type UserItem = import("electrodb").EntityItem<typeof User>;
export type RoleItem = import("electrodb").EntityItem<typeof Role>;
export type MobileUserItem = import("electrodb").EntityItem<typeof MobileUser>;
