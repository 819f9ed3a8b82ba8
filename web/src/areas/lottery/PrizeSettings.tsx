import { useCallback, useMemo, useState } from "react";
import { useScreen } from "../../lib/screen.tsx";
import { succeeded } from "../../lib/routeQuery.ts";
import { ListScreen } from "../../ui/list/ListScreen.tsx";
import { Modal } from "../../ui/dialogs/Modal.tsx";
import { Button } from "../../ui/Button.tsx";
import { AddButton } from "../../ui/list/ListActions.tsx";
import { confirmDelete } from "../../ui/list/actions.ts";
import type { Column } from "../../ui/table/columns.ts";
import { PRIZE_LIST, useDeletePrize, type Lottery, type Prize } from "./lotteryQueries.ts";
import { oddsOf } from "./odds.ts";
import { PrizeForm } from "./PrizeForm.tsx";

/**
 * 奖品设置 (R587–R589): the activity's prizes with their count (0 = 不限), won and remaining, the
 * weight and, beyond the spec, each prize's chance on the next draw. Add, edit, delete (only where
 * hasDelete allows: a prize someone won stays). "谢谢参与" is a prize with a weight like any other.
 */
const countText = (n: number | null) => (n === null || n === undefined ? "不限" : String(n));

export function PrizeSettings({ lottery, onClose }: { lottery: Pick<Lottery, "id" | "title" | "state">; onClose: () => void }) {
  const { rights } = useScreen();
  const [editing, setEditing] = useState<{ id?: number } | null>(null);
  const deleteOne = useDeletePrize();
  const remove = useCallback(
    async (p: Prize) => {
      if (!(await confirmDelete(`确定删除奖品「${p.prizeName}」吗？删除后不可恢复。`))) return;
      await succeeded(deleteOne.mutateAsync({ id: p.id }));
    },
    [deleteOne],
  );

  const columns = useCallback(
    (rows: Prize[]): Column<Prize>[] => {
      const chance = oddsOf(rows);
      // Once members draw in a running activity, prizes are neither added nor deleted (docs/lottery.md).
      const live = lottery.state === "running" && rows.some((p) => p.won > 0);
      return [
        { id: "prizeName", header: "奖品名称" },
        { id: "prizePrice", header: "奖品价值", nowrap: true, align: "right", text: (p) => (p.prizePrice > 0 ? `${p.prizePrice}元` : "-") },
        { id: "prizeCount", header: "奖品数量", nowrap: true, align: "right", text: (p) => countText(p.prizeCount === 0 ? null : p.prizeCount) },
        { id: "won", header: "已中奖", nowrap: true, align: "right" },
        { id: "remaining", header: "剩余", nowrap: true, align: "right", text: (p) => countText(p.remaining) },
        { id: "lotteryWeight", header: "中奖权重", nowrap: true, align: "right", text: (p) => String(p.lotteryWeight) },
        { id: "odds", header: "中奖概率", nowrap: true, align: "right", text: (p) => chance.get(p.id) ?? "0%" },
        { id: "hasDistribute", header: "需要派奖", nowrap: true, align: "center", text: (p) => (p.hasDistribute === 1 ? "是" : "否") },
        { id: "prizeTips", header: "中奖提示" },
        {
          id: "actions",
          header: "操作",
          nowrap: true,
          hideable: false,
          exported: false,
          cell: (p) => (
            <div className="flex gap-1">
              <Button size="sm" variant="link" onClick={() => setEditing({ id: p.id })}>
                {rights.e ? "编辑" : "查看"}
              </Button>
              {rights.d && p.hasDelete !== 1 && !live && (
                <Button size="sm" variant="link" className="text-red-600!" onClick={() => void remove(p)}>
                  删除
                </Button>
              )}
            </div>
          ),
        },
      ];
    },
    [rights, remove, lottery.state],
  );

  const params = useMemo(() => ({ lotteryId: lottery.id }), [lottery.id]);
  return (
    <Modal open width={1200} title={`奖品设置 — ${lottery.title}`} onClose={onClose}>
      <ListScreen
        local
        paged={false}
        route={PRIZE_LIST}
        params={params}
        tableId="lottery-prizes"
        exportName={`${lottery.title}奖品`}
        columns={columns}
        keyword={false}
        maxHeight="max(12rem, calc(100vh - 22rem))"
        toolbar={() => (
          <>
            <AddButton onClick={() => setEditing({})}>新增奖品</AddButton>
            <span className="text-xs text-slate-400">中奖概率 = 奖品权重 ÷ 有剩余奖品的权重之和；“谢谢参与”也设为一个奖品。活动开始抽奖后不能改权重、增删奖品，数量只能增加。</span>
          </>
        )}
      >
        {(ctx) => <>{editing && <PrizeForm lotteryId={lottery.id} id={editing.id} others={ctx.rows} onClose={() => setEditing(null)} />}</>}
      </ListScreen>
    </Modal>
  );
}
