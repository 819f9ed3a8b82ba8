import { useState } from "react";
import { canReturn } from "@xiangyu/core/weeks/rules";
import { useScreen } from "../../lib/screen.tsx";
import { succeeded } from "../../lib/routeQuery.ts";
import { ListScreen } from "../../ui/list/ListScreen.tsx";
import { AddButton } from "../../ui/list/ListActions.tsx";
import { FilterSelect } from "../../ui/list/filters.tsx";
import { Button } from "../../ui/Button.tsx";
import { Modal } from "../../ui/dialogs/Modal.tsx";
import { confirm } from "../../ui/dialogs/Confirm.tsx";
import type { Column } from "../../ui/table/columns.ts";
import { RciWizard } from "./RciWizard.tsx";
import { RCI_LIST, useReturnExchange, type RciExchange } from "./weeksQueries.ts";

/**
 * /order/rcilist (RCI交换单, function 1805): the exchanges, newest first, searched by client
 * information (R227); the columns of R228 and the mark (R229: 兑换 / 退回 / 已退回). Create needs A;
 * 退回 shows on exchanges only (R230), needs E (R232), asks first and says 退回成功 (R233).
 */
const FILTERS = ["backFlag"];
const MARK_OPTIONS = [
  { value: "0", label: "兑换" },
  { value: "1", label: "退回" },
  { value: "2", label: "已退回" },
];
const MARK_CLASS: Record<number, string> = { 0: "text-blue-700", 1: "text-amber-700", 2: "text-slate-500" };

const COLUMNS: Column<RciExchange>[] = [
  { id: "clientName", header: "客户姓名", nowrap: true },
  { id: "storeCount", header: "原有周次", nowrap: true, align: "right" },
  { id: "exchangeCount", header: "兑换数量", nowrap: true, align: "right" },
  { id: "remainingCount", header: "剩余周次", nowrap: true, align: "right" },
  { id: "rciStoreCount", header: "交换服务原有周次", nowrap: true, align: "right" },
  { id: "rciNowStoreCount", header: "交换服务现有周次", nowrap: true, align: "right" },
  { id: "serviceUser", header: "客服人员", nowrap: true },
  { id: "exchangeTime", header: "交换时间", nowrap: true, sortable: true, sortKey: "id" },
  { id: "remark", header: "备注", width: 160 },
  { id: "backFlag", header: "标记", nowrap: true, align: "center", text: (e) => e.backText, cell: (e) => <span className={MARK_CLASS[e.backFlag]}>{e.backText}</span> },
];

export default function RciList() {
  const { rights } = useScreen();
  const [creating, setCreating] = useState(false);
  const back = useReturnExchange();

  async function giveBack(e: RciExchange) {
    if (!(await confirm({ title: "退回确认", message: `确定退回${e.clientName}的 ${e.exchangeCount} 周交换吗？周次将退回客户的会员周次。`, okText: "退回" }))) return;
    await succeeded(back.mutateAsync({ id: e.id }));
  }

  const columns: Column<RciExchange>[] = [
    ...COLUMNS,
    {
      id: "actions",
      header: "操作",
      hideable: false,
      exported: false,
      nowrap: true,
      cell: (e) =>
        rights.e &&
        canReturn(e) && (
          <Button size="sm" variant="link" aria-label={`退回：${e.clientName} ${e.exchangeCount}周`} onClick={() => void giveBack(e)}>
            退回
          </Button>
        ),
    },
  ];

  return (
    <ListScreen
      tableId="rciExchanges"
      route={RCI_LIST}
      columns={columns}
      filterKeys={FILTERS}
      filters={<FilterSelect name="backFlag" label="标记" options={MARK_OPTIONS} />}
      keyword={{ placeholder: "客户姓名、手机号或备注" }}
      toolbar={() => rights.a && <AddButton onClick={() => setCreating(true)}>新增交换</AddButton>}
    >
      {() =>
        creating && (
          <Modal open title="RCI周次交换" width={800} onClose={() => setCreating(false)}>
            <RciWizard onDone={() => setCreating(false)} />
          </Modal>
        )
      }
    </ListScreen>
  );
}
