import { Entity } from "electrodb";
import { SERVICE, entityConfig } from "../kernel/entity.ts";

/**
 * A sales person bound to a channel. Channels themselves are rows of a style-parameter list
 * (styleen, styleid = code, stylename = name, pseudocode = description), as the spec's channel
 * fields show and style/attrdelete deletes them; the bindings live here, one item per user.
 */
export const ChannelUser = new Entity(
  {
    model: { entity: "channelUser", version: "1", service: SERVICE },
    attributes: {
      tenantId: { type: "string", required: true },
      styleen: { type: "string", required: true },
      /** The channel's row id (stable when its code changes). */
      channelId: { type: "number", required: true },
      userId: { type: "number", required: true },
      bindUser: { type: "string", default: "" },
    },
    indexes: {
      byList: { scope: "channelUser", pk: { field: "pk", composite: ["tenantId", "styleen"] }, sk: { field: "sk", composite: ["channelId", "userId"] } },
    },
  },
  entityConfig(),
);
