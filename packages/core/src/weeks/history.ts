import { readHistory, type HistoryRow } from "../clients/ledger/history.ts";
import { visibleClient } from "../clients/visible.ts";
import { productTypeMap } from "../products/types.ts";
import { okList, type Envelope } from "../kernel/envelope.ts";
import { pageParams, type Paging } from "../kernel/paging.ts";
import type { Caller } from "../kernel/context.ts";

/**
 * The balance history of one client for the membership viewer (beyond the spec: "where did my
 * weeks go?"). One Query of the client's ledger entries (the newest HISTORY_CAP), paged here.
 */
export type HistoryView = HistoryRow & { productTypeName: string };

export async function balanceHistory(caller: Caller, clientId: number, productTypeId: number | undefined, p: Paging): Promise<Envelope<never, HistoryView>> {
  const client = await visibleClient(caller, clientId);
  const [{ rows, capped }, types] = await Promise.all([readHistory(caller.tenantId, client.id, productTypeId), productTypeMap(caller.tenantId)]);
  const start = (p.currentPage - 1) * p.pageSize;
  const page = rows.slice(start, start + p.pageSize).map((r) => ({ ...r, productTypeName: types.get(r.productTypeId)?.typeName ?? "" }));
  return okList(page, pageParams(p, { total: rows.length, capped }));
}
