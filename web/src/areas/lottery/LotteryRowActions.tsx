import type { Rights } from "../../lib/screen.tsx";
import { Button } from "../../ui/Button.tsx";

/** The modals an activity row opens besides its form. */
export type LotteryModal = "prizes" | "summary" | "winners";

/** An activity row's buttons: its form, 奖品设置, 抽奖统计, 中奖管理, and delete (D). */
export function LotteryRowActions({ rights, onEdit, onOpen, onRemove }: { rights: Rights; onEdit: () => void; onOpen: (kind: LotteryModal) => void; onRemove: () => void }) {
  return (
    <div className="flex gap-1">
      <Button size="sm" variant="link" onClick={onEdit}>
        {rights.e ? "编辑" : "查看"}
      </Button>
      <Button size="sm" variant="link" onClick={() => onOpen("prizes")}>
        奖品设置
      </Button>
      <Button size="sm" variant="link" onClick={() => onOpen("summary")}>
        抽奖统计
      </Button>
      <Button size="sm" variant="link" onClick={() => onOpen("winners")}>
        中奖管理
      </Button>
      {rights.d && (
        <Button size="sm" variant="link" className="text-red-600!" onClick={onRemove}>
          删除
        </Button>
      )}
    </div>
  );
}
