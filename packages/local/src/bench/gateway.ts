import { OpLog } from "@xiangyu/core/auth/entities";
import { listOplog, OPLOG_TOTALS } from "@xiangyu/core/auth/oplog";
import { authenticate } from "@xiangyu/core/auth/service";
import type { Caller } from "@xiangyu/core/kernel/context";
import { OrgNode } from "@xiangyu/core/org/entities";
import { viewNode } from "@xiangyu/core/org/orgTree";
import { createDepartments } from "@xiangyu/core/org/provision";
import { readTotal } from "@xiangyu/core/kernel/counters";
import { readPage, type PageRun } from "@xiangyu/core/kernel/list";
import { readPaging } from "@xiangyu/core/kernel/paging";
import { invoke } from "@xiangyu/functions/http/invoke";
import { benchTenant } from "./tenant.ts";
import { seedOplog } from "./seedOplog.ts";
import { gatewayClient, expectOk, encodeFields } from "./http.ts";
import { compare, type Plan, type Variant } from "./timing.ts";
import { latencyTable, overheadChecks, layersTable, type Layers, type ScenarioResult } from "./latency.ts";
import { anatomy } from "./anatomy.ts";
import { sessionOptions } from "./whatIf.ts";
import type { BenchArea } from "./types.ts";

/**
 * The price of the gateway: a paged list with its total and a get-by-id, each through the real
 * gateway (HTTP → API Gateway event → area Lambda → routing → session and rights → service →
 * DynamoDB) and as the bare DynamoDB calls the service makes underneath; in between, the same
 * request without HTTP and without the Lambda, to see which layer costs what.
 */
const OPLOG_FN = 2501;
const ORG_FN = 1201;
const PAGE_SIZE = 20;
const LIST = "/gateway/api/manage/oplog/list";
const VIEW = "/gateway/api/organization/view";

type Scenario = { name: string; kind: "list" | "get"; variants: Record<Layers, Variant> };

