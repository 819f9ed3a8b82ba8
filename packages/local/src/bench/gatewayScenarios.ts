import { OpLog } from "@xiangyu/core/auth/entities";
import { listOplog, OPLOG_TOTALS } from "@xiangyu/core/auth/oplog";
import { authenticate } from "@xiangyu/core/auth/service";
import type { Caller } from "@xiangyu/core/kernel/context";
import { OrgNode } from "@xiangyu/core/org/entities";
import { viewNode } from "@xiangyu/core/org/orgTree";
import { readTotal } from "@xiangyu/core/kernel/counters";
import { readPage, type PageRun } from "@xiangyu/core/kernel/list";
import { readPaging } from "@xiangyu/core/kernel/paging";
import { invoke } from "@xiangyu/functions/http/invoke";
import type { benchTenant } from "./tenant.ts";
import { expectOk, encodeFields, type gatewayClient } from "./http.ts";
import type { Variant } from "./timing.ts";
import type { Layers } from "./latency.ts";

/**
 * The gateway bench's scenarios (gateway.ts): each request four ways — through the gateway, handed
 * to the area Lambda in this process, as the service with its session check, and as the bare
 * DynamoDB calls underneath — so the layers' costs can be told apart.
 */
export const OPLOG_FN = 2501;
export const ORG_FN = 1201;
export const PAGE_SIZE = 20;
export const LIST = "/gateway/api/manage/oplog/list";
export const VIEW = "/gateway/api/organization/view";

export type Scenario = { name: string; kind: "list" | "get"; variants: Record<Layers, Variant> };

type Setup = { gw: ReturnType<typeof gatewayClient>; t: Awaited<ReturnType<typeof benchTenant>>; storeId: number; deepPage: number };

/** One request's four ways: through the gateway, handed to the handler, as the service, and as bare DynamoDB calls. */
function layers({ gw, t }: Pick<Setup, "gw" | "t">) {
  const { tenantId } = t;
  const bearer = `Bearer ${t.token}`;
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
  return { paging, beside, filteredRun, bareList, viaGateway, viaHandler };
}

/** The scenarios timed, and the bare list (the reference every layer is compared with). */
export function gatewayScenarios({ gw, t, storeId, deepPage }: Setup) {
  const { tenantId } = t;
  const { paging, beside, filteredRun, bareList, viaGateway, viaHandler } = layers({ gw, t });
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
        gateway: viaGateway(VIEW, ORG_FN, { id: storeId }),
        handler: viaHandler(VIEW, ORG_FN, { id: storeId }),
        service: () => beside((caller) => viewNode(caller, storeId)),
        bare: () => OrgNode.get({ tenantId, id: storeId }).go(),
      },
    },
  ];
  return { scenarios, bareList };
}

/** The report's text around its tables: what each figure times and how the layers are told apart. */
export function gatewayReport(tables: { latency: string; layers: string; parts: string; options: string }): string {
  return [
    "Latency in milliseconds. *gateway*: HTTP request to the local gateway, timed by the caller. *bare*: the DynamoDB calls the service makes underneath (for the list: ElectroDB query of the page — after a keys-only walk of the pages before it — and GetItem of the total, in parallel; for the node: `OrgNode.get`). ratio = gateway ÷ bare.",
    "",
    tables.latency,
    "",
    "Where the gateway's time goes (p50, the four layers measured in the same interleaved run). *handler*: the same API Gateway event given to the area Lambda in-process — what a Lambda does in AWS. *caller + service*: `authenticate` (token, role cache) and the service function with the session check beside it, as the adapter runs a read, without the Lambda adapter and routing. The differences: *HTTP* = gateway − handler (the local gateway's own cost; API Gateway's in AWS); *adapter + routing* = handler − caller + service (event → Request, routing, input parsing, module check, JSON reply); *session read* = caller + service − bare (the session check — the tenant's gate GetItem, and the session GetItem when the container does not remember the session — running beside the service's reads, and the service's row mapping).",
    "",
    tables.layers,
    "",
    "What every guarded request does before its own work (each piece on its own, same plan):",
    "",
    tables.parts,
    "",
    "The session check, several ways (service level; only *now* is product code, the others size the alternatives):",
    "",
    tables.options,
  ].join("\n");
}
