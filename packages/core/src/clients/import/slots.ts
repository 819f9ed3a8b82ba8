import { Entity } from "electrodb";
import { SERVICE, entityConfig } from "../../kernel/entity.ts";
import { nowMs } from "../../kernel/clock.ts";
import { DomainError } from "../../kernel/errors.ts";
import { conditional, REFUSED } from "../../kernel/tx.ts";
import { errorText, logLine } from "../../kernel/log.ts";

/**
 * The per-tenant limit on imports running at once (issue 37; docs/decisions.md "Customer import in
 * slices"). A tenant has IMPORT_SLOTS slot items; an accepted import holds one as a lease: taken by
 * a conditional put (free, or its lease run out), renewed by the worker at every invocation and
 * checkpoint, given back when the job ends (done, failed, interrupted). A worker that dies without a
 * word leaves its lease to run out after SLOT_LEASE_MS — the moment its job reads 导入中断 — so no
 * slot is held for ever.
 *
 * Why 2: every row of every import of a tenant lands in the tenant's client partition (`byId`,
 * ≈ 500 rows/s) and its clients' tenant + status index partition (`gsi3`, ≈ 1,000 rows/s; docs/
 * scale.md "Hot keys"), whatever the store. A third import adds no throughput, only throttling;
 * two let a small import run beside a long one, and the running imports share the tenant's pace
 * (`tenantPace`), so together they stay under both ceilings.
 */
export const IMPORT_SLOTS = 2;
/** A lease lasts as long as a job may stay silent before it reads 导入中断 (jobs.ts SILENT_JOB_MS). */
export const SLOT_LEASE_MS = 20 * 60 * 1000;
export const IMPORT_BUSY = "已有导入正在进行，请稍后再试";

export const ImportSlot = /* @__PURE__ */ new Entity(
  {
    model: { entity: "clientImportSlot", version: "1", service: SERVICE },
    attributes: {
      tenantId: { type: "string", required: true },
      slot: { type: "number", required: true },
      jobId: { type: "string", required: true },
      /** The lease's end (ms): past it the slot is free to take. */
      leaseUntil: { type: "number", required: true },
      /** DynamoDB removes a slot left behind a day after its lease (s). */
      expiresAt: { type: "number" },
    },
    indexes: {
      bySlot: { pk: { field: "pk", composite: ["tenantId"] }, sk: { field: "sk", composite: ["slot"] } },
    },
  },
  /* @__PURE__ */ entityConfig(),
);

const lease = (now: number) => ({ leaseUntil: now + SLOT_LEASE_MS, expiresAt: Math.floor((now + SLOT_LEASE_MS) / 1000) + 86_400 });
const slots = () => Array.from({ length: IMPORT_SLOTS }, (_, i) => i);

/** Takes a free slot for the job, or refuses with 已有导入正在进行，请稍后再试. Each slot is one conditional put: of imports accepted at once, exactly IMPORT_SLOTS win. */
export async function claimSlot(tenantId: string, jobId: string): Promise<number> {
  for (const slot of slots()) {
    const now = nowMs();
    const taken = await conditional(
      ImportSlot.put({ tenantId, slot, jobId, ...lease(now) })
        .where((a, { notExists, lt }) => `${notExists(a.jobId)} OR ${lt(a.leaseUntil, now)}`)
        .go({ response: "none" }),
    );
    if (taken !== REFUSED) return slot;
  }
  throw new DomainError(IMPORT_BUSY, "409");
}

/** The job's lease moved on (it is alive); nothing when it holds none. Answers how many of the tenant's slots are held now. */
export async function renewSlot(tenantId: string, jobId: string): Promise<number> {
  const now = nowMs();
  const { data } = await ImportSlot.query.bySlot({ tenantId }).go({ consistent: true });
  const mine = data.find((s) => s.jobId === jobId && s.leaseUntil >= now);
  if (mine)
    await conditional(
      ImportSlot.patch({ tenantId, slot: mine.slot })
        .set(lease(now))
        .where((a, { eq }) => eq(a.jobId, jobId))
        .go({ response: "none" }),
    );
  return data.filter((s) => s.leaseUntil >= now).length;
}

/** The job's slot given back (each slot deleted only while it is the job's). Never fails the caller: a slot left behind runs out. */
export async function releaseSlot(tenantId: string, jobId: string): Promise<void> {
  await Promise.all(
    slots().map((slot) =>
      conditional(
        ImportSlot.delete({ tenantId, slot })
          .where((a, { eq }) => eq(a.jobId, jobId))
          .go({ response: "none" }),
      ),
    ),
  ).catch((e) => logLine("warn", { msg: "import: slot not released", jobId, error: errorText(e) }));
}

/** The pace of one import when `running` imports of its tenant share the tenant's rows per second. */
export const tenantPace = (rowsPerSecond: number, running: number) => rowsPerSecond / Math.max(1, Math.min(running, IMPORT_SLOTS));
