import { Entity } from "electrodb";
import { SERVICE, entityConfig, idAttribute } from "../kernel/entity.ts";

/**
 * A client (customer or member) of a tenant, belonging to one shop (an organisation code).
 *
 * Lists are Queries on partitions sorted by id (newest first):
 * - the whole tenant (byId), the tenant by status (byStatus),
 * - one shop (byShop), one shop by status (byShopStatus).
 * A filter on a branch (a code prefix) merges the shop partitions below it (clients/list.ts).
 * Keyword search never reads these: it reads the search keys (ClientMobile, ClientTerm).
 */
export const Client = new Entity(
  {
    model: { entity: "client", version: "1", service: SERVICE },
    attributes: {
      tenantId: { type: "string", required: true },
      id: idAttribute,
      /** Mini-program user bound to this client ("" when none). */
      globalId: { type: "string", default: "" },
      clientName: { type: "string", required: true },
      memberCode: { type: "string", default: "" },
      sex: { type: "string", default: "" },
      age: { type: "number", default: 0 },
      idCard: { type: "string", default: "" },
      mobile: { type: "string", required: true },
      email: { type: "string", default: "" },
      province: { type: "string", default: "" },
      city: { type: "string", default: "" },
      county: { type: "string", default: "" },
      address: { type: "string", default: "" },
      marketer: { type: "string", default: "" },
      clientSource: { type: "string", default: "" },
      shop: { type: "string", required: true },
      status: { type: "number", required: true },
      maritalStatus: { type: "string", default: "" },
      jobType: { type: "string", default: "" },
      memberLevel: { type: "string", default: "" },
      /** When the level came from the lots: the last expiry among those giving it (past it a read derives it again, clients/memberLevel.ts); "" otherwise. */
      levelUntil: { type: "string", default: "" },
      remark: { type: "string", default: "" },
      /** 1 when the mobile belongs to a staff user (the list's 'exclude staff members'). */
      isMgr: { type: "number", default: 0 },
      /** Four-digit work-order status code kept by the work-order area; "" = never phone-invited. */
      workOrderStatus: { type: "string", default: "" },
      /** The staff user who created the client (0: before creators were kept, or imported): "only self" reads it (ClientOwner). */
      createUserId: { type: "number", default: 0 },
      createTime: { type: "string", required: true },
      /** Bumped by every write: an edit is refused when someone else wrote in between. */
      rev: { type: "number", default: 0 },
    },
    indexes: {
      // Scoped: 200,000 clients must not share a partition with the tenant's other items.
      byId: { scope: "client", pk: { field: "pk", composite: ["tenantId"] }, sk: { field: "sk", composite: ["id"] } },
      byShop: { scope: "client", index: "gsi1", pk: { field: "gsi1pk", composite: ["tenantId", "shop"] }, sk: { field: "gsi1sk", composite: ["id"] } },
      byShopStatus: { scope: "client", index: "gsi2", pk: { field: "gsi2pk", composite: ["tenantId", "shop", "status"] }, sk: { field: "gsi2sk", composite: ["id"] } },
      byStatus: { scope: "client", index: "gsi3", pk: { field: "gsi3pk", composite: ["tenantId", "status"] }, sk: { field: "gsi3sk", composite: ["id"] } },
    },
  },
  entityConfig(),
);

/**
 * One item per mobile and shop: keeps a mobile unique within a shop (conditional put) and answers
 * a keyword that is a mobile number (all shops of the mobile in one Query).
 */
export const ClientMobile = new Entity(
  {
    model: { entity: "clientMobile", version: "1", service: SERVICE },
    attributes: {
      tenantId: { type: "string", required: true },
      mobile: { type: "string", required: true },
      shop: { type: "string", required: true },
      clientId: { type: "number", required: true },
      clientName: { type: "string", default: "" },
      status: { type: "number", default: 1 },
      isMgr: { type: "number", default: 0 },
      /** The client's creator: a keyword search of an "only self" caller keeps its own clients' keys. */
      createUserId: { type: "number", default: 0 },
    },
    indexes: {
      byMobile: { pk: { field: "pk", composite: ["tenantId", "mobile"] }, sk: { field: "sk", composite: ["shop"] } },
    },
  },
  entityConfig(),
);

/**
 * Search keys for names and member codes: `kind` is "n1" (first character of the name), "n2" (first
 * two characters) or "code" (the whole member code, upper case). Each carries what a search result
 * and the list filters need, so a keyword list reads no client until its page is known.
 */
