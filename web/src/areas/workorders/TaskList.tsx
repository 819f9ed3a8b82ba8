import { useState } from "react";
import { useScreen } from "../../lib/screen.tsx";
import { ListScreen } from "../../ui/list/ListScreen.tsx";
import { AddButton, DeleteSelected } from "../../ui/list/ListActions.tsx";
import { FilterSelect, StoreFilter } from "../../ui/list/filters.tsx";
import { Button } from "../../ui/Button.tsx";
import { Modal } from "../../ui/dialogs/Modal.tsx";
import type { Column } from "../../ui/table/columns.ts";
import { TaskModal } from "./TaskModal.tsx";
import { TASK_CLIENTS, TASK_LIST, type Task } from "./workorderQueries.ts";

/**
 * /client/booking (电邀任务, 2102): the tasks by store, inviter and completion (spec 001 "Phone-invitation
 * task list"); create (A), edit (E), delete (D), and the assignment list of each task. An inviter
 * sees their own tasks (the server's data scope).
 */
const FILTERS = ["status"];
const DONE = [
  { value: "1", label: "已完成" },
  { value: "2", label: "未完成" },
];

type Dialog = { kind: "edit"; id?: number } | { kind: "clients"; task: Task } | null;

export default function TaskList() {
  const { rights } = useScreen();
  const [dialog, setDialog] = useState<Dialog>(null);
  const columns: Column<Task>[] = [
    { id: "id", header: "任务号", nowrap: true, sortable: true },
    { id: "createTime", header: "创建时间", nowrap: true },
    { id: "bookingUserName", header: "电邀员", nowrap: true },
    { id: "shop", header: "门店", nowrap: true },
    { id: "bookingtotal", header: "客户数", nowrap: true, align: "right" },
    { id: "booked", header: "已电邀", nowrap: true, align: "right" },
    {
      id: "actions",
      header: "操作",
      hideable: false,
      exported: false,
      nowrap: true,
      cell: (t) => (
        <div className="flex gap-1">
          {rights.e && (
            <Button size="sm" variant="link" aria-label={`编辑：任务${t.id}`} onClick={() => setDialog({ kind: "edit", id: t.id })}>
              编辑
            </Button>
          )}
          <Button size="sm" variant="link" aria-label={`分配名单：任务${t.id}`} onClick={() => setDialog({ kind: "clients", task: t })}>
            分配名单
          </Button>
        </div>
      ),
    },
  ];
  return (
    <ListScreen
      tableId="bookingTasks"
      route={TASK_LIST}
      columns={columns}
      filterKeys={FILTERS}
      storeFilter="shop"
      selectable={rights.d}
      keyword={false}
      filters={
        <>
          <StoreFilter name="shop" />
          <FilterSelect name="status" label="完成情况" options={DONE} />
        </>
      }
      toolbar={(ctx) => (
        <>
          {rights.a && <AddButton onClick={() => setDialog({ kind: "edit" })}>新建任务</AddButton>}
          {rights.d && <DeleteSelected ctx={ctx} route="POST /xiangyu/api/client/bookingclientdelete" invalidates={[TASK_LIST]} />}
        </>
      )}
    >
      {() => (
        <>
          {dialog?.kind === "edit" && <TaskModal id={dialog.id} onClose={() => setDialog(null)} />}
          {dialog?.kind === "clients" && (
            <Modal open width={800} title={`分配名单 · ${dialog.task.bookingUserName}`} onClose={() => setDialog(null)}>
              <ListScreen
                local
                paged={false}
                tableId="taskClients"
                route={TASK_CLIENTS}
                params={{ storeId: dialog.task.id }}
                keyword={false}
                exportName={false}
                columns={[
                  { id: "clientName", header: "客户", nowrap: true },
                  { id: "mobile", header: "手机号", nowrap: true },
                  { id: "recordTime", header: "电邀时间", nowrap: true },
                  { id: "statusText", header: "电邀状态", nowrap: true },
                ]}
                rowId={(a) => String(a.clientId)}
              />
            </Modal>
          )}
        </>
      )}
    </ListScreen>
  );
}
