import { Entity } from "electrodb";
import { SERVICE, entityConfig, idAttribute } from "../kernel/entity.ts";

/**
 * A login session. The token names it; it is read on every request, so deleting it (logout,
 * password change) ends the session at once. It also carries what a request needs to know of
 * its user (departments, roles, branch), so one read authenticates.
 */
export const Session = /* @__PURE__ */ new Entity(
  {
    model: { entity: "session", version: "1", service: SERVICE },
    attributes: {
      tenantId: { type: "string", required: true },
      userId: { type: "number", required: true },
      sessionId: { type: "string", required: true },
      username: { type: "string", required: true },
      realname: { type: "string", default: "" },
      deptCodes: { type: "list", items: { type: "string" }, default: () => [] },
      /** The departments as "|c1|c2|" (kernel/dataScope.ts deptPathOf): the online list filters by the caller's reach on it. */
      deptPath: { type: "string", default: "" },
      roleIds: { type: "list", items: { type: "number" }, default: () => [] },
      branchId: { type: "number", default: 0 },
      managelevel: { type: "number", default: 1 },
      createTime: { type: "string", default: "" },
      /** Where and with what the session was opened (the online list shows them). */
      ip: { type: "string", default: "" },
      agent: { type: "string", default: "" },
      /** When the user signed in with a password (ms); kept by reLogin, so the 7-day limit holds (sessions.ts). */
      startedAt: { type: "number", default: 0 },
      /** The last request seen (ms), written at most every few minutes: idle sessions end (sessions.ts). */
      lastSeenAt: { type: "number", default: 0 },
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
      /**
       * The tenant's sessions, newest first (the online list, online.ts). A scope of its own, so the
       * partition holds sessions only. Sessions opened before this index have no keys in it and are
       * not listed; they end within their 7 days like any other.
       */
      byTenant: {
        scope: "sessions",
        index: "gsi2",
        pk: { field: "gsi2pk", composite: ["tenantId"] },
        sk: { field: "gsi2sk", composite: ["createTime", "userId", "sessionId"] },
      },
    },
  },
  /* @__PURE__ */ entityConfig(),
);

/**
 * Operation log: every successful write and the security events (sign-ins, lockouts, refusals,
 * reveals, exports), newest first. Its keys carry their own scope, so a tenant's log is a
 * partition of its own and never shares one with the tenant's users and roles (docs/security.md).
 * Nothing updates or deletes an entry: there is no route for it, and none may be added.
 */
export const OpLog = /* @__PURE__ */ new Entity(
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
      /** What was done, in Chinese (the route's label: 删除酒店, 新增客户); empty on entries written before labels. */
      action: { type: "string", default: "" },
      ip: { type: "string", default: "" },
      /** "write" for a logged write, else the event's name (oplog.ts LogEvent). */
      event: { type: "string", default: "write" },
      /** What the event was about, in a few words (a refusal's message, a lockout's reason). Never a body. */
      detail: { type: "string", default: "" },
      /** Rows read or exported, for bulk reads of personal data. */
      rows: { type: "number", default: 0 },
      /** The actor's departments as "|c1|c2|" (kernel/dataScope.ts deptPathOf): the log is listed by the reader's data scope. */
      deptPath: { type: "string", default: "" },
      createTime: { type: "string", required: true },
    },
    indexes: {
      byId: { scope: "oplog", pk: { field: "pk", composite: ["tenantId"] }, sk: { field: "sk", composite: ["id"] } },
      byUser: {
        scope: "oplog",
        index: "gsi1",
        pk: { field: "gsi1pk", composite: ["tenantId", "userId"] },
        sk: { field: "gsi1sk", composite: ["id"] },
      },
      byModule: {
        scope: "oplog",
        index: "gsi2",
        pk: { field: "gsi2pk", composite: ["tenantId", "module"] },
        sk: { field: "gsi2sk", composite: ["id"] },
      },
    },
  },
  /* @__PURE__ */ entityConfig(),
);

/**
 * Failed sign-ins of one account (`user#<id>`) or of one login name that has no account
 * (`name#<login>`), counted before the password is checked (lockout.ts). Unknown names are
 * counted too, so they lock exactly as accounts do and the answers never tell which names exist.
 */