export const ClientTerm = new Entity(
  {
    model: { entity: "clientTerm", version: "1", service: SERVICE },
    attributes: {
      tenantId: { type: "string", required: true },
      kind: { type: "string", required: true },
      term: { type: "string", required: true },
      clientId: idAttribute,
      clientName: { type: "string", default: "" },
      /** The name in lower case: a longer keyword filters on it, so Latin names match in any case. */
      nameKey: { type: "string", default: "" },
      mobile: { type: "string", default: "" },
      memberCode: { type: "string", default: "" },
      shop: { type: "string", default: "" },
      status: { type: "number", default: 1 },
      isMgr: { type: "number", default: 0 },
      createUserId: { type: "number", default: 0 },
    },
    indexes: {
      byTerm: { pk: { field: "pk", composite: ["tenantId", "kind", "term"] }, sk: { field: "sk", composite: ["clientId"] } },
    },
  },
  entityConfig(),
);

/**
 * List totals of clients per shop, status and staff flag. A filter's total is the sum of the tallies
 * it covers: one Query of a few hundred small items whatever the number of clients.
 */
export const ClientTally = new Entity(
  {
    model: { entity: "clientTally", version: "1", service: SERVICE },
    attributes: {
      tenantId: { type: "string", required: true },
      shop: { type: "string", required: true },
      status: { type: "number", required: true },
      isMgr: { type: "number", required: true },
      n: { type: "number", default: 0 },
      /** Grows with every write that moves the tally: with `changedAt`, the version of the lists it covers (kernel/mergedPages.ts). */
      moves: { type: "number", default: 0 },
      changedAt: { type: "number", default: 0 },
    },
    indexes: {
      byShop: { scope: "clientTally", pk: { field: "pk", composite: ["tenantId"] }, sk: { field: "sk", composite: ["shop", "status", "isMgr"] } },
    },
  },
  entityConfig(),
);

/**
 * The creator's key of a client ("only self", docs/decisions.md "Data scope"): one item per client
 * with a creator, in the creator's partition sorted by id, carrying what the list filters on. It is
 * written, rewritten and removed in the client's transaction, beside the creator's total
 * (`client#owner#<userId>`, kernel/counters.ts), so a self-scoped list is one bounded Query.
 */
export const ClientOwner = new Entity(
  {
    model: { entity: "clientOwner", version: "1", service: SERVICE },
    attributes: {
      tenantId: { type: "string", required: true },
      createUserId: { type: "number", required: true },
      clientId: idAttribute,
      shop: { type: "string", required: true },
      status: { type: "number", required: true },
      isMgr: { type: "number", default: 0 },
    },
    indexes: {
      byOwner: { scope: "clientOwner", pk: { field: "pk", composite: ["tenantId", "createUserId"] }, sk: { field: "sk", composite: ["clientId"] } },
    },
  },
  entityConfig(),
);

/** A customer import: progress the console polls, and the outcome. */
export const ImportJob = new Entity(
  {
    model: { entity: "clientImport", version: "1", service: SERVICE },
    attributes: {
      tenantId: { type: "string", required: true },
      jobId: { type: "string", required: true },
      userId: { type: "number", default: 0 },
      shop: { type: "string", default: "" },
      excelName: { type: "string", default: "" },
      /** running | done | failed */
      state: { type: "string", default: "running" },
      rowsDone: { type: "number", default: 0 },
      total: { type: "number", default: 0 },
      successCount: { type: "number", default: 0 },
      failCount: { type: "number", default: 0 },
      desc: { type: "string", default: "" },
      /** Bucket key of the failure report ("" when every row was imported). */
      failureKey: { type: "string", default: "" },
      /** Set by the first worker run that takes the job (ms); a second delivery of the same start finds it set and leaves. */
      claimedAt: { type: "number" },
      /** The run that took the job: its own request, retried by the SDK after it landed, still finds the job its. */
      claimedBy: { type: "string" },
      /** The checkpoint (issue 37, import.ts): rows of the sheet cut into slices of `sliceRows`, `slices` of them, staged in the bucket; 0 until staged. */
      sliceRows: { type: "number", default: 0 },
      slices: { type: "number", default: 0 },
      /** The next slice to write; the counts above are those of the slices before it. */
      nextSlice: { type: "number", default: 0 },
      /** Client ids reserved for slice `idsFor`, from `firstId` (one per row): a retried slice writes the same ids. */
      idsFor: { type: "number" },
      firstId: { type: "number" },
      /** The expected duration at the write ceiling (ms), set once the sheet is counted. */
      expectedMs: { type: "number", default: 0 },
      /** Invocations that worked on the job (hand-overs and retries included), and failed runs since the last checkpoint. */
      runs: { type: "number", default: 0 },
      crashes: { type: "number", default: 0 },
      createTime: { type: "string", default: "" },
      updateTime: { type: "string", default: "" },
      expiresAt: { type: "number" },
    },
    indexes: {
      byJob: { pk: { field: "pk", composite: ["tenantId", "jobId"] }, sk: { field: "sk", composite: [] } },
    },
  },
  entityConfig(),
);

export type ClientItem = import("electrodb").EntityItem<typeof Client>;
export type ClientTermItem = import("electrodb").EntityItem<typeof ClientTerm>;
export type ImportJobItem = import("electrodb").EntityItem<typeof ImportJob>;
