import { Entity } from "electrodb";
import { SERVICE, entityConfig } from "../../kernel/entity.ts";

/**
 * A binding key (weixinservice/initOaBindingInfo): a staff member's request to bind their WeChat
 * official-account openid, valid for OA_KEY_MS and used once. `status` moves waiting → bound in
 * the binding's transaction, conditioned on waiting and unexpired, so of any number of oaBinding
 * calls with one key exactly one binds. DynamoDB's TTL removes the item a day after it expired.
 */
export const OaBindingKey = new Entity(
  {
    model: { entity: "oaBindingKey", version: "1", service: SERVICE },
    attributes: {
      tenantId: { type: "string", required: true },
      key: { type: "string", required: true },
      userId: { type: "number", required: true },
      appId: { type: "string", required: true },
      /** ms; the key binds nothing after it. */
      validUntil: { type: "number", required: true },
      status: { type: ["waiting", "bound"] as const, required: true },
      openId: { type: "string", default: "" },
      createTime: { type: "string", default: "" },
      boundTime: { type: "string", default: "" },
      /** Epoch seconds; DynamoDB's TTL attribute. */
      expiresAt: { type: "number", required: true },
    },
    indexes: { byKey: { pk: { field: "pk", composite: ["tenantId", "key"] }, sk: { field: "sk", composite: [] } } },
  },
  entityConfig(),
);
export type OaBindingKeyItem = import("electrodb").EntityItem<typeof OaBindingKey>;