export const area: BenchArea = {
  title: "Gateway overhead: paged list and get-by-id",
  async run({ quick, stack, log }) {
    const items = quick ? 2_000 : 100_000;
    const deepPage = quick ? 10 : 50;
    const plan: Plan = quick ? { warmup: 5, iterations: 30 } : { warmup: 50, iterations: 300 };
    const gw = gatewayClient(stack!.baseUrl);

    const t = await benchTenant(gw, "benchgateway");
    const { tenantId } = t;
    const bearer = `Bearer ${t.token}`;
    const depts = await createDepartments(tenantId, [{ orgName: "华南分公司", branch: true, children: [{ orgName: "广州天河店" }] }]);
    const store = depts.get("广州天河店")!;
    // The admin's sign-in is in the log already (a security event).
    const logged = await readTotal(tenantId, OPLOG_TOTALS.all);
    const t0 = Date.now();
    await seedOplog(tenantId, items, [1, 2, 3, 4, 5], log);
    log(`seeded ${items.toLocaleString("en")} oplog items in ${((Date.now() - t0) / 1000).toFixed(1)} s`);

    const paging = (page: number) => readPaging({ currentPage: page, pageSize: PAGE_SIZE });
    /** The service as the adapter runs a read: the caller from the token, the session check beside the service's own reads. */
    const beside = async (service: (caller: Caller) => Promise<unknown>) => {
      const { caller, alive } = await authenticate(bearer);
      const [r] = await Promise.all([service(caller), alive]);
      return r;
    };
    const run: PageRun<unknown> = ({ limit, cursor, keysOnly }) =>
      OpLog.query.byId({ tenantId }).go({ limit, cursor, order: "desc", ...(keysOnly ? { attributes: ["id"] } : {}) } as any) as any;
    const filteredRun =
      (f: Record<string, string | number>): PageRun<unknown> =>
      ({ limit, cursor, keysOnly }) =>
        (f.userId ? OpLog.query.byUser({ tenantId, userId: Number(f.userId) }) : OpLog.query.byModule({ tenantId, module: String(f.module) })).go({
          limit,
          cursor,
          order: "desc",
          ...(keysOnly ? { attributes: ["id"] } : {}),
        } as any) as any;
    /** The list as the service reads it: the page (after a keys-only walk for later pages) and the kept total, in parallel. */
    const bareList =
      (page: number): Variant =>
      () =>
        Promise.all([readPage(run, paging(page)), readTotal(tenantId, "oplog")]);

    const viaGateway =
      (path: string, fn: number, query: Record<string, string | number>): Variant =>
      async () =>
        expectOk(await gw.get(path, { query, headers: t.headers(fn) }), path);
    /** The same event the gateway builds, handed to the area Lambda in this process: no HTTP. */
    const viaHandler =
      (path: string, fn: number, query: Record<string, string | number>): Variant =>
      async () => {
        const r = await invoke({ method: "GET", url: `${path}?${encodeFields(query)}`, headers: { host: "127.0.0.1", ...t.headers(fn) } });
        if (r?.statusCode !== 200) throw new Error(`${path}: handler answered ${r?.statusCode}`);
      };
    const listScenario = (page: number): Scenario => ({
      name: `oplog list, page ${page} of ${PAGE_SIZE} + total`,
      kind: "list",
      variants: {
        gateway: viaGateway(LIST, OPLOG_FN, { currentPage: page, pageSize: PAGE_SIZE }),
        handler: viaHandler(LIST, OPLOG_FN, { currentPage: page, pageSize: PAGE_SIZE }),
        service: () => beside((caller) => listOplog(caller, paging(page), {})),
        bare: bareList(page),
      },
    });

    // The replies must be the work we think we time: a full page, the right total, the same rows.
    const deep = expectOk(await gw.get(LIST, { query: { currentPage: deepPage, pageSize: PAGE_SIZE }, headers: t.headers(OPLOG_FN) }), "oplog list");
    if (deep.body.dataList?.length !== PAGE_SIZE || deep.body.pageParams?.maxCount !== items + logged)
      throw new Error(`oplog list: unexpected reply ${JSON.stringify(deep.body.pageParams)}`);
    const [bareRows] = (await bareList(deepPage)()) as [Array<{ id: number }>, number];
    if (bareRows[0]?.id !== deep.body.dataList[0].id) throw new Error("oplog list: the bare query does not read the page the route reads");
    expectOk(await gw.get(VIEW, { query: { id: store.id }, headers: t.headers(ORG_FN) }), "organization/view");

    /** The filtered lists (by user, by module): their totals are tallies too, never a count by reading. */
    const filteredScenario = (name: string, filter: Record<string, string | number>): Scenario => ({
      name: `oplog list by ${name}, page 1 of ${PAGE_SIZE} + total`,
      kind: "list",
      variants: {
        gateway: viaGateway(LIST, OPLOG_FN, { currentPage: 1, pageSize: PAGE_SIZE, ...filter }),
        handler: viaHandler(LIST, OPLOG_FN, { currentPage: 1, pageSize: PAGE_SIZE, ...filter }),
        service: () =>
          beside((caller) =>
            listOplog(caller, paging(1), {
              userId: filter.userId ? Number(filter.userId) : undefined,
              module: filter.module ? String(filter.module) : undefined,
            }),
          ),
        bare: () =>
          Promise.all([
            readPage(filteredRun(filter), paging(1)),
            readTotal(tenantId, filter.userId ? OPLOG_TOTALS.user(Number(filter.userId)) : OPLOG_TOTALS.module(String(filter.module))),
          ]),
      },
    });

    const scenarios: Scenario[] = [
      listScenario(1),
      listScenario(deepPage),
      filteredScenario("user", { userId: 1 }),
      filteredScenario("module", { module: "org" }),
      {
        name: "org node by id (organization/view)",
        kind: "get",
        variants: {
          gateway: viaGateway(VIEW, ORG_FN, { id: store.id }),
          handler: viaHandler(VIEW, ORG_FN, { id: store.id }),
          service: () => beside((caller) => viewNode(caller, store.id)),
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
    log("the session read, three ways");
    const options = await sessionOptions({ token: t.token, plan, bare: bareList(1) });

    return {
      dataset: `${items.toLocaleString("en")} operation-log items in one tenant (paged list, total kept in a counter); page size ${PAGE_SIZE}; ${plan.iterations} measured calls per figure after ${plan.warmup} warm-up calls, one at a time`,
      body: [
        "Latency in milliseconds. *gateway*: HTTP request to the local gateway, timed by the caller. *bare*: the DynamoDB calls the service makes underneath (for the list: ElectroDB query of the page — after a keys-only walk of the pages before it — and GetItem of the total, in parallel; for the node: `OrgNode.get`). ratio = gateway ÷ bare.",
        "",
        latencyTable(results),
        "",
        "Where the gateway's time goes (p50, the four layers measured in the same interleaved run). *handler*: the same API Gateway event given to the area Lambda in-process — what a Lambda does in AWS. *caller + service*: `authenticate` (token, role cache) and the service function with the session check beside it, as the adapter runs a read, without the Lambda adapter and routing. The differences: *HTTP* = gateway − handler (the local gateway's own cost; API Gateway's in AWS); *adapter + routing* = handler − caller + service (event → Request, routing, input parsing, module check, JSON reply); *session read* = caller + service − bare (the session check — the tenant's gate GetItem, and the session GetItem when the container does not remember the session — running beside the service's reads, and the service's row mapping).",
        "",
        layersTable(results),
        "",
        "What every guarded request does before its own work (each piece on its own, same plan):",
        "",
        parts,
        "",
        "The session check, several ways (service level; only *now* is product code, the others size the alternatives):",
        "",
        options,
      ].join("\n"),
      checks: overheadChecks(results),
    };
  },
};
