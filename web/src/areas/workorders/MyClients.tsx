import { useState } from "react";
import { ListScreen } from "../../ui/list/ListScreen.tsx";
import { FilterSelect } from "../../ui/list/filters.tsx";
import { Button } from "../../ui/Button.tsx";
import type { Column } from "../../ui/table/columns.ts";
import { WorkOrderPanel } from "./WorkOrderPanel.tsx";
import { MY_TASKS, type Assignment } from "./workorderQueries.ts";

/**
 * /client/storemanager (门店电邀客户, 2103): the inviter's own task list — the clients assigned to them,
 * with 邀约 (never invited) or 再次邀约, which opens the work-order panel; its save records the call
 * as a remark record (docs/gaps.md §9).
 */
const FILTERS = ["invited"];
const INVITED = [
  { value: "2", label: "未电邀" },
  { value: "1", label: "已电邀" },
];

export default function MyClients() {
  const [open, setOpen] = useState<Assignment | null>(null);
  const columns: Column<Assignment>[] = [
    { id: "clientName", header: "客户", nowrap: true },
    { id: "mobile", header: "手机号", nowrap: true },
    { id: "assignTime", header: "分配时间", nowrap: true },
    { id: "recordTime", header: "电邀时间", nowrap: true, text: (a) => a.recordTime || "从未电邀" },
    { id: "statusText", header: "电邀状态", nowrap: true },
    {
      id: "actions",
      header: "操作",
      hideable: false,
      exported: false,
      nowrap: true,
      cell: (a) => (
        <Button size="sm" variant="link" aria-label={`${a.invited ? "再次邀约" : "邀约"}：${a.clientName}`} onClick={() => setOpen(a)}>
          {a.invited ? "再次邀约" : "邀约"}
        </Button>
      ),
    },
  ];
  return (
    <ListScreen
      tableId="myInviteClients"
      route={MY_TASKS}
      columns={columns}
      filterKeys={FILTERS}
      keyword={false}
      rowId={(a) => String(a.clientId)}
      filters={<FilterSelect name="invited" label="电邀状态" options={INVITED} />}
    >
      {() => open && <WorkOrderPanel clientId={open.clientId} clientName={open.clientName ?? ""} onClose={() => setOpen(null)} />}
    </ListScreen>
  );
}
