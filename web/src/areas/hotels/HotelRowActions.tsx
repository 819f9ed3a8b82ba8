import type { Rights } from "../../lib/screen.tsx";
import { Button } from "../../ui/Button.tsx";

/** A hotel row's buttons: its form (edit or view), its rooms, its calendar, and delete (D). */
export function HotelRowActions({
  rights,
  onEdit,
  onRooms,
  onCalendar,
  onRemove,
}: {
  rights: Rights;
  onEdit: () => void;
  onRooms: () => void;
  onCalendar: () => void;
  onRemove: () => void;
}) {
  return (
    <div className="flex gap-1">
      <Button size="sm" variant="link" onClick={onEdit}>
        {rights.e ? "编辑" : "查看"}
      </Button>
      <Button size="sm" variant="link" onClick={onRooms}>
        客房设置
      </Button>
      <Button size="sm" variant="link" onClick={onCalendar}>
        房态日历
      </Button>
      {rights.d && (
        <Button size="sm" variant="link" className="text-red-600!" onClick={onRemove}>
          删除
        </Button>
      )}
    </div>
  );
}