export const SignInGuard = /* @__PURE__ */ new Entity(
  {
    model: { entity: "signInGuard", version: "1", service: SERVICE },
    attributes: {
      tenantId: { type: "string", required: true },
      subject: { type: "string", required: true },
      /** Attempts counted in the current run (a success starts it again). */
      failures: { type: "number", default: 0 },
      /** Ms: the run ends here (15 minutes after its last counted attempt); at MAX failures, the lock lifts. */
      until: { type: "number", default: 0 },
      /** Epoch seconds; DynamoDB's TTL removes guards of names nobody tries any more. */
      expiresAt: { type: "number", required: true },
    },
    indexes: {
      bySubject: { scope: "signInGuard", pk: { field: "pk", composite: ["tenantId", "subject"] }, sk: { field: "sk", composite: [] } },
    },
  },
  /* @__PURE__ */ entityConfig(),
);

/**
 * Failed sign-ins from one address in one 15-minute window, over every tenant: one address
 * guessing across many accounts or tenants (addressLimit.ts). Platform-wide, so no tenant in the key.
 */
export const AddressAttempts = /* @__PURE__ */ new Entity(
  {
    model: { entity: "addressAttempts", version: "1", service: SERVICE },
    attributes: {
      ip: { type: "string", required: true },
      /** Number of the 15-minute window since the epoch. */
      window: { type: "number", required: true },
      n: { type: "number", default: 0 },
      expiresAt: { type: "number", required: true },
    },
    indexes: {
      byWindow: { scope: "signInAddress", pk: { field: "pk", composite: ["ip", "window"] }, sk: { field: "sk", composite: [] } },
    },
  },
  /* @__PURE__ */ entityConfig(),
);

/**
 * The login log (loginLog.ts): one entry per sign-in attempt — who (the account, or the name typed
 * when none matched), when, from which address and browser, and whether it succeeded or why not.
 * Its own entity and partitions rather than a filter of the operation log: the list filters by user,
 * result and date, and each filter is a key here (dates are the sort key's first part), so every
 * page is one bounded Query. Written once, never updated.
 */
export const LoginLog = /* @__PURE__ */ new Entity(
  {
    model: { entity: "loginLog", version: "1", service: SERVICE },
    attributes: {
      tenantId: { type: "string", required: true },
      id: idAttribute,
      /** 0 when the name typed matched no account. */
      userId: { type: "number", default: 0 },
      username: { type: "string", default: "" },
      realname: { type: "string", default: "" },
      ip: { type: "string", default: "" },
      agent: { type: "string", default: "" },
      /** "ok" or "fail". */
      result: { type: ["ok", "fail"] as const, required: true },
      /** Why it failed, in Chinese (密码错误, 账号已锁定, 验证码错误 …); empty on success. */
      reason: { type: "string", default: "" },
      createTime: { type: "string", required: true },
    },
    indexes: {
      byTime: { scope: "loginlog", pk: { field: "pk", composite: ["tenantId"] }, sk: { field: "sk", composite: ["createTime", "id"] } },
      byUser: {
        scope: "loginlog",
        index: "gsi1",
        pk: { field: "gsi1pk", composite: ["tenantId", "userId"] },
        sk: { field: "gsi1sk", composite: ["createTime", "id"] },
      },
      byResult: {
        scope: "loginlog",
        index: "gsi2",
        pk: { field: "gsi2pk", composite: ["tenantId", "result"] },
        sk: { field: "gsi2sk", composite: ["createTime", "id"] },
      },
    },
  },
  /* @__PURE__ */ entityConfig(),
);

/**
 * A user's TOTP two-factor sign-in (twoFactor.ts): the shared secret (sealed with the data key),
 * a secret being enrolled, the last time step used (a code is good once: conditional on it), and
 * the recovery codes' hashes (each removed by the conditional update that uses it).
 */
export const TwoFactor = /* @__PURE__ */ new Entity(
  {
    model: { entity: "twoFactor", version: "1", service: SERVICE },
    attributes: {
      tenantId: { type: "string", required: true },
      userId: { type: "number", required: true },
      /** 1 once a code of `secret` was verified. */
      enabled: { type: "number", default: 0 },
      secret: { type: "string", default: "" },
      /** Offered by setup, becomes `secret` when a code of it is verified. */
      pending: { type: "string", default: "" },
      lastStep: { type: "number", default: 0 },
      recovery: { type: "set", items: "string" },
      enabledAt: { type: "string", default: "" },
    },
    indexes: {
      byUser: { scope: "twoFactor", pk: { field: "pk", composite: ["tenantId", "userId"] }, sk: { field: "sk", composite: [] } },
    },
  },
  /* @__PURE__ */ entityConfig(),
);
