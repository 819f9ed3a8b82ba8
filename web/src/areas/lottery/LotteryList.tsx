import { useCallback, useMemo, useState } from "react";
import { useScreen } from "../../lib/screen.tsx";
import { succeeded } from "../../lib/routeQuery.ts";
import { Button } from "../../ui/Button.tsx";
import { ConfirmSwitch } from "../../ui/dialogs/ConfirmSwitch.tsx";
import { AddButton, DeleteSelected, ToggleSelected } from "../../ui/list/ListActions.tsx";
import { confirmDelete } from "../../ui/list/actions.ts";
import type { Column } from "../../ui/table/columns.ts";
import { ListScreen } from "../../ui/list/ListScreen.tsx";
import { LOTTERY_DELETE, LOTTERY_PASSED, LOTTERY_STALE, useDeleteLottery, useToggleLottery, type Lottery } from "./lotteryQueries.ts";
import { LOTTERY_LIST_SPEC } from "./lotteryLists.ts";
import { LotteryForm } from "./LotteryForm.tsx";
import { PrizeSettings } from "./PrizeSettings.tsx";
import { DrawSummary } from "./DrawSummary.tsx";
import { WinnerList } from "./WinnerList.tsx";
import { LotteryRowActions, type LotteryModal } from "./LotteryRowActions.tsx";

/**
 * /lottery (抽奖活动; spec 002 "Lottery", R583–R586): the activities newest first, with add (A),
 * edit (E), delete (D) and the enable switch (P), and per activity the three modals: 奖品设置
 * (prizes and their odds), 抽奖统计 (draw summary) and 中奖管理 (winners and distribution).
 */
const limitText = (n: number) => (n === 0 ? "不限" : String(n));
const STATE_CLASS: Record<string, string> = { running: "text-green-700", notStarted: "text-sky-700", ended: "text-slate-400", disabled: "text-slate-400" };

type Open = { kind: "edit"; id?: number } | { kind: LotteryModal; lottery: Lottery };

export default function LotteryList() {
  const { rights } = useScreen();
  const [open, setOpen] = useState<Open | null>(null);
  const toggleOne = useToggleLottery();
  const deleteOne = useDeleteLottery();

  const remove = useCallback(
    async (l: Lottery) => {
      if (!(await confirmDelete(`确定删除抽奖活动「${l.title}」吗？删除后不可恢复。`))) return;
      await succeeded(deleteOne.mutateAsync({ ids: String(l.id) }));
    },
    [deleteOne],
  );

  const columns = useMemo<Column<Lottery>[]>(
    () => [
      {
        id: "title",
        header: "活动标题",
        cell: (l) => (
          <Button size="sm" variant="link" onClick={() => setOpen({ kind: "edit", id: l.id })} aria-label={`编辑：${l.title}`}>
            {l.title}
          </Button>
        ),
        text: (l) => l.title,
      },
      { id: "startTime", header: "开始时间", nowrap: true },
      { id: "endTime", header: "结束时间", nowrap: true },
      { id: "userJoinLimit", header: "每人抽奖次数", nowrap: true, align: "center", text: (l) => limitText(l.userJoinLimit) },
      { id: "participantsNumber", header: "参与人数上限", nowrap: true, align: "center", text: (l) => limitText(l.participantsNumber) },
      { id: "state", header: "活动状态", nowrap: true, text: (l) => l.stateText, cell: (l) => <span className={STATE_CLASS[l.state]}>{l.stateText}</span> },
      {
        id: "idisplay",
        header: "启用",
        align: "center",
        exported: false,
        text: (l) => (l.idisplay === 1 ? "启用" : "禁用"),
        cell: (l) => <ConfirmSwitch value={l.idisplay} allowed={rights.p} label={`启用：${l.title}`} onChange={() => succeeded(toggleOne.mutateAsync({ ids: String(l.id) }))} />,
      },
      {
        id: "actions",
        header: "操作",
        hideable: false,
        exported: false,
        nowrap: true,
        cell: (l) => (
          <LotteryRowActions rights={rights} onEdit={() => setOpen({ kind: "edit", id: l.id })} onOpen={(kind) => setOpen({ kind, lottery: l })} onRemove={() => void remove(l)} />
        ),
      },
    ],
    [rights, toggleOne, remove],
  );

  const close = () => setOpen(null);
  return (
    <ListScreen
      tableId="lottery"
      spec={LOTTERY_LIST_SPEC}
      columns={columns}
      keyword={{ placeholder: "活动标题" }}
      selectable={rights.d || rights.p}
      toolbar={(ctx) => (
        <>
          <AddButton onClick={() => setOpen({ kind: "edit" })}>新增活动</AddButton>
          <ToggleSelected ctx={ctx} route={LOTTERY_PASSED} invalidates={LOTTERY_STALE} />
          <DeleteSelected ctx={ctx} route={LOTTERY_DELETE} invalidates={LOTTERY_STALE} />
        </>
      )}
    >
      {() => (
        <>
          {open?.kind === "edit" && <LotteryForm id={open.id} onClose={close} />}
          {open?.kind === "prizes" && <PrizeSettings lottery={open.lottery} onClose={close} />}
          {open?.kind === "summary" && <DrawSummary lottery={open.lottery} onClose={close} />}
          {open?.kind === "winners" && <WinnerList lottery={open.lottery} onClose={close} />}
        </>
      )}
    </ListScreen>
  );
}
