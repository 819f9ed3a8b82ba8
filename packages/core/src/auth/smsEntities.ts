import { Entity } from "electrodb";
import { SERVICE, entityConfig, idAttribute } from "../kernel/entity.ts";

/**
 * The member's SMS verification (issue 34; auth/smsCodes.ts). Both kinds of item carry `expiresAt`
 * (epoch seconds, kernel/table.ts TTL_ATTRIBUTE), so DynamoDB removes them once they can matter no more.
 */

/**
 * The code a member asked for: one per member (a new send replaces it), for the mobile it was sent
 * to. Only its HMAC is kept; `attempts` is moved by a conditional write per check, so a code takes at
 * most MAX_ATTEMPTS guesses however many requests race.
 */
export const SmsCode = new Entity(
  {
    model: { entity: "smsCode", version: "1", service: SERVICE },
    attributes: {
      tenantId: { type: "string", required: true },
      mobileUserId: idAttribute,
      mobile: { type: "string", required: true },
      hash: { type: "string", required: true },
      /** When the code stops being accepted, epoch ms. */
      validUntil: { type: "number", required: true },
      attempts: { type: "number", required: true },
      sentAt: { type: "number", required: true },
      expiresAt: { type: "number", required: true },
    },
    indexes: {
      byMember: { scope: "smsCode", pk: { field: "pk", composite: ["tenantId", "mobileUserId"] }, sk: { field: "sk", composite: [] } },
    },
  },
  entityConfig(),
);

/**
 * What one subject (`m:<mobile>` or `u:<mobileUserId>`) has been sent: `slot` "recent" holds the last
 * send (`lastAt`, the once-a-minute condition), `slot` <business date> the day's count (`n`, the
 * daily cap). Written only by conditional updates in the send's transaction; no defaults, so an
 * update never puts a counter back to 0.
 */
export const SmsQuota = new Entity(
  {
    model: { entity: "smsQuota", version: "1", service: SERVICE },
    attributes: {
      tenantId: { type: "string", required: true },
      subject: { type: "string", required: true },
      slot: { type: "string", required: true },
      lastAt: { type: "number" },
      n: { type: "number" },
      expiresAt: { type: "number" },
    },
    indexes: {
      bySubject: { scope: "smsQuota", pk: { field: "pk", composite: ["tenantId", "subject"] }, sk: { field: "sk", composite: ["slot"] } },
    },
  },
  entityConfig(),
);
