import { describe, it, expect, vi, afterEach, beforeEach } from "vitest";
import { forgetPageStarts, readPageFrom, SETTLE_MS, type ListVersion } from "../src/kernel/pageStarts.ts";
import { addTotal, tallied, totalDelta } from "../src/kernel/counters.ts";
import { readPaging } from "../src/kernel/paging.ts";
import { headOffice } from "../src/kernel/context.ts";
import { transact, txPut } from "../src/kernel/tx.ts";
import { VoucherExchange } from "../src/vouchers/entities.ts";
import { listExchanges } from "../src/vouchers/exchanges.ts";
import type { PageRun } from "../src/kernel/list.ts";

/**
 * Remembered page starts (kernel/pageStarts.ts): a deep page's walk is done once per list and
 * version; any write that moves the version makes the next deep read walk again, and a walk made
 * within the settle window after a write is not remembered (the index may still lag it).
 */
const realNow = Date.now;
const at = (ms: number) => vi.spyOn(Date, "now").mockImplementation(() => ms);

/**
 * A list of distinct `rows` whose walks are counted; `rows` may change under it like a table. A
 * cursor is the last row read (as DynamoDB's is the last key): the next read goes on after it.
 */
function fakeList(rows: number[]) {
  const walks: number[] = [];
  const run: PageRun<number> = async ({ limit, cursor, keysOnly }) => {
    const from = cursor === null ? 0 : rows.indexOf(Number(cursor)) + 1;
    if (keysOnly) walks.push(limit);
    const data = rows.slice(from, from + limit);
    return { data, cursor: from + limit < rows.length ? String(data[data.length - 1]) : null };
  };
  return { run, walks };
}

const page = (n: number) => readPaging({ currentPage: n, pageSize: 2 });

beforeEach(() => forgetPageStarts());
afterEach(() => vi.restoreAllMocks());

describe("readPageFrom", () => {
  it("walks a deep page once per version, and again after a write moved the version", async () => {
    const rows = [1, 2, 3, 4, 5, 6, 7, 8];
    const { run, walks } = fakeList(rows);
    const v: ListVersion = { version: 3, changedAt: 1_000 };
    at(1_000 + SETTLE_MS + 1);
    expect(await readPageFrom(run, page(3), "l", async () => v)).toEqual([5, 6]);
    expect(await readPageFrom(run, page(3), "l", async () => v)).toEqual([5, 6]);
    expect(walks).toEqual([4]);
    // Another depth and another list have their own starts.
    expect(await readPageFrom(run, page(2), "l", async () => v)).toEqual([3, 4]);
    expect(await readPageFrom(run, page(3), "other", async () => v)).toEqual([5, 6]);
    expect(walks).toEqual([4, 2, 4]);

    // A write between two deep reads: a row enters first and the version moves.
    rows.unshift(0);
    v.version = 4;
    v.changedAt = 1_000;
    expect(await readPageFrom(run, page(3), "l", async () => v)).toEqual([4, 5]);
    expect(walks).toEqual([4, 2, 4, 4]);
    // Had the version not moved, the old start would have been kept: the proof the test can fail.
    rows.unshift(-1);
    expect(await readPageFrom(run, page(3), "l", async () => v)).toEqual([4, 5]);
  });

  it("does not remember a walk made within the settle window after a change", async () => {
    const { run, walks } = fakeList([1, 2, 3, 4, 5, 6]);
    const v: ListVersion = { version: 1, changedAt: 50_000 };
    at(50_000 + SETTLE_MS - 1);
    await readPageFrom(run, page(2), "l", async () => v);
    await readPageFrom(run, page(2), "l", async () => v);
    expect(walks).toEqual([2, 2]);
    at(50_000 + SETTLE_MS + 1);
    await readPageFrom(run, page(2), "l", async () => v);
    await readPageFrom(run, page(2), "l", async () => v);
    expect(walks).toEqual([2, 2, 2]);
  });

  it("reads page 1 without the version, and answers a page past the end with nothing", async () => {
    const { run, walks } = fakeList([1, 2, 3]);
    const version = vi.fn(async () => ({ version: 1, changedAt: 0 }));
    expect(await readPageFrom(run, page(1), "l", version)).toEqual([1, 2]);
    expect(version).not.toHaveBeenCalled();
    expect(await readPageFrom(run, page(5), "l", version)).toEqual([]);
    expect(walks).toEqual([8]);
  });
});

describe("a kept total as the list's version (tallied)", () => {
  it("moves with every change of the total, and reads total and version in one consistent read", async () => {
    const tenantId = `tally${realNow()}`;
    const { run, walks } = fakeList([1, 2, 3, 4, 5, 6]);
    const t1 = tallied(tenantId, "things");
    await addTotal(tenantId, "things", 6);
    at(realNow() + SETTLE_MS + 1_000);
    expect(await t1.total()).toBe(6);
    expect(await t1.page(run, page(2))).toEqual([3, 4]);
    // A new request (a new tallied) reuses the start while the total stays.
    expect(await tallied(tenantId, "things").page(run, page(2))).toEqual([3, 4]);
    expect(walks).toEqual([2]);
    // A write that adds and one that takes away: n is back where it was, the version is not.
    await transact([totalDelta(tenantId, "things", 1)]);
    await transact([totalDelta(tenantId, "things", -1)]);
    vi.restoreAllMocks();
    at(realNow() + SETTLE_MS + 1_000);
    const t2 = tallied(tenantId, "things");
    expect(await t2.total()).toBe(6);
    await t2.page(run, page(2));
    expect(walks).toEqual([2, 2]);
    // Ascending and descending are separate lists.
    await tallied(tenantId, "things").page(run, readPaging({ currentPage: 2, pageSize: 2, order: "asc" }));
    expect(walks).toEqual([2, 2, 2]);
  });

  it("keeps a list's deep page right across writes made in other containers (the exchange list)", async () => {
    const tenantId = `starts${realNow()}`;
    const caller = headOffice(tenantId, { userId: 1, username: "t", sessionId: "t" });
    const record = (id: number) => ({
      tenantId,
      id,
      clientId: 1,
      clientName: `客户${id}`,
      mobile: "13800000000",
      shop: "001",
      productTypeId: 1,
      weekCount: 1,
      ticketCount: 7,
      weekstartTicketCount: 5,
      weekendTicketCount: 2,
      exchangeTime: "2026-01-01 00:00:00",
    });
    // The service's own write: the record and its total in one transaction.
    const write = (id: number) => transact([txPut(VoucherExchange.create(record(id))), totalDelta(tenantId, "voucherExchanges", 1)]);
    for (const id of [1, 2, 3, 4, 5]) await write(id);
    const ids = async () => ((await listExchanges(caller, readPaging({ currentPage: 2, pageSize: 2 }), {})) as any).dataList.map((r: any) => r.id);
    at(realNow() + SETTLE_MS + 1_000);
    expect(await ids()).toEqual([3, 2]);
    // Written past core (no total moved): the remembered start is reused, so page 2 is unchanged.
    await VoucherExchange.create(record(6)).go();
    expect(await ids()).toEqual([3, 2]);
    // A fresh container walks and sees it.
    forgetPageStarts();
    expect(await ids()).toEqual([4, 3]);
    // Core's write (here as if from another container) moves the total: the next deep read walks again.
    await write(7);
    expect(await ids()).toEqual([5, 4]);
  });
});
