import { useQuery } from "@tanstack/react-query";
import { useApi } from "../../lib/screen.tsx";
import { Modal } from "../../ui/dialogs/Modal.tsx";
import { DataTable } from "../../ui/table/DataTable.tsx";
import { failureText } from "../../ui/feedback/failure.ts";
import type { Column } from "../../ui/table/columns.ts";
import type { Client } from "./clientQueries.ts";
import { workorderQueries, type ClientWorkOrder, type WorkOrder } from "../workorders/workorderQueries.ts";

/**
 * 电邀记录 (800 wide, R280, R305): the phone-invitation records of the client's work order — its
 * remark records of type 1 (R346). A client never invited (no work order) has none: 暂无电邀记录.
 */
export const NO_INVITE_RECORDS = "暂无电邀记录";

/** A remark record of a work order (remarkInfo); type 1 is a phone invitation. */
export type RemarkRecord = WorkOrder["remarkInfo"][number];

/** The invitation records of a work order, newest first (remarkInfo may travel as JSON text). */
export function inviteRecords(w: { remarkInfo?: RemarkRecord[] | string } | null | undefined): RemarkRecord[] {
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

/** The client's work orders (spec 001 "Customer work-order table"), with the purchase and its final payment. */
const orderColumns: Column<ClientWorkOrder>[] = [
  { id: "id", header: "工单号", nowrap: true },
  { id: "statusName", header: "工单状态", nowrap: true },
  { id: "appointmentTime", header: "应邀时间", nowrap: true },
  { id: "product", header: "购买产品", nowrap: true, text: (w) => w.buyInfo?.productName ?? "" },
  { id: "payAmount", header: "支付金额", nowrap: true, text: (w) => (w.buyInfo ? String(w.buyInfo.payAmount) : "") },
  {
    id: "finalPay",
    header: "尾款",
    nowrap: true,
    text: (w) => (!w.buyInfo ? "" : !w.buyInfo.isInstallment ? "无需支付" : w.buyInfo.finalPayTime ? `${w.buyInfo.finalPayAmount}（${w.buyInfo.finalPayTime}）` : "未支付"),
  },
  { id: "createTime", header: "创建时间", nowrap: true },
];

export function InviteRecords({ client, onClose }: { client: Client; onClose: () => void }) {
  const api = useApi();
  // No work order for this client: nothing to show, not an error.
  const records = useQuery({ ...workorderQueries.newestOfClient(api, client.id), select: inviteRecords, gcTime: 0 });
  const orders = useQuery({ ...workorderQueries.ofClient(api, client.id), select: (r) => r.dataList ?? [], gcTime: 0 });
  const error = records.isError ? failureText(records.error, "list") : null;
  return (
    <Modal open width={800} title={`电邀记录 · ${client.clientName}`} onClose={onClose}>
      {(orders.data?.length ?? 0) > 0 && (
        <div className="mb-3">
          <DataTable columns={orderColumns} rows={orders.data ?? []} rowId={(w) => String(w.id)} emptyText="未电邀" />
        </div>
      )}
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
