import { Modal } from "../../ui/dialogs/Modal.tsx";
import { DataTable } from "../../ui/table/DataTable.tsx";
import type { Column } from "../../ui/table/columns.ts";
import type { Binding, Channel } from "./channelQueries.ts";

/** The sales persons bound to one channel (bindUserId, bindUser), read from the list row. */
const COLUMNS: Column<Binding>[] = [
  { id: "bindUserId", header: "业务员ID", nowrap: true, align: "right" },
  { id: "bindUser", header: "业务员" },
];

export function BoundUsers({ channel, onClose }: { channel: Channel; onClose: () => void }) {
  return (
    <Modal open width={500} title={`绑定业务员：${channel.stylename}`} onClose={onClose}>
      <DataTable columns={COLUMNS} rows={channel.cannel ?? []} rowId={(b) => String(b.bindUserId)} emptyText="该渠道未绑定业务员" />
    </Modal>
  );
}
