import type { Rights } from "../../lib/screen.tsx";
import { Button } from "../../ui/Button.tsx";
import type { Room } from "./hotelTypes.ts";
import { mayEditStatus } from "./statusRights.ts";

/** A room row's buttons: its form, its room status, and delete, refused for a room already booked (hasDelete = 1). */
export function RoomRowActions({ room, rights, onEdit, onStatus, onRemove }: { room: Room; rights: Rights; onEdit: () => void; onStatus: () => void; onRemove: () => void }) {
  return (
    <div className="flex gap-1">
      <Button size="sm" variant="link" onClick={onEdit}>
        {rights.e ? "编辑" : "查看"}
      </Button>
      {mayEditStatus(rights) && (
        <Button size="sm" variant="link" onClick={onStatus}>
          设置房态
        </Button>
      )}
      {rights.d && (
        <Button
          size="sm"
          variant="link"
          className="text-red-600! disabled:text-slate-400!"
          disabled={room.hasDelete === 1}
          title={room.hasDelete === 1 ? "该客房已被使用，不能删除" : undefined}
          onClick={onRemove}
        >
          删除
        </Button>
      )}
    </div>
  );
}
