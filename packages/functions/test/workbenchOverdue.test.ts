import { beforeAll, describe, expect, it } from "vitest";
import { testTenant } from "./harness.ts";
import { code } from "./clientsHelpers.ts";
import { quickUser } from "./usersHelpers.ts";
import { arrived, dayFrom as day, invited, listTotal, moved, removed, todosOf, type TestTenant as Tenant, type Todo } from "./workbenchFixtures.ts";
import { foldOverdue } from "@xiangyu/core/workorders/overdue";
import { handler as overdueJob } from "../src/jobs/workOrderOverdue.ts";

/**
 * 逾期未到场 (issue 36): appointments whose day has passed unvisited, counted from the overdue totals
 * the nightly job folds the closed days into (core workorders/overdue.ts) plus yesterday's due total
 * until it is folded — always the total of the work-order list it links to (1122, 已过期), for the
 * tenant and a store, and kept right while saves and deletes race the job. Days are a few days back
 * from now, so a test run across midnight only shifts "yesterday" into the kept totals it reads anyway.
 */
const KEY = "workOrders.overdue";

const overdueTodo = async (token: string): Promise<Todo> => (await todosOf(token)).find((x) => x.key === KEY)!;

/** The count, checked against its list: the work orders 1122 whose appointment is 已过期. */
async function counted(token: string): Promise<number> {
  const todo = await overdueTodo(token);
  expect(todo.filter).toEqual({ status: "1122", appointmentType: "4" });
  expect(todo.count).toBe(await listTotal(token, todo));
  return todo.count!;
}

/** A client of `shop` with an invitation: accepted for `when` (isAppointment 1) or still considered (3). */
const appointed = (t: Tenant, shop: string, when: string, isAppointment = 1) => invited(t, shop, when, { isAppointment, clientName: `逾期客户${when.slice(5)}` });

describe("逾期未到场", () => {
  let t: Tenant;
  let tianhe: string;
  let storeToken: string;
  const wos: Record<string, any> = {};

  beforeAll(async () => {
    t = await testTenant();
    tianhe = code(t, "广州天河店");
    const nanshan = code(t, "深圳南山店");
    wos.a = await appointed(t, tianhe, day(-3));
    wos.b = await appointed(t, tianhe, day(-3));
    wos.c = await appointed(t, tianhe, day(-5));
    wos.d = await appointed(t, tianhe, day(-1));
    wos.today = await appointed(t, tianhe, day(0));
    wos.tomorrow = await appointed(t, tianhe, day(1));
    wos.e = await appointed(t, nanshan, day(-4));
    wos.f = await appointed(t, nanshan, day(-4));
    wos.considering = await appointed(t, tianhe, day(-3), 3);
    storeToken = (await quickUser(t.clientId, { "2101": "R" }, { deptCodes: [tianhe], dataScope: "dept" })).token;
  }, 120_000);

  it("counts the closed days from the overdue totals and yesterday from its due total until the job adds it", async () => {
    // Closed through the day before yesterday: yesterday's appointment is read from its due total.
    await foldOverdue(t.clientId, day(-2));
    expect(await counted(t.adminToken)).toBe(6);
    expect(await counted(storeToken)).toBe(4);
    // The night's run closes yesterday too; a second run (a retry, another scheduler) adds nothing again.
    await overdueJob();
    await overdueJob();
    expect(await counted(t.adminToken)).toBe(6);
    expect(await counted(storeToken)).toBe(4);
  });

  it("a closed day's appointment marked arrived, deleted or moved to a day to come leaves the count; moved to another past day stays", async () => {
    await arrived(t, wos.a);
    await removed(t, wos.c);
    await moved(t, wos.d, day(2));
    await moved(t, wos.b, day(-6));
    expect(await counted(t.adminToken)).toBe(3);
    expect(await counted(storeToken)).toBe(1);
    // An appointment recorded for a past day counts at once.
    wos.late = await appointed(t, tianhe, day(-7));
    expect(await counted(storeToken)).toBe(2);
    expect(await counted(t.adminToken)).toBe(4);
  });

  it("an inviter (only self) sees the link without a count, as for the other work-order to-dos", async () => {
    const { token } = await quickUser(t.clientId, { "2101": "R" }, { deptCodes: [tianhe], dataScope: "self" });
    expect((await overdueTodo(token)).count).toBeNull();
  });
});

describe("逾期未到场 while the job closes the day", () => {
  it("24 saves and deletes racing two runs of the job leave the count equal to its list", async () => {
    const t = await testTenant();
    const tianhe = code(t, "广州天河店");
    const nanshan = code(t, "深圳南山店");
    // Yesterday is still open: the race is the close of it.
    await foldOverdue(t.clientId, day(-2));
    const due: any[] = [];
    for (let i = 0; i < 30; i++) due.push(await appointed(t, i % 2 ? nanshan : tianhe, day(-1)));
    const work = [
      ...due.slice(0, 12).map((w) => () => arrived(t, w)),
      ...due.slice(12, 18).map((w) => () => removed(t, w)),
      ...due.slice(18, 24).map((w) => () => moved(t, w, day(-3))),
    ];
    await Promise.all([...work.map((run) => run()), overdueJob(), foldOverdue(t.clientId)]);
    // 30 − 12 arrived − 6 deleted; the 6 moved stay overdue.
    expect(await counted(t.adminToken)).toBe(12);
    const { token } = await quickUser(t.clientId, { "2101": "R" }, { deptCodes: [tianhe], dataScope: "dept" });
    expect(await counted(token)).toBe(due.slice(18).filter((w) => w.shop === tianhe).length);
    // And once more after a later run: nothing is added twice.
    await overdueJob();
    expect(await counted(t.adminToken)).toBe(12);
  }, 120_000);
});
