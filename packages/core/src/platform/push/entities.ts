import { Entity } from "electrodb";
import { SERVICE, entityConfig, idAttribute } from "../../kernel/entity.ts";

const str = { type: "string", default: "" } as const;
const num = { type: "number", default: 0 } as const;

/**
 * A tenant's push template (消息推送模板, R512–R514): the WeChat template id (`tempId`) and the
 * WeChat and SMS bodies with `${touser}`, `${msgTime}`, `${address}`. `event` names the business
 * event it answers (rules.ts `PUSH_EVENTS`; "" = used by none); `brandId` is the merchant app
 * (branch) the template belongs to, 0 for every one; `clientId` the tenant's client id (the spec's
 * field, always the session's tenant).
 */
export const PushTemplate = /* @__PURE__ */ new Entity(
  {
    model: { entity: "pushTemplate", version: "1", service: SERVICE },
    attributes: {
      tenantId: { type: "string", required: true },
      id: idAttribute,
      brandId: num,
      clientId: str,
      tempName: { type: "string", required: true },
      tempId: { type: "string", required: true },
      weixinTemp: str,
      smsTemp: str,
      /** The business event (rules.ts PUSH_EVENTS); "none" when the template answers no event, so the index key is always whole. */
      event: { type: "string", default: "none" },
      createTime: str,
      updateTime: str,
    },
    indexes: {
      byId: { scope: "pushTemplate", pk: { field: "pk", composite: ["tenantId"] }, sk: { field: "sk", composite: ["id"] } },
      /** The templates of one event: what `pushItems` reads inside a business write. */
      byEvent: { index: "gsi1", scope: "pushTemplate", pk: { field: "gsi1pk", composite: ["tenantId", "event"] }, sk: { field: "gsi1sk", composite: ["id"] } },
    },
  },
  /* @__PURE__ */ entityConfig(),
);

/**
 * One message to one recipient (消息推送记录, R511): type 1 WeChat template / 2 SMS (`pushType`),
 * status 0 queued (待推送), 1 sent (成功), 2 failed (失败) — the spec's parameter lists. `data` is
 * the rendered body (for WeChat the JSON of the template's fields). `attempts` counts sends, `reason`
 * keeps the last failure. Indexed by status and by type for the list's filters, each sorted by id.
 */
export const PushMessage = /* @__PURE__ */ new Entity(
  {
    model: { entity: "pushMessage", version: "1", service: SERVICE },
    attributes: {
      tenantId: { type: "string", required: true },
      id: idAttribute,
      pushType: { type: "number", required: true },
      status: { type: "number", required: true },
      event: str,
      /** The official-account / mini-program openid (WeChat) or the mobile (SMS). */
      touser: str,
      realname: str,
      /** WeChat: the template id the message is sent with. */
      templateId: str,
      data: str,
      attempts: num,
      reason: str,
      createTime: str,
      /** When it was sent or finally failed. */
      pushTime: str,
    },
    indexes: {
      byId: { scope: "pushMessage", pk: { field: "pk", composite: ["tenantId"] }, sk: { field: "sk", composite: ["id"] } },
      byStatus: { index: "gsi1", scope: "pushMessage", pk: { field: "gsi1pk", composite: ["tenantId", "status"] }, sk: { field: "gsi1sk", composite: ["id"] } },
      byType: { index: "gsi2", scope: "pushMessage", pk: { field: "gsi2pk", composite: ["tenantId", "pushType"] }, sk: { field: "gsi2sk", composite: ["id"] } },
    },
  },
  /* @__PURE__ */ entityConfig(),
);

/**
 * The push job's queue (sorted by when a send falls due; deleted when the message is sent or finally
 * failed, so the job reads only what is pending). `queue` is the shard's partition, `messagePush#<nn>`
 * by the tenant (kernel/queue.ts `queueOf`). A run claims an item by writing its lease conditionally
 * (`leaseUntil` absent or past): of two runs, one sends.
 */
export const PushJob = /* @__PURE__ */ new Entity(
  {
    model: { entity: "pushJob", version: "1", service: SERVICE },
    attributes: {
      /** The shard's partition (kernel/queue.ts `queueOf`), not the bare queue name. */
      queue: { type: "string", required: true },
      dueAt: { type: "string", required: true },
      tenantId: { type: "string", required: true },
      messageId: { type: "number", required: true },
      /** Epoch ms until which a run holds the item; 0 = free. */
      leaseUntil: num,
      lease: str,
    },
    indexes: {
      byDue: { pk: { field: "pk", composite: ["queue"] }, sk: { field: "sk", composite: ["dueAt", "tenantId", "messageId"] } },
    },
  },
  /* @__PURE__ */ entityConfig(),
);

/**
 * What the sandbox adapter of the WeChat and SMS ports "sent" (ports.ts): one item per send,
 * per tenant, newest first — listed in the tests and on the push list's 沙箱发件记录.
 */
export const PushSandboxSend = /* @__PURE__ */ new Entity(
  {
    model: { entity: "pushSandboxSend", version: "1", service: SERVICE },
    attributes: {
      tenantId: { type: "string", required: true },
      /** Epoch ms padded, then a random suffix: sorts by time, never collides. */
      at: { type: "string", required: true },
      channel: { type: "string", required: true },
      to: str,
      templateId: str,
      body: str,
      ok: num,
      reason: str,
      time: str,
    },
    indexes: {
      byTime: { scope: "pushSandboxSend", pk: { field: "pk", composite: ["tenantId"] }, sk: { field: "sk", composite: ["at"] } },
    },
  },
  /* @__PURE__ */ entityConfig(),
);

/**
 * The sandbox provider's idempotency keys: a send asked again under a key it has already answered
 * answers as the first did and sends nothing (ports.ts). Kept a day, as providers keep theirs.
 */
export const PushSandboxKey = /* @__PURE__ */ new Entity(
  {
    model: { entity: "pushSandboxKey", version: "1", service: SERVICE },
    attributes: {
      tenantId: { type: "string", required: true },
      key: { type: "string", required: true },
      ok: num,
      reason: str,
      expiresAt: { type: "number" },
    },
    indexes: {
      byKey: { scope: "pushSandboxKey", pk: { field: "pk", composite: ["tenantId"] }, sk: { field: "sk", composite: ["key"] } },
    },
  },
  /* @__PURE__ */ entityConfig(),
);

export type PushTemplateItem = import("electrodb").EntityItem<typeof PushTemplate>;
export type PushMessageItem = import("electrodb").EntityItem<typeof PushMessage>;
export type PushJobItem = import("electrodb").EntityItem<typeof PushJob>;
export type PushSandboxSendItem = import("electrodb").EntityItem<typeof PushSandboxSend>;
