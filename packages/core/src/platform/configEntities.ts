import { Entity } from "electrodb";
import { SERVICE, entityConfig, idAttribute } from "../kernel/entity.ts";

/**
 * The platform configuration records (payment channels, WeChat accounts, SMS, database
 * connections, app versions): platform data like the tenants, so no tenant in their keys, each kind
 * one partition read whole (configStore.ts: tens of records, never thousands). Secrets are sealed
 * (AES-256-GCM, clients/secretBox.ts) before they are stored; "" means none.
 */
const platformKey = { pk: { field: "pk", composite: [] }, sk: { field: "sk", composite: ["id"] } } as const;
const times = { createTime: { type: "string", default: "" }, updateTime: { type: "string", default: "" } } as const;

/** A payment channel (R443–R450). `bindingCount` moves in the same transaction as the WeChat account that binds or unbinds it. */
export const PayConfig = /* @__PURE__ */ new Entity(
  {
    model: { entity: "payConfig", version: "1", service: SERVICE },
    attributes: {
      id: idAttribute,
      appType: { type: "number", required: true },
      mchId: { type: "string", required: true },
      mchName: { type: "string", required: true },
      secretNumber: { type: "string", default: "" },
      /** Sealed. */
      apiV3Key: { type: "string", default: "" },
      /** Sealed remotename of the merchant certificate (.pem, private in the bucket). */
      certPath: { type: "string", default: "" },
      publickeyId: { type: "string", default: "" },
      /** Sealed remotename of the platform public key (.pem). */
      publicKeyPath: { type: "string", default: "" },
      activeCode: { type: "string", default: "" },
      isUsing: { type: "number", default: 1 },
      notifyUrl: { type: "string", default: "" },
      refundNotifyUrl: { type: "string", default: "" },
      bindingCount: { type: "number", default: 0 },
      ...times,
    },
    indexes: { byId: platformKey },
  },
  /* @__PURE__ */ entityConfig(),
);

/** A WeChat platform account (R451–R457). */
export const WxConfig = /* @__PURE__ */ new Entity(
  {
    model: { entity: "wxConfig", version: "1", service: SERVICE },
    attributes: {
      id: idAttribute,
      clientId: { type: "string", required: true },
      appType: { type: "number", required: true },
      /** The bound payment channel's mchId, "" for none. */
      payMchId: { type: "string", default: "" },
      appName: { type: "string", default: "" },
      appid: { type: "string", required: true },
      /** Sealed AppSecret. */
      secret: { type: "string", default: "" },
      apiUrl: { type: "string", default: "" },
      qrcode: { type: "string", default: "" },
      masterAccount: { type: "number", default: 0 },
      dfAccount: { type: "number", default: 0 },
      status: { type: "number", default: 1 },
      /** Moved by every write, which is conditioned on it: two edits of one account cannot both count. */
      rev: { type: "number", default: 0 },
      ...times,
    },
    indexes: { byId: platformKey },
  },
  /* @__PURE__ */ entityConfig(),
);

/**
 * Who holds the main (`master`) or default (`default`) flag of a tenant's app type: one item per
 * tenant, app type and flag, created only when absent or already the same account's (R457).
 */
export const WxFlag = /* @__PURE__ */ new Entity(
  {
    model: { entity: "wxFlag", version: "1", service: SERVICE },
    attributes: {
      clientId: { type: "string", required: true },
      appType: { type: "number", required: true },
      flag: { type: ["master", "default"] as const, required: true },
      holder: { type: "number", required: true },
    },
    indexes: { byKey: { pk: { field: "pk", composite: [] }, sk: { field: "sk", composite: ["clientId", "appType", "flag"] } } },
  },
  /* @__PURE__ */ entityConfig(),
);

/** An SMS configuration (R458–R467). */
export const SmsConfig = /* @__PURE__ */ new Entity(
  {
    model: { entity: "smsConfig", version: "1", service: SERVICE },
    attributes: {
      id: idAttribute,
      branchId: { type: "number", required: true },
      smsPlatform: { type: "string", required: true },
      smsSignature: { type: "string", required: true },
      appId: { type: "string", required: true },
      secretId: { type: "string", default: "" },
      /** Sealed. */
      secretKey: { type: "string", default: "" },
      templateJson: { type: "string", default: "" },
      ...times,
    },
    indexes: { byId: platformKey },
  },
  /* @__PURE__ */ entityConfig(),
);

/** A database connection record (R468–R475): configuration of connected systems, read by none of ours. */
export const DbConfig = /* @__PURE__ */ new Entity(
  {
    model: { entity: "dbConfig", version: "1", service: SERVICE },
    attributes: {
      id: idAttribute,
      systemCode: { type: "string", required: true },
      activeCode: { type: "string", required: true },
      databaseCode: { type: "string", required: true },
      jdbcUrl: { type: "string", required: true },
      username: { type: "string", required: true },
      /** Sealed. */
      password: { type: "string", default: "" },
      driverClassName: { type: "string", default: "" },
      redisHost: { type: "string", default: "" },
      redisPort: { type: "number", default: 6379 },
      /** Sealed. */
      redisPassword: { type: "string", default: "" },
      redisDatabaseId: { type: "number", default: 0 },
      redisTimeout: { type: "number", default: 5000 },
      redisMaxIdle: { type: "number", default: 20 },
      redisMinIdle: { type: "number", default: 8 },
      redisMaxWait: { type: "number", default: 30000 },
      redisMaxActive: { type: "number", default: 100 },
      idisplay: { type: "number", default: 1 },
      ...times,
    },
    indexes: { byId: platformKey },
  },
  /* @__PURE__ */ entityConfig(),
);

/** An app version offered as an update (R484–R487). */
export const AppVersion = /* @__PURE__ */ new Entity(
  {
    model: { entity: "appVersion", version: "1", service: SERVICE },
    attributes: {
      id: idAttribute,
      appid: { type: "string", required: true },
      appName: { type: "string", required: true },
      version: { type: "string", default: "" },
      versionCode: { type: "number", required: true },
      url: { type: "string", required: true },
      updateInfo: { type: "string", default: "" },
      ...times,
    },
    indexes: { byId: platformKey },
  },
  /* @__PURE__ */ entityConfig(),
);

export type PayConfigItem = import("electrodb").EntityItem<typeof PayConfig>;
export type WxConfigItem = import("electrodb").EntityItem<typeof WxConfig>;
export type SmsConfigItem = import("electrodb").EntityItem<typeof SmsConfig>;
export type DbConfigItem = import("electrodb").EntityItem<typeof DbConfig>;
export type AppVersionItem = import("electrodb").EntityItem<typeof AppVersion>;
