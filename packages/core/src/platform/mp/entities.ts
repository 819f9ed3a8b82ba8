import { Entity } from "electrodb";
import { SERVICE, entityConfig, idAttribute } from "../../kernel/entity.ts";

/**
 * A tenant's mini-program (R488–R500): basic settings, the payment merchant it collects with and
 * the profit-sharing receivers (finance/profitSharing pays them). Secrets are sealed with the
 * tenant as associated data (clients/secretBox.ts); "" means none. A tenant has a handful, so the
 * list reads the tenant's partition whole (mp/service.ts).
 */
const text = { type: "string", default: "" } as const;
const num = { type: "number", default: 0 } as const;

export const MpConfig = new Entity(
  {
    model: { entity: "mpConfig", version: "1", service: SERVICE },
    attributes: {
      tenantId: { type: "string", required: true },
      id: idAttribute,
      appId: { type: "string", required: true },
      mpName: { type: "string", required: true },
      shop: text,
      menuCode: text,
      logo: text,
      content: text,
      videoUrl: text,
      videoWidth: num,
      videoHeight: num,
      muted: num,
      bgColor: text,
      contactTips: text,
      buyTips: text,
      idisplay: { type: "number", default: 1 },
      /** Sealed AppSecret. */
      secret: text,
      mchId: text,
      mchName: text,
      secretNumber: text,
      /** Sealed. */
      apiV3Key: text,
      /** Sealed remotenames of the merchant certificate and the platform public key (.pem, private in the bucket). */
      certPath: text,
      publickeyId: text,
      publicKeyPath: text,
      /** The payment channel whose binding count this record adds one to (its mchId is the channel's), 0 for none. */
      payConfigId: num,
      groupType: text,
      groupName: text,
      groupAccount: text,
      agentType: text,
      agentName: text,
      agentAccount: text,
      channelType: text,
      channelName: text,
      channelAccount: text,
      /** Moved by every write, which is conditioned on it: two edits of one record cannot both count. */
      rev: num,
      createTime: text,
      updateTime: text,
    },
    indexes: {
      byId: { scope: "mpConfig", pk: { field: "pk", composite: ["tenantId"] }, sk: { field: "sk", composite: ["id"] } },
    },
  },
  entityConfig(),
);
export type MpConfigItem = import("electrodb").EntityItem<typeof MpConfig>;

/**
 * A mini-program AppId is WeChat's, unique in the world: one item per AppId names the tenant and
 * record holding it (created in the record's transaction only when absent or already its own), so
 * two tenants cannot both configure one AppId, and the mini-program's own sign-in can find its
 * tenant from the AppId alone. Platform-wide like the tenants (docs/decisions.md, "Shared items").
 */
export const MpAppKey = new Entity(
  {
    model: { entity: "mpAppKey", version: "1", service: SERVICE },
    attributes: {
      appId: { type: "string", required: true },
      tenantId: { type: "string", required: true },
      mpId: { type: "number", required: true },
    },
    indexes: { byAppId: { pk: { field: "pk", composite: ["appId"] }, sk: { field: "sk", composite: [] } } },
  },
  entityConfig(),
);

/**
 * A mobile user's membership of one mini-program: the openid WeChat gave that user in that app
 * (an openid is per app). Written when the user signs in through the mini-program (code2session,
 * `joinMiniProgram`); the OPENID lookup reads it by the mobile user's id (R501–R503).
 */
export const MpMember = new Entity(
  {
    model: { entity: "mpMember", version: "1", service: SERVICE },
    attributes: {
      tenantId: { type: "string", required: true },
      appId: { type: "string", required: true },
      mobileUserId: idAttribute,
      openId: { type: "string", required: true },
      joinTime: text,
    },
    indexes: { byUser: { pk: { field: "pk", composite: ["tenantId", "appId"] }, sk: { field: "sk", composite: ["mobileUserId"] } } },
  },
  entityConfig(),
);
