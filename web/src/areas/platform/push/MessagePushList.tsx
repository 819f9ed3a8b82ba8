import { useCallback, useMemo, useState } from "react";
import { ListScreen } from "../../../ui/list/ListScreen.tsx";
import { StyleParamFilter } from "../../../ui/list/filters.tsx";
import { Button } from "../../../ui/Button.tsx";
import type { Column } from "../../../ui/table/columns.ts";
import { useStyleParams } from "../../../ui/useStyleParams.ts";
import { PUSH_EVENTS, PUSH_STATUS, PUSH_TYPE, type PushEvent } from "@xiangyu/core/platform/push/rules";
import { PUSH_LIST_SPEC } from "./pushLists.ts";
import { SandboxSends } from "./SandboxSends.tsx";
import type { PushMessage } from "./pushQueries.ts";

/** The body as a reader wants it: a WeChat message's field values joined, an SMS as it is. */
export function bodyText(m: Pick<PushMessage, "pushType" | "data">): string {
  if (m.pushType !== PUSH_TYPE.wechat) return m.data ?? "";
  try {
    const fields = JSON.parse(m.data ?? "{}") as Record<string, { value?: string }>;
    return Object.values(fields)
      .map((f) => f?.value ?? "")
      .join(" / ");
  } catch {
    return m.data ?? "";
  }
}

const STATUS_CLASS: Record<number, string> = { [PUSH_STATUS.queued]: "text-amber-700", [PUSH_STATUS.sent]: "text-emerald-700", [PUSH_STATUS.failed]: "text-red-700" };

/**
 * /messagepush (消息推送记录, R511): read-only, newest first; filters push status, push type and a
 * keyword (recipient, name, content). A failed message shows its reason and how many sends it took.
 * 沙箱发件记录 shows what the sandbox WeChat and SMS ports recorded as sent (no real provider on this stage).
 */
export default function MessagePushList() {
  const { data: types = [] } = useStyleParams("pushType");
  const { data: statuses = [] } = useStyleParams("messagepushStatus");
  const [sandbox, setSandbox] = useState(false);
  const typeName = useCallback((t: number) => types.find((o) => String(o.value) === String(t))?.label ?? String(t), [types]);
  const statusName = useCallback((s: number) => statuses.find((o) => String(o.value) === String(s))?.label ?? String(s), [statuses]);

  const columns = useMemo<Column<PushMessage>[]>(
    () => [
      { id: "pushType", header: "推送方式", nowrap: true, text: (m) => typeName(m.pushType) },
      { id: "touser", header: "公众号/手机号", nowrap: true },
      { id: "realname", header: "接收人", nowrap: true },
      { id: "event", header: "事件", nowrap: true, text: (m) => PUSH_EVENTS[m.event as PushEvent] ?? m.event ?? "" },
      { id: "data", header: "推送内容", cell: (m) => <span title={m.data}>{bodyText(m)}</span>, text: (m) => bodyText(m) },
      {
        id: "status",
        header: "状态",
        nowrap: true,
        cell: (m) => (
          <span className={STATUS_CLASS[m.status] ?? ""} title={m.reason || undefined}>
            {statusName(m.status)}
            {m.reason && m.status !== PUSH_STATUS.sent ? `（${m.reason}）` : ""}
          </span>
        ),
        text: (m) => `${statusName(m.status)}${m.reason && m.status !== PUSH_STATUS.sent ? `（${m.reason}）` : ""}`,
      },
      { id: "attempts", header: "发送次数", nowrap: true },
      { id: "createTime", header: "生成时间", nowrap: true },
      { id: "pushTime", header: "推送时间", nowrap: true, text: (m) => m.pushTime || "—" },
    ],
    [typeName, statusName],
  );

  return (
    <ListScreen
      tableId="messagepush"
      spec={PUSH_LIST_SPEC}
      columns={columns}
      keyword={{ placeholder: "公众号/手机号、接收人或内容" }}
      filters={
        <>
          <StyleParamFilter name="status" label="推送状态" styleen="messagepushStatus" />
          <StyleParamFilter name="pushType" label="推送方式" styleen="pushType" />
        </>
      }
      toolbar={() => <Button onClick={() => setSandbox(true)}>沙箱发件记录</Button>}
      exportName="消息推送记录"
    >
      {() => sandbox && <SandboxSends onClose={() => setSandbox(false)} />}
    </ListScreen>
  );
}
