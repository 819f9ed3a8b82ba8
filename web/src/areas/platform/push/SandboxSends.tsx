import { Modal } from "../../../ui/dialogs/Modal.tsx";
import { ListScreen } from "../../../ui/list/ListScreen.tsx";
import type { Column } from "../../../ui/table/columns.ts";
import { SANDBOX_LIST, type SandboxSend } from "./pushQueries.ts";

const columns: Column<SandboxSend>[] = [
  { id: "time", header: "时间", nowrap: true },
  { id: "channel", header: "通道", nowrap: true, text: (s) => (s.channel === "wechat" ? "微信模板" : "短信") },
  { id: "to", header: "接收方", nowrap: true },
  { id: "templateId", header: "模板代码", nowrap: true, text: (s) => s.templateId || "—" },
  { id: "body", header: "内容" },
  { id: "ok", header: "结果", nowrap: true, text: (s) => (s.ok ? "成功" : `失败（${s.reason}）`) },
];

/**
 * What the sandbox WeChat and SMS ports recorded as sent, newest first: on a stage without real
 * providers this is where a message "arrives" (core/platform/push/ports.ts).
 */
export function SandboxSends({ onClose }: { onClose: () => void }) {
  return (
    <Modal open width={1200} title="沙箱发件记录" onClose={onClose}>
      <ListScreen local fresh route={SANDBOX_LIST} tableId="messagepush-sandbox" columns={columns} keyword={false} exportName={false} rowId={(s) => s.at} maxHeight="60vh" />
    </Modal>
  );
}
