import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { testTenant } from "./harness.ts";
import { as } from "./clientsHelpers.ts";
import { seeded } from "../../core/test/seeded.ts";
import { setClockOffset } from "@xiangyu/core/kernel/clock";
import { transact } from "@xiangyu/core/kernel/tx";
import { PushMessage, PushSandboxSend } from "@xiangyu/core/platform/push/entities";
import { LEASE_MS, type PushFault } from "@xiangyu/core/platform/push/messages";
import { pushItems } from "@xiangyu/core/platform/push/enqueue";
import { runMessagePush } from "../src/jobs/messagePush.ts";

/**
 * The push job stopped anywhere and resumed (issue 37): a run that dies after claiming a message,
 * after sending it but before recording the send, or after recording it, is taken over by a later
 * run once its lease lapses; every message then ends sent once and recorded once — the result of an
 * uninterrupted run. The send after a crash is asked under the same idempotency key (message and
 * attempt), which the sandbox provider honours; without the key the "sent" stops would send twice.
 */
let t: Awaited<ReturnType<typeof testTenant>>;
const PER_ROUND = 5;
const POINTS = ["claimed", "sent", "recorded"] as const;
const crash = () => new Error("进程中止（测试）");

beforeAll(async () => {
  t = await testTenant();
  const r = await as(t.adminToken, 1111).post("/gateway/api/messagepush/config/save", {
    tempId: "SMS-FAULT",
    tempName: "故障测试",
    event: "orderReviewed",
    smsTemp: "${touser}：${address}",
  });
  expect(r.body.code).toBe("200");
});
afterEach(() => setClockOffset(0));

const mobile = (round: number, i: number) => `1360${String(round).padStart(5, "0")}${String(i).padStart(2, "0")}`;

async function enqueue(round: number): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < PER_ROUND; i++) {
    const items = await pushItems(t.clientId, "orderReviewed", { to: { recipient: { name: `收件人${i}`, openid: "", mobile: mobile(round, i) } }, address: `第${round}轮` });
    await transact(items);
    ids.push(Number((items[0]!.Put!.Item as { id: number }).id));
  }
  return ids;
}

async function sendsTo(round: number): Promise<string[]> {
  const { data } = await PushSandboxSend.query.byTime({ tenantId: t.clientId }).go({ pages: "all" });
  return data
    .map((s) => s.to ?? "")
    .filter((to) => to.startsWith(`1360${String(round).padStart(5, "0")}`))
    .sort();
}

describe("the push job stopped and resumed", () => {
  it("sends and records every message exactly once, at 21 seeded stop points (after a claim, between a send and its record, after a record)", async () => {
    const pick = seeded(37);
    let offset = 0;
    const reached = new Set<string>();
    for (let round = 0; round < 21; round++) {
      const ids = await enqueue(round);
      const point = POINTS[round % POINTS.length]!;
      const victim = pick(PER_ROUND);
      let seen = 0;
      let dead = false;
      // The process dies at the victim's stop point: every message of the run still in flight stops at its next point.
      const fault: PushFault = (at) => {
        if (dead) throw crash();
        if (at === point && seen++ === victim) {
          dead = true;
          reached.add(point);
          throw crash();
        }
      };
      await expect(runMessagePush({ fault })).rejects.toThrow("进程中止");
      // What was in flight when it died settles (and stops) before the next run starts.
      await new Promise((r) => setTimeout(r, 200));
      offset += LEASE_MS + 1000;
      setClockOffset(offset);
      await runMessagePush();

      for (const id of ids) expect((await PushMessage.get({ tenantId: t.clientId, id }).go({ consistent: true })).data, `round ${round}`).toMatchObject({ status: 1, attempts: 1 });
      expect(await sendsTo(round), `round ${round} (${point} #${victim})`).toEqual(ids.map((_, i) => mobile(round, i)));
    }
    expect([...reached].sort()).toEqual([...POINTS].sort());
  });
});
