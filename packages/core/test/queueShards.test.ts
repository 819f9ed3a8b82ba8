import { describe, expect, it } from "vitest";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { PER_SHARD, QUEUE_SHARDS, queueKeys, queueOf, shardKey, shardOf } from "../src/kernel/queue.ts";
import { formatDateTime, nowMs } from "../src/kernel/clock.ts";
import { transact } from "../src/kernel/tx.ts";
import { PushJob } from "../src/platform/push/entities.ts";
import { QUEUE as PUSH_QUEUE } from "../src/platform/push/enqueue.ts";
import { runMessagePush } from "../src/platform/push/messages.ts";
import { GoodsJob } from "../src/goods/entities.ts";
import { EXPIRE_QUEUE, REFUND_QUEUE } from "../src/goods/orders.ts";
import { runGoodsJobs } from "../src/goods/orderJobs.ts";
import { PAY_DEADLINES, PayDeadline, RefundJob, type HotelOrderItem } from "../src/orders/entities.ts";
import { requestRefund, settleDueRefunds } from "../src/orders/payments.ts";
import { closeOverdueOrders } from "../src/orders/memberExpiry.ts";
import { ProfitShareJob } from "../src/finance/profitSharing/entities.ts";
import { QUEUE as SHARE_QUEUE, submitItem } from "../src/finance/profitSharing/port.ts";
import { settleDueShares } from "../src/finance/profitSharing/records.ts";

/**
 * The sharded job queues (issue 37, kernel/queue.ts): a tenant's items land in its shard, a worker
 * run reads every shard (and the unsharded key of before), and one shard's backlog beyond the
 * per-run bound leaves the other shards their turn. The items name records that do not exist, so
 * each worker only takes them off its queue — the queue's reading is what is tested here; what the
 * workers do with a real record is tested with each area (functions/test).
 */

/** Tenant ids, one per shard: the first `q-<i>` hashing to each. */
const tenantOfShard: string[] = [];
for (let i = 0; tenantOfShard.filter(Boolean).length < QUEUE_SHARDS; i++) tenantOfShard[shardOf(`q-${i}`)] ??= `q-${i}`;
const [tenantA, tenantB] = [tenantOfShard[3]!, tenantOfShard[11]!];

/** Due `ageMs` ago. */
const past = (ageMs = 60_000) => formatDateTime(nowMs() - ageMs);
let nextOrder = 1;

type Queue = {
  name: string;
  /** One due item of the tenant, put in the partition given (its shard's, or the legacy key), due `ageMs` ago. */
  put: (tenantId: string, queue: string, ageMs?: number) => Promise<void>;
  /** How many items a partition holds. */
  left: (queue: string) => Promise<number>;
  /** One worker run, at most `perShard` of each shard. */
  run: (perShard?: number) => Promise<unknown>;
};

const count = (r: Promise<{ data: unknown[] }>) => r.then((x) => x.data.length);
const QUEUES: Queue[] = [
  {
    name: PUSH_QUEUE,
    put: (tenantId, queue, ageMs) =>
      PushJob.create({ queue, dueAt: past(ageMs), tenantId, messageId: nextOrder++ })
        .go()
        .then(() => undefined),
    left: (queue) => count(PushJob.query.byDue({ queue }).go({ pages: "all" })),
    run: (limit) => runMessagePush({ limit }),
  },
  {
    name: EXPIRE_QUEUE,
    put: (tenantId, queue, ageMs) =>
      GoodsJob.create({ queue, dueAt: past(ageMs), tenantId, orderId: nextOrder++ })
        .go()
        .then(() => undefined),
    left: (queue) => count(GoodsJob.query.byDue({ queue }).go({ pages: "all" })),
    run: (limit) => runGoodsJobs(limit),
  },
  {
    name: REFUND_QUEUE,
    put: (tenantId, queue, ageMs) =>
      GoodsJob.create({ queue, dueAt: past(ageMs), tenantId, orderId: nextOrder++, refundId: "RG1" })
        .go()
        .then(() => undefined),
    left: (queue) => count(GoodsJob.query.byDue({ queue }).go({ pages: "all" })),
    run: (limit) => runGoodsJobs(limit),
  },
  {
    name: "refunds",
    put: (tenantId, queue, ageMs) =>
      RefundJob.create({ queue, dueAt: past(ageMs), tenantId, orderId: nextOrder++, refundId: "RF1", amountFen: 100 })
        .go()
        .then(() => undefined),
    left: (queue) => count(RefundJob.query.byDue({ queue }).go({ pages: "all" })),
    run: (limit) => settleDueRefunds(limit),
  },
  {
    name: PAY_DEADLINES,
    put: (tenantId, queue, ageMs) =>
      PayDeadline.create({ queue, dueAt: past(ageMs), tenantId, orderId: nextOrder++ })
        .go()
        .then(() => undefined),
    left: (queue) => count(PayDeadline.query.byDue({ queue }).go({ pages: "all" })),
    run: (limit) => closeOverdueOrders(limit),
  },
  {
    name: SHARE_QUEUE,
    put: (tenantId, queue, ageMs) =>
      ProfitShareJob.create({ queue, dueAt: past(ageMs), tenantId, recordId: nextOrder++, attempt: 1, kind: "submit" })
        .go()
        .then(() => undefined),
    left: (queue) => count(ProfitShareJob.query.byDue({ queue }).go({ pages: "all" })),
    run: (limit) => settleDueShares(limit),
  },
];

