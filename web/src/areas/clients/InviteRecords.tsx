import { useQuery } from "@tanstack/react-query";
import { useApi } from "../../lib/screen.tsx";
import { unwrap } from "../../lib/query.ts";
import { Modal } from "../../ui/Modal.tsx";
import { DataTable } from "../../ui/DataTable.tsx";
import { failureText } from "../../ui/failure.ts";
import type { Column } from "../../ui/columns.ts";
import type { Client } from "./clientQueries.ts";

/**
 * 电邀记录 (800 wide, R280, R305): the phone-invitation records of the client's work order — its
 * remark records of type 1 (R346). A client never invited (no work order) has none: 暂无电邀记录.
 */
export const NO_INVITE_RECORDS = "暂无电邀记录";
/**
 * No area's route table serves the work order view yet (work orders are not built): it is read by
 * path with the WorkOrder type below until that route exists and declares its reply; until then the
 * gateway does not answer it and the dialog shows the read's failure.
 */
export const WORK_ORDER_VIEW = "/xiangyu/api/client/workorder/workorderview";

export type RemarkRecord = { id: number; remarkType: number | string; recordTime: string; recordType: string; remark: string };
type WorkOrder = { id?: number; remarkInfo?: RemarkRecord[] | string };

/** The invitation records of a work order, newest first (remarkInfo may travel as JSON text). */
export function inviteRecords(w: WorkOrder | undefined): RemarkRecord[] {
  const raw = w?.remarkInfo;
  let list: RemarkRecord[] = [];
  if (Array.isArray(raw)) list = raw;
  else if (typeof raw === "string" && raw.trim()) {
    try {
      const parsed = JSON.parse(raw);
      if (Array.isArray(parsed)) list = parsed;
    } catch {
      list = [];
    }
  }
  return list.filter((r) => Number(r.remarkType) === 1).sort((a, b) => String(b.recordTime).localeCompare(String(a.recordTime)));
}

const columns: Column<RemarkRecord>[] = [
  { id: "recordTime", header: "电邀时间", nowrap: true, width: 170 },
  { id: "recordType", header: "结果", nowrap: true, width: 120 },
  { id: "remark", header: "记录内容" },
];

export function InviteRecords({ client, onClose }: { client: Client; onClose: () => void }) {
  const api = useApi();
  const records = useQuery({
    queryKey: [WORK_ORDER_VIEW, client.id],
    queryFn: async () => {
      const r = await api.get<WorkOrder>(WORK_ORDER_VIEW, { clientId: client.id });
      // No work order for this client: nothing to show, not an error.
      if (r.code === "404") return [];
      return inviteRecords((await unwrap(r, "list")).data);
    },
    gcTime: 0,
  });
  const error = records.isError ? failureText(records.error, "list") : null;
  return (
    <Modal open width={800} title={`电邀记录 · ${client.clientName}`} onClose={onClose}>
      <DataTable
        columns={columns}
        rows={records.data ?? []}
        rowId={(r) => String(r.id ?? r.recordTime)}
        loading={records.isPending}
        error={error}
        onRetry={() => void records.refetch()}
        emptyText={NO_INVITE_RECORDS}
      />
    </Modal>
  );
}
