import { useState } from "react";
import type { ApiClient, Query } from "../../lib/api.ts";
import type { GetKey, InputFor, ListKey, RowOf } from "../../lib/contract.ts";
import { useApi, useScreen } from "../../lib/screen.tsx";
import { toast } from "../../lib/toast.ts";
import { Button } from "../../ui/Button.tsx";
import { Progress } from "../../ui/feedback/Progress.tsx";
import { exportXlsx, EXPORT_TITLE } from "../../ui/table/exportXlsx.ts";
import { confirm } from "../../ui/dialogs/Confirm.tsx";
import { withStayColumns } from "./orderColumns.tsx";
import { listParams, type TableState } from "../../ui/list/tableState.ts";
import type { Column } from "../../ui/table/columns.ts";

/**
 * Order lists export the whole FILTERED list, not the page on screen: every page of the filter is
 * read (200 a call) up to EXPORT_CAP rows; beyond it the file holds the first EXPORT_CAP and says so.
 * It asks first (R019), before any page is read; the file carries the stay (stayExportColumns) and
 * the sheet is named after the screen.
 */
export const EXPORT_FILTERED_QUESTION = "确定按当前筛选条件导出全部订单吗？";
export const EXPORT_PAGE = 200;
export const EXPORT_CAP = 10_000;
export const capMessage = (total: number) => `共${total}条，仅导出前${EXPORT_CAP}条，请缩小筛选范围后再导出其余记录`;

/** A paged GET list (the order lists). */
type PagedKey = Extract<ListKey, GetKey>;

export async function fetchAllPages<K extends PagedKey>(
  api: ApiClient,
  route: K,
  params: Query,
  onProgress?: (done: number, total: number) => void,
): Promise<{ rows: RowOf<K>[]; total: number }> {
  const rows: RowOf<K>[] = [];
  let total = Infinity;
  for (let page = 1; rows.length < Math.min(total, EXPORT_CAP); page++) {
    const r = await api.call(route, { ...params, currentPage: page, pageSize: EXPORT_PAGE } as InputFor<K>);
    if (r.code !== "200") throw new Error(r.desc || "读取出错");
    const got: RowOf<K>[] = r.dataList ?? [];
    total = r.pageParams?.maxCount ?? rows.length + got.length;
    rows.push(...got);
    onProgress?.(rows.length, Math.min(total, EXPORT_CAP));
    if (got.length < EXPORT_PAGE) break;
  }
  return { rows: rows.slice(0, EXPORT_CAP), total: Number.isFinite(total) ? total : rows.length };
}

type Stay = { checkinStartdate?: string; checkinEnddate?: string; checkinDays?: number; checkinRoomCount?: number };

type Props<K extends PagedKey> = { route: K; state: TableState; params?: Query; columns: Column<RowOf<K>>[]; fileName?: string };

export function ExportFiltered<K extends PagedKey>({ route, state, params, columns, fileName }: Props<K>) {
  const api = useApi();
  const { title } = useScreen();
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);

  async function run() {
    if (!(await confirm({ title: EXPORT_TITLE, message: EXPORT_FILTERED_QUESTION }))) return;
    setProgress({ done: 0, total: 0 });
    try {
      const { rows, total } = await fetchAllPages(api, route, { ...listParams(state), ...params }, (done, t) => setProgress({ done, total: t }));
      if (rows.length === 0) {
        toast.warning("没有可导出的记录");
        return;
      }
      // Both order lists' rows carry the stay (orderRow, proxyRow).
      await exportXlsx(fileName || title || "订单", withStayColumns(columns as Column<RowOf<K> & Stay>[]), rows as (RowOf<K> & Stay)[], { ask: false });
      if (total > EXPORT_CAP) toast.warning(capMessage(total));
      else toast.success(`已导出${rows.length}条`);
    } catch (e) {
      toast.error(`导出失败：${(e as Error).message}`);
    } finally {
      setProgress(null);
    }
  }

  return (
    <>
      {progress && (
        <div className="w-48">
          <Progress label="正在导出" value={progress.total ? Math.round((100 * progress.done) / progress.total) : undefined} />
        </div>
      )}
      <Button onClick={() => void run()} busy={!!progress}>
        导出
      </Button>
    </>
  );
}
