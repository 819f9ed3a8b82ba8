import { useState } from "react";
import { APPOINTED_CODE, HIDDEN_CODES } from "@xiangyu/core/workorders/rules";
import { useScreen } from "../../lib/screen.tsx";
import { ListScreen } from "../../ui/list/ListScreen.tsx";
import { DeleteSelected } from "../../ui/list/ListActions.tsx";
import { FilterSelect, StoreFilter } from "../../ui/list/filters.tsx";
import { useFilter } from "../../ui/list/FilterBar.tsx";
import { Button } from "../../ui/Button.tsx";
import { useStyleParams } from "../../ui/useStyleParams.ts";
import type { Column } from "../../ui/table/columns.ts";
import { WorkOrderPanel } from "./WorkOrderPanel.tsx";
import { WO_LIST, type WorkOrderRow } from "./workorderQueries.ts";

/**
 * /client/workorder (电邀工单, 2101): status (1000/1200/1300 hidden, R307), store, the appointment
 * filter when the status is 1122 (R308, R309), keyword; delete selected (D). The panel opens with
 * A, E or D (R311); others see it read-only.
 */
const FILTERS = ["status", "appointmentType"];
const APPOINTMENT_FILTER = [
  { value: "1", label: "今天" },
  { value: "2", label: "明天" },
  { value: "3", label: "一周内" },
  { value: "4", label: "已过期" },
];
const YES = (x: number, yes: string, no: string, none = "—") => (x === 1 ? yes : x === 2 ? no : none);

const columns = (open: (w: WorkOrderRow) => void, label: string): Column<WorkOrderRow>[] => [
  { id: "workorderId", header: "工单号", nowrap: true, sortable: true, sortKey: "id" },
  { id: "clientName", header: "客户", nowrap: true },
  { id: "mobile", header: "手机号", nowrap: true },
  { id: "shopName", header: "门店", nowrap: true },
  { id: "statusName", header: "工单状态", nowrap: true },
  { id: "isAppointment", header: "是否应邀", nowrap: true, text: (w) => YES(w.isAppointment, "应邀", "拒绝", w.isAppointment === 3 ? "考虑中" : "未确定") },
  { id: "bePresent", header: "是否到场", nowrap: true, text: (w) => (w.bePresent === 1 || w.bePresent === 3 ? "到场" : w.bePresent === 2 ? "未到场" : "—") },
  { id: "isBuy", header: "是否购买", nowrap: true, text: (w) => YES(w.isBuy, "购买", "未购买") },
  { id: "appointmentTime", header: "应邀时间", nowrap: true, text: (w) => (w.appointmentLabel ? `${w.appointmentTime}（${w.appointmentLabel}）` : w.appointmentTime) },
  { id: "workorderCreateTime", header: "创建时间", nowrap: true },
  { id: "createUser", header: "创建人", nowrap: true },
  {
    id: "actions",
    header: "操作",
    hideable: false,
    exported: false,
    nowrap: true,
    cell: (w) => (
      <Button size="sm" variant="link" aria-label={`${label}：${w.clientName}`} onClick={() => open(w)}>
        {label}
      </Button>
    ),
  },
];

function AppointmentFilter() {
  const [status] = useFilter("status");
  if (status !== APPOINTED_CODE) return null;
  return <FilterSelect name="appointmentType" label="应邀日期" options={APPOINTMENT_FILTER} />;
}

export default function WorkOrderList() {
  const { rights } = useScreen();
  const codes = (useStyleParams("workOrderStatus").data ?? []).filter((o) => !(HIDDEN_CODES as readonly string[]).includes(String(o.value)));
  const [open, setOpen] = useState<WorkOrderRow | null>(null);
  const writes = rights.a || rights.e || rights.d;
  return (
    <ListScreen
      tableId="workOrders"
      route={WO_LIST}
      columns={columns(setOpen, writes ? "编辑" : "查看")}
      filterKeys={FILTERS}
      storeFilter="shop"
      selectable={rights.d}
      filters={
        <>
          <FilterSelect name="status" label="工单状态" options={codes} />
          <StoreFilter name="shop" />
          <AppointmentFilter />
        </>
      }
      keyword={{ placeholder: "客户姓名或手机号" }}
      toolbar={(ctx) => rights.d && <DeleteSelected ctx={ctx} route="POST /xiangyu/api/client/workorder/workorderdelete" invalidates={["GET /xiangyu/api/client/"]} />}
    >
      {() => open && <WorkOrderPanel clientId={open.clientId} clientName={open.clientName} id={open.id} readOnly={!writes} onClose={() => setOpen(null)} />}
    </ListScreen>
  );
}
