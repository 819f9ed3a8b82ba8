import { describe, it, expect, beforeAll } from "vitest";
import { randomBytes } from "node:crypto";
import { markPlatformTenant } from "@xiangyu/core/platform/operator";
import { Tenant } from "@xiangyu/core/platform/entities";
import { forgetTenant } from "@xiangyu/core/platform/tenants";
import { removeTenantItems } from "@xiangyu/core/platform/tenantRemoval";
import { SILENT_REMOVAL_MS } from "@xiangyu/core/platform/tenantRemovalView";
import { workersIdle } from "@xiangyu/core/kernel/background";
import { formatDateTime, nowMs } from "@xiangyu/core/kernel/clock";
import { get, post, testTenant } from "./harness.ts";

/** GET platform/removals (ours, issue 37): the tenants being removed and their progress, the operator's alone. */
const FN = 1101;
const REMOVALS = "/gateway/api/manage/platform/removals";
const SAVE = "/gateway/api/manage/platform/save";
const DELETE = "/gateway/api/manage/platform/delete";

let op: Awaited<ReturnType<typeof testTenant>>;
let other: Awaited<ReturnType<typeof testTenant>>;
const asOp = {
  get: (path: string, query: Record<string, string | number> = {}) => get(path, { token: op.adminToken, functionId: FN, query }),
  post: (path: string, form: Record<string, string | number> = {}) => post(path, { token: op.adminToken, functionId: FN, form }),
};

const newId = () => `r${randomBytes(4).toString("hex")}`;
const mobile = () => `136${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`;

/** A new tenant, disabled and marked deleting without its worker: the removal held still before its first slice. */
async function deletingTenant(): Promise<{ clientId: string; id: number }> {
  const clientId = newId();
  const r = await asOp.post(SAVE, {
    clientId,
    password: `${clientId}-secret`,
    systemName: `删除${clientId}`,
    domain2: `${clientId}.example.com`,
    idisplay: 0,
    adminMobile: mobile(),
    adminPassword: "Initial#2026x",
  });
  expect(r.body.code).toBe("200");
  await Tenant.patch({ clientId }).set({ deleting: 1, updateTime: formatDateTime() }).go();
  forgetTenant(clientId);
  return { clientId, id: r.body.data.id };
}

const rowOf = async (clientId: string) => {
  const r = await asOp.get(REMOVALS);
  expect(r.body.code).toBe("200");
  return (r.body.dataList as Record<string, unknown>[]).find((x) => x.clientId === clientId);
};

beforeAll(async () => {
  [op, other] = await Promise.all([testTenant(), testTenant()]);
  await markPlatformTenant(op.clientId);
}, 60_000);

describe("tenant removals (ours)", () => {
  it("lists a tenant being removed with its progress from the worker's checkpoints, 删除中 while they move", async () => {
    const { clientId, id } = await deletingTenant();
    const before = await rowOf(clientId);
    // Before the first checkpoint: the delete's time is the start, no progress yet.
    expect(before).toMatchObject({ id, clientId, systemName: `删除${clientId}`, removedItems: 0, progressTime: "", state: "running", stateName: "删除中" });
    expect(before!.startTime).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);

    // The worker stopped after its second checkpoint (slices of 5 keys).
    let checkpoints = 0;
    await expect(
      removeTenantItems(clientId, {
        slice: 5,
        fault: (at) => {
          if (at === "checkpoint" && ++checkpoints === 2) throw new Error("stopped");
        },
      }),
    ).rejects.toThrow("stopped");
    const { data: t } = await Tenant.get({ clientId }).go();
    expect(t).toMatchObject({ removedItems: 10 });
    const startMs = t!.removalStart ?? 0;
    const atMs = t!.removalAt ?? 0;
    expect(startMs).toBeGreaterThan(0);
    expect(atMs).toBeGreaterThanOrEqual(startMs);
    const during = await rowOf(clientId);
    expect(during).toMatchObject({ removedItems: 10, state: "running", stateName: "删除中", progressTime: formatDateTime(atMs) });
    expect(during!.startTime).toBe(formatDateTime(startMs));
  });

  it("says 已中断 once no checkpoint came for the worker's window; another delete continues it to the end", async () => {
    const { clientId, id } = await deletingTenant();
    await removeTenantItems(clientId, {
      slice: 5,
      fault: (at) => {
        if (at === "checkpoint") throw new Error("stopped");
      },
    }).catch(() => undefined);
    const startedAt = (await Tenant.get({ clientId }).go()).data!.removalStart;
    // Its last checkpoint longer ago than the window: the chain was lost.
    await Tenant.patch({ clientId })
      .set({ removalAt: nowMs() - SILENT_REMOVAL_MS - 1000 })
      .go();
    expect(await rowOf(clientId)).toMatchObject({ removedItems: 5, state: "stalled", stateName: "已中断" });

    expect((await asOp.post(DELETE, { ids: String(id) })).body).toMatchObject({ code: "200", desc: "删除成功" });
    await workersIdle();
    expect(await rowOf(clientId)).toBeUndefined();
    expect((await Tenant.get({ clientId }).go()).data).toBeNull();
    expect(startedAt).toBeGreaterThan(0);
  });

  it("lists no tenant that is not being removed, and answers an empty list when none is", async () => {
    const r = await asOp.get(REMOVALS);
    expect(r.body.code).toBe("200");
    const ids = (r.body.dataList as { clientId: string }[]).map((x) => x.clientId);
    expect(ids).not.toContain(op.clientId);
    expect(ids).not.toContain(other.clientId);
  });

  it("is the platform operator's alone", async () => {
    const r = await get(REMOVALS, { token: other.adminToken, functionId: FN });
    expect(r.body).toMatchObject({ code: "403", desc: "你无操作权限" });
  });
});
