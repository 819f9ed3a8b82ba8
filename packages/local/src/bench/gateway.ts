import { OPLOG_TOTALS } from "@xiangyu/core/auth/oplog";
import { createDepartments } from "@xiangyu/core/org/provision";
import { readTotal } from "@xiangyu/core/kernel/counters";
import { benchTenant } from "./tenant.ts";
import { seedOplog } from "./seedOplog.ts";
import { gatewayClient, expectOk } from "./http.ts";
import { compare, type Plan } from "./timing.ts";
import { latencyTable, overheadChecks, layersTable, type ScenarioResult } from "./latency.ts";
import { anatomy } from "./anatomy.ts";
import { sessionOptions } from "./whatIf.ts";
import { gatewayReport, gatewayScenarios, LIST, OPLOG_FN, ORG_FN, PAGE_SIZE, VIEW } from "./gatewayScenarios.ts";
import type { BenchArea } from "./types.ts";

/**
 * The price of the gateway: a paged list with its total and a get-by-id, each through the real
 * gateway (HTTP → API Gateway event → area Lambda → routing → session and rights → service →
 * DynamoDB) and as the bare DynamoDB calls the service makes underneath; in between, the same
 * request without HTTP and without the Lambda, to see which layer costs what.
 */
export const area: BenchArea = {
  title: "Gateway overhead: paged list and get-by-id",
  async run({ quick, stack, log }) {
    const items = quick ? 2_000 : 100_000;
    const deepPage = quick ? 10 : 50;
    const plan: Plan = quick ? { warmup: 5, iterations: 30 } : { warmup: 50, iterations: 300 };
    const gw = gatewayClient(stack!.baseUrl);

    const t = await benchTenant(gw, "benchgateway");
    const { tenantId } = t;
    const depts = await createDepartments(tenantId, [{ orgName: "华南分公司", branch: true, children: [{ orgName: "广州天河店" }] }]);
    const store = depts.get("广州天河店")!;
    // The admin's sign-in is in the log already (a security event).
    const logged = await readTotal(tenantId, OPLOG_TOTALS.all);
    const t0 = Date.now();
    await seedOplog(tenantId, items, [1, 2, 3, 4, 5], log);
    log(`seeded ${items.toLocaleString("en")} oplog items in ${((Date.now() - t0) / 1000).toFixed(1)} s`);

    const { scenarios, bareList } = gatewayScenarios({ gw, t, storeId: store.id, deepPage });

    // The replies must be the work we think we time: a full page, the right total, the same rows.
    const deep = expectOk(await gw.get(LIST, { query: { currentPage: deepPage, pageSize: PAGE_SIZE }, headers: t.headers(OPLOG_FN) }), "oplog list");
    if (deep.body.dataList?.length !== PAGE_SIZE || deep.body.pageParams?.maxCount !== items + logged)
      throw new Error(`oplog list: unexpected reply ${JSON.stringify(deep.body.pageParams)}`);
    const [bareRows] = (await bareList(deepPage)()) as [Array<{ id: number }>, number];
    if (bareRows[0]?.id !== deep.body.dataList[0].id) throw new Error("oplog list: the bare query does not read the page the route reads");
    expectOk(await gw.get(VIEW, { query: { id: store.id }, headers: t.headers(ORG_FN) }), "organization/view");

    const results: ScenarioResult[] = [];
    for (const s of scenarios) {
      log(`scenario: ${s.name}`);
      results.push({ name: s.name, kind: s.kind, ...(await compare(s.variants, plan)) });
    }
    log("anatomy of a guarded request");
    const parts = await anatomy({ tenantId, token: t.token, functionId: OPLOG_FN, plan });
    log("the session read, three ways");
    const options = await sessionOptions({ token: t.token, plan, bare: bareList(1) });

    return {
      dataset: `${items.toLocaleString("en")} operation-log items in one tenant (paged list, total kept in a counter); page size ${PAGE_SIZE}; ${plan.iterations} measured calls per figure after ${plan.warmup} warm-up calls, one at a time`,
      body: gatewayReport({ latency: latencyTable(results), layers: layersTable(results), parts, options }),
      checks: overheadChecks(results),
    };
  },
};
