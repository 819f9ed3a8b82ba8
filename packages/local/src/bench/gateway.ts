import { OpLog } from "@xiangyu/core/auth/entities";
import { OrgNode } from "@xiangyu/core/org/entities";
import { createDepartments } from "@xiangyu/core/org/provision";
import { readTotal } from "@xiangyu/core/kernel/counters";
import { readPage, type PageRun } from "@xiangyu/core/kernel/list";
import { readPaging } from "@xiangyu/core/kernel/paging";
import { invoke } from "@xiangyu/functions/http/invoke";
import { benchTenant } from "./tenant.ts";
import { seedOplog } from "./seedOplog.ts";
import { gatewayClient, expectOk } from "./http.ts";
import { compare, type Plan, type Variant } from "./timing.ts";
import { latencyTable, overheadChecks, layersTable, type ScenarioResult } from "./latency.ts";
import { anatomy } from "./anatomy.ts";
import type { BenchArea } from "./types.ts";

/**
 * The price of the gateway: a paged list with its total and a get-by-id, each through the real
 * gateway (HTTP → API Gateway event → area Lambda → service → DynamoDB) and as the bare DynamoDB
 * calls the service makes underneath.
 */
const OPLOG_FN = 2501;
const ORG_FN = 1201;
const PAGE_SIZE = 20;

export const area: BenchArea = {
  title: "Gateway overhead: paged list and get-by-id",
  async run({ quick, stack, log }) {
    const items = quick ? 2_000 : 100_000;
    const deepPage = quick ? 10 : 50;
    const plan: Plan = quick ? { warmup: 5, iterations: 30 } : { warmup: 50, iterations: 300 };
    const gw = gatewayClient(stack!.baseUrl);

    const t = await benchTenant(gw);
    const depts = await createDepartments(t.tenantId, [{ orgName: "华南分公司", branch: true, children: [{ orgName: "广州天河店" }] }]);
    const store = depts.get("广州天河店")!;
    const t0 = Date.now();
    await seedOplog(t.tenantId, items, [1, 2, 3, 4, 5], log);
    log(`seeded ${items.toLocaleString("en")} oplog items in ${((Date.now() - t0) / 1000).toFixed(1)} s`);

    const { tenantId } = t;
    const run: PageRun<unknown> = ({ limit, cursor, keysOnly }) =>
      OpLog.query.byId({ tenantId }).go({ limit, cursor, order: "desc", ...(keysOnly ? { attributes: ["id"] } : {}) } as any) as any;
    /** The list as the service reads it: the page (after a keys-only walk for later pages) and the kept total, in parallel. */
    const bareList = (page: number) => () => Promise.all([readPage(run, readPaging({ currentPage: page, pageSize: PAGE_SIZE })), readTotal(tenantId, "oplog")]);
    const listQuery = (page: number) => ({ currentPage: page, pageSize: PAGE_SIZE });

    const viaGateway = (path: string, fn: number, query: Record<string, string | number>): Variant => async () =>
      expectOk(await gw.get(path, { query, headers: t.headers(fn) }), path);
    /** The same event the gateway builds, handed to the area Lambda in this process: no HTTP. */
    const viaHandler = (path: string, fn: number, query: Record<string, string | number>): Variant => async () => {
      const url = `${path}?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}`;
      const r = await invoke({ method: "GET", url, headers: { host: "127.0.0.1", ...t.headers(fn) } });
      if (r?.statusCode !== 200) throw new Error(`${path}: handler answered ${r?.statusCode}`);
    };

    // The replies must be the work we think we time: a full page, the right total, the node.
    const first = expectOk(await gw.get("/gateway/api/manage/oplog/list", { query: listQuery(deepPage), headers: t.headers(OPLOG_FN) }), "oplog list");
    if (first.body.dataList?.length !== PAGE_SIZE || first.body.pageParams?.maxCount !== items) throw new Error(`oplog list: unexpected reply ${JSON.stringify(first.body.pageParams)}`);
    const [bareRows] = await bareList(deepPage)();
    if ((bareRows as any[])[0]?.id !== first.body.dataList[0].id) throw new Error("oplog list: the bare query does not read the page the route reads");

    const scenarios: Array<{ name: string; kind: "list" | "get"; variants: Record<"gateway" | "handler" | "bare", Variant> }> = [
      {
        name: `oplog list, page 1 of ${PAGE_SIZE} + total`,
        kind: "list",
        variants: {
          gateway: viaGateway("/gateway/api/manage/oplog/list", OPLOG_FN, listQuery(1)),
          handler: viaHandler("/gateway/api/manage/oplog/list", OPLOG_FN, listQuery(1)),
          bare: bareList(1),
        },
      },
      {
        name: `oplog list, page ${deepPage} of ${PAGE_SIZE} + total`,
        kind: "list",
        variants: {
          gateway: viaGateway("/gateway/api/manage/oplog/list", OPLOG_FN, listQuery(deepPage)),
          handler: viaHandler("/gateway/api/manage/oplog/list", OPLOG_FN, listQuery(deepPage)),
          bare: bareList(deepPage),
        },
      },
      {
        name: "org node by id (organization/view)",
        kind: "get",
        variants: {
          gateway: viaGateway("/gateway/api/organization/view", ORG_FN, { id: store.id }),
          handler: viaHandler("/gateway/api/organization/view", ORG_FN, { id: store.id }),
          bare: () => OrgNode.get({ tenantId, id: store.id }).go(),
        },
      },
    ];

    const results: ScenarioResult[] = [];
    for (const s of scenarios) {
      log(`scenario: ${s.name}`);
      results.push({ name: s.name, kind: s.kind, ...(await compare(s.variants, plan)) });
    }
    log("anatomy of a guarded request");
    const parts = await anatomy({ tenantId, token: t.token, functionId: OPLOG_FN, plan });

    return {
      dataset: `${items.toLocaleString("en")} operation-log items in one tenant (paged list, total kept in a counter); page size ${PAGE_SIZE}; ${plan.iterations} measured calls per figure after ${plan.warmup} warm-up calls, one at a time`,
      body: [
        "Latency in milliseconds. *gateway*: HTTP request to the local gateway, timed by the caller. *bare*: the DynamoDB calls the service makes underneath (ElectroDB query of the page — after a keys-only walk of the pages before it — and GetItem of the total, in parallel). ratio = gateway ÷ bare.",
        "",
        latencyTable(results),
        "",
        "Where the gateway's time goes. *handler*: the same API Gateway event given to the area Lambda in-process (what AWS bills; no HTTP). *HTTP* = gateway − handler (local twin only, API Gateway replaces it in AWS). *auth + framework* = handler − bare.",
        "",
        layersTable(results),
        "",
        "What every guarded request does before its own work (measured one piece at a time, same plan):",
        "",
        parts,
      ].join("\n"),
      checks: overheadChecks(results),
    };
  },
};
