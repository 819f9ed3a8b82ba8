import { addTotal, shopTotalName } from "@xiangyu/core/kernel/counters";
import { stageTotal } from "@xiangyu/core/finance/purchase/status";
import { OVERDUE_TOTAL, dueTotal, overdueFold } from "@xiangyu/core/workorders/rules";
import { formatDate, nowMs } from "@xiangyu/core/kernel/clock";
import { rollUpOccupancy } from "@xiangyu/core/hotels/occupancyRollup";
import { TARGETS } from "./targets.ts";
import { benchTenant } from "./tenant.ts";
import { gatewayClient, expectOk } from "./http.ts";
import { compare, pool, timed, type Plan } from "./timing.ts";
import { seedOrders } from "./seedOrders.ts";
import { seedHotelStatus } from "./seedHotels.ts";
import { count, ms } from "./stats.ts";
import { table } from "./markdown.ts";
import type { BenchArea } from "./types.ts";

/**
 * Issue 36's target: the console's home page data — the workbench's to-dos of a super-administrator,
 * who holds every counted function and reaches every store — ≤ 100 ms at p95 through the gateway.
 * What the counts read grows with the stores, not the records: the order tallies (one item per
 * category × store × status the orders fill) and the per-store totals of gifts and review stages.
 * The orders are written as the orders bench writes them (tallies moved as the services would); the
 * per-store totals as the ADDs the services' transactions make: the gifts' and review stages', and the
 * work orders' due days (yesterday, today, tomorrow) and overdue totals, per store and the tenant's, as
 * after the night's overdue job (yesterday folded and marked so), which the 2101 to-dos read.
 */
const STORES = 60;
const TODOS = "/gateway/api/manage/workbench/todos";
/** The home's occupancy chart (未来30天入住率), read with 会员酒店's function as HomeCharts reads it. */
const OCCUPANCY = "/xiangyu/api/hotel/occupancy";
const HOTELS_FN = 1601;
const PER_STORE = ["giftWeeks#waiting", "giftWeeks#delay", "giftVouchers#pending", stageTotal(1), stageTotal(2), stageTotal(3)];

export const area: BenchArea = {
  title: "Workbench (the console's home)",
  async run({ quick, stack, log }) {
    if (!stack) throw new Error("the workbench bench needs the running product");
    const orders = quick ? 2_000 : 30_000;
    const plan: Plan = quick ? { warmup: 3, iterations: 10 } : { warmup: 10, iterations: TARGETS.samples };
    const gw = gatewayClient(stack.baseUrl);
    const t = await benchTenant(gw, "benchworkbench");
    const stores = Array.from({ length: STORES }, (_, i) => `${String(1 + Math.floor(i / 10)).padStart(3, "0")}${String(1 + (i % 10)).padStart(3, "0")}`);
    await seedOrders(t.tenantId, stores, orders, log);
    await pool(stores.length, 8, async (i) => {
      for (const list of PER_STORE) await addTotal(t.tenantId, shopTotalName(list, stores[i]!), 1 + (i % 7));
    });
    const due = dueLists();
    await pool(stores.length, 8, async (i) => {
      for (const [list, n] of due) await addTotal(t.tenantId, shopTotalName(list, stores[i]!), n(i));
    });
    for (const [list, n] of due)
      await addTotal(
        t.tenantId,
        list,
        stores.reduce((s, _, i) => s + n(i), 0),
      );
    const hotels = quick ? 20 : 500;
    await seedHotelStatus(t.tenantId, { hotels, rooms: 10, days: 31 }, log);
    const headers = { authorization: `Bearer ${t.token}` };
    const todos = expectOk(await gw.get(TODOS, { headers }), TODOS).body.dataList as Array<{ key: string; count: number | null }>;
    const occupancy = () => gw.get(OCCUPANCY, { query: { days: 30 }, headers: { ...headers, functionid: String(HOTELS_FN) } });
    // The first read finds no roll-up and computes it (a new tenant); then the job's unit, timed alone.
    const first = await timed(async () => expectOk(await occupancy(), OCCUPANCY));
    const rollups: number[] = [];
    for (let i = 0; i < 3; i++) rollups.push(await timed(() => rollUpOccupancy(t.tenantId)));
    const r = await compare({ todos: async () => expectOk(await gw.get(TODOS, { headers }), TODOS), occupancy: async () => expectOk(await occupancy(), OCCUPANCY) }, plan);
    const p95 = r.todos.p95;
    return {
      dataset: `one tenant, ${count(orders, "hotel order")} in ${STORES} stores (both categories, every status), per-store totals of ${PER_STORE.length} lists and ${due.length} work-order due/overdue totals in each store and the tenant's, ${count(hotels, "hotel")} of both types with 10 rooms and 31 days of status; ${plan.iterations} timed calls of each`,
      body: [
        `\`GET ${TODOS}\` as the super-administrator: ${todos.length} to-dos, ${todos.reduce((s, x) => s + (x.count ?? 0), 0).toLocaleString("en")} waiting in all.`,
        "",
        table(
          ["call", " p50", " p95"],
          [
            ["workbench to-dos, through the gateway", `${ms(r.todos.p50)} ms`, `${ms(p95)} ms`],
            [
              `occupancy of the next 30 days per hotel type (${hotels} hotels), through the gateway, from the kept roll-up`,
              `${ms(r.occupancy.p50)} ms`,
              `${ms(r.occupancy.p95)} ms`,
            ],
          ],
        ),
        "",
        `The occupancy roll-up (core hotels/occupancyRollup.ts: the job \`hotelOccupancy\`'s unit, every ten minutes per tenant whose chart is read): the first read of a tenant without one computed it in ${ms(first)} ms; the job's roll-up of the ${hotels} hotels took ${rollups.map((x) => `${ms(x)} ms`).join(", ")} (3 runs, in the bench's process).`,
      ].join("\n"),
      checks: [
        { what: "p95 through the gateway: the home page's to-dos", target: "≤ 100 ms", actual: `${ms(p95)} ms`, pass: p95 <= 100 },
        { what: "p95 through the gateway: the home page's occupancy chart", target: "≤ 100 ms", actual: `${ms(r.occupancy.p95)} ms`, pass: r.occupancy.p95 <= 100 },
      ],
    };
  },
};

/**
 * The work orders' day totals the to-dos read (core workorders/overdue.ts), with a count per store
 * index: due yesterday, today and tomorrow, yesterday's fold mark (the night's job ran: the read adds
 * no unfolded day) and the overdue total it folded into. Today's dates, so the read is the real one.
 */
function dueLists(): Array<readonly [string, (i: number) => number]> {
  const day = (d: number) => formatDate(nowMs() + d * 86_400_000);
  return [
    [dueTotal(day(-1)), (i) => 1 + (i % 3)],
    [dueTotal(day(0)), (i) => 1 + (i % 4)],
    [dueTotal(day(1)), (i) => 1 + (i % 5)],
    [overdueFold(day(-1)), () => 1],
    [OVERDUE_TOTAL, (i) => 2 + (i % 6)],
  ] as const;
}