/** What each partition of a queue holds, by its key. */
const layout = async (q: Queue) => Object.fromEntries(await Promise.all(queueKeys(q.name).map(async (k) => [k, await q.left(k)] as const)));

describe("the shard of an item", () => {
  it("is the tenant's, stable, within the N shards, and spreads tenants over them", () => {
    expect(shardOf("q-1")).toBe(shardOf("q-1"));
    const shards = Array.from({ length: 200 }, (_, i) => shardOf(`tenant-${i}`));
    expect(shards.every((s) => Number.isInteger(s) && s >= 0 && s < QUEUE_SHARDS)).toBe(true);
    // 200 tenants over 16 shards: every shard used, none with more than a few times its share.
    const per = Array.from({ length: QUEUE_SHARDS }, (_, s) => shards.filter((x) => x === s).length);
    expect(Math.min(...per)).toBeGreaterThan(0);
    expect(Math.max(...per)).toBeLessThan((200 / QUEUE_SHARDS) * 3);
    expect(queueOf("refunds", tenantA)).toBe(shardKey("refunds", 3));
    expect(queueKeys("refunds")).toHaveLength(QUEUE_SHARDS + 1);
  });

  it("puts the items of two tenants, written by the queues' own producers, in their different shards", async () => {
    const order = (tenantId: string, id: number) => ({ tenantId, id, priceFen: 100, shop: "", outTradeNo: "XY1" }) as HotelOrderItem;
    await transact([submitItem(tenantA, 900_001, 1), submitItem(tenantB, 900_002, 1)]);
    await transact(requestRefund(order(tenantA, 900_003), "测试").items);
    await transact(requestRefund(order(tenantB, 900_004), "测试").items);
    for (const [entity, name] of [
      [ProfitShareJob, SHARE_QUEUE],
      [RefundJob, "refunds"],
    ] as const) {
      const e = entity as typeof RefundJob;
      const inShard = async (shard: number) => (await e.query.byDue({ queue: shardKey(name, shard) }).go()).data;
      const [a, b] = [await inShard(3), await inShard(11)];
      expect(a.map((j) => j.tenantId)).toEqual([tenantA]);
      expect(b.map((j) => j.tenantId)).toEqual([tenantB]);
      // Nothing in the one key all tenants shared before.
      expect(await count(e.query.byDue({ queue: name }).go())).toBe(0);
      // Taken away for the tests below (the refunds fall due only after the sandbox's delay).
      await e.delete([...a, ...b]).go();
    }
  });
});

describe("every producer", () => {
  it("writes a queue item through queueOf, never to a bare queue key", () => {
    const src = join(__dirname, "../src");
    const files = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(join(dir, e.name)) : e.name.endsWith(".ts") ? [join(dir, e.name)] : []));
    const creates = files(src).flatMap((f) =>
      [...readFileSync(f, "utf8").matchAll(/\b(PushJob|GoodsJob|RefundJob|PayDeadline|ProfitShareJob)\.create\(\{[^}]*?\bqueue:\s*([^,\n]+)/g)].map(
        (m) => `${f.slice(src.length + 1)}: ${m[2]}`,
      ),
    );
    // push (enqueue, retry), goods (deadline, refund), orders (refund, payment deadline), profit sharing.
    expect(creates.length).toBeGreaterThanOrEqual(7);
    expect(creates.filter((c) => !/: queueOf\(/.test(c))).toEqual([]);
  });
});

describe("a worker run", () => {
  it.each(QUEUES.map((q) => [q.name, q] as const))("drains every shard of %s, and the unsharded key of before", async (_name, q) => {
    await q.run(1000); // what an earlier test left
    for (const tenantId of tenantOfShard) await q.put(tenantId, queueOf(q.name, tenantId));
    await q.put(tenantA, q.name);
    const before = await layout(q);
    expect(Object.values(before).every((n) => n >= 1)).toBe(true);
    await q.run();
    expect(Object.values(await layout(q)).every((n) => n === 0)).toBe(true);
  });

  it.each(QUEUES.map((q) => [q.name, q] as const))("of %s: one shard's backlog beyond the per-run bound does not starve the others", async (_name, q) => {
    const bound = 4;
    await q.run(1000);
    // Tenant A's backlog: three runs' worth, all due a minute before tenant B's one item (in one
    // shared key, B's would come last).
    for (let i = 0; i < bound * 3; i++) await q.put(tenantA, queueOf(q.name, tenantA), 120_000);
    await q.put(tenantB, queueOf(q.name, tenantB));
    await q.run(bound);
    // B's item went in the first run, beside A's first `bound`; A's rest waits for the next runs.
    expect(await q.left(queueOf(q.name, tenantB))).toBe(0);
    expect(await q.left(queueOf(q.name, tenantA))).toBe(bound * 2);
    await q.run(bound);
    await q.run(bound);
    expect(await q.left(queueOf(q.name, tenantA))).toBe(0);
  });

  it("is bounded: at most the per-shard bound of each shard by default", async () => {
    const q = QUEUES.find((x) => x.name === SHARE_QUEUE)!;
    await q.run(1000);
    for (let i = 0; i < PER_SHARD + 5; i++) await q.put(tenantA, queueOf(q.name, tenantA));
    await q.put(tenantB, queueOf(q.name, tenantB));
    expect(await settleDueShares()).toBe(PER_SHARD + 1);
    expect(await q.left(queueOf(q.name, tenantA))).toBe(5);
    expect(await settleDueShares()).toBe(5);
  });
});
