import { Entity } from "electrodb";
import { SERVICE, entityConfig } from "../kernel/entity.ts";

/**
 * A file stored for a tenant, found by its content hash and extension: the same bytes under the
 * same extension are stored once (dedupe), whoever uploads them. A file uploaded through a
 * presigned PUT is unverified until POST /uploader/confirm has read its first bytes and found the
 * format its name claims; nothing serves, reuses or imports an unverified file (issue 11).
 */
export const StoredFile = new Entity(
  {
    model: { entity: "storedFile", version: "1", service: SERVICE },
    attributes: {
      tenantId: { type: "string", required: true },
      /** Lower-case hex MD5 or SHA-256 of the content. */
      hash: { type: "string", required: true },
      ext: { type: "string", required: true },
      /** Bucket key and public name, `${tenantId}/${hash}.${ext}`; an MD5 alias points at the SHA-256 key. */
      remotename: { type: "string", required: true },
      kind: { type: "string", required: true },
      size: { type: "number", required: true },
      contentType: { type: "string", required: true },
      /** The original file name of the first upload. */
      localname: { type: "string", default: "" },
      uploaderId: { type: "number", default: 0 },
      createTime: { type: "string", required: true },
      /** Epoch ms of the record, to tell an abandoned presigned upload from one under way. */
      createdAt: { type: "number", required: true },
      confirmed: { type: "boolean", default: false },
      /** Its first bytes were read and are the format of its extension (rules.ts looksLike). */
      verified: { type: "boolean", default: false },
    },
    indexes: {
      byHash: { pk: { field: "pk", composite: ["tenantId", "hash"] }, sk: { field: "sk", composite: ["ext"] } },
    },
  },
  entityConfig(),
);
