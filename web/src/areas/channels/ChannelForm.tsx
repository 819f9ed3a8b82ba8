import { useMemo, useState } from "react";
import { ChannelInput } from "@xiangyu/core/channels/schemas";
import { Modal } from "../../ui/dialogs/Modal.tsx";
import { confirm } from "../../ui/dialogs/Confirm.tsx";
import { EditForm } from "../../ui/form/EditForm.tsx";
import { useMayWrite } from "../../ui/form/FormFooter.tsx";
import { Field } from "../../ui/form/Field.tsx";
import { RadioField } from "../../ui/form/RadioField.tsx";
import { TextArea, TextInput } from "../../ui/form/inputs.tsx";
import { startValues } from "../../ui/form/startValues.ts";
import { useSchemaForm } from "../../ui/form/useSchemaForm.ts";
import { Transfer, type TransferItem } from "../../ui/pickers/Transfer.tsx";
import { staffLabel, useStaff } from "../../ui/pickers/StaffSelect.tsx";
import { useSaveChannel, type Channel } from "./channelQueries.ts";

/**
 * The channel dialog (800, R390–R394): code and name required, a description, order and display,
 * and the bound sales persons picked from the staff (sent comma-joined). Clients store the code, so
 * changing the code of an existing channel asks first: its clients keep the old code (R392).
 */
const DISPLAY = [
  { value: 1, label: "显示" },
  { value: 0, label: "隐藏" },
];
export const CODE_CHANGE_WARNING = "修改渠道编码会影响已绑定该渠道的客户（客户仍保留原编码），确定修改吗？";

const STAFF_FAILED = "读取用户列表出错，只列出已绑定的业务员";

/**
 * Every staff member for the picker (the users area's staff list, ui/pickers/StaffSelect's query), searched
 * by name or mobile in the transfer's panes; the bound ones stay listed even when the staff list
 * cannot be read, and the form then says so.
 */
function useStaffItems(bound: Channel["cannel"]) {
  const staff = useStaff();
  const items = useMemo<TransferItem[]>(() => {
    const out = (staff.data ?? []).map((s) => ({ key: String(s.id), label: staffLabel(s) }));
    for (const b of bound) if (!out.some((i) => i.key === String(b.bindUserId))) out.push({ key: String(b.bindUserId), label: b.bindUser || String(b.bindUserId) });
    return out;
  }, [staff.data, bound]);
  return { items, failed: staff.isError, loading: staff.isPending };
}

type Props = { channel?: Channel; styleen: string; onClose: () => void; onSaved: () => void };

export function ChannelForm({ channel, styleen, onClose, onSaved }: Props) {
  const mayWrite = useMayWrite(channel);
  const bound = useMemo(() => channel?.cannel ?? [], [channel]);
  const staff = useStaffItems(bound);
  const [users, setUsers] = useState<string[]>(bound.map((b) => String(b.bindUserId)));
  const initial = { ...startValues(channel, { id: "", styleid: "", stylename: "", pseudocode: "", displayornot: 1, seq: 99 }), styleen, users: "" };
  const form = useSchemaForm(ChannelInput, initial, { hidden: ["id", "styleen"] });
  const e = form.errors;
  const post = useSaveChannel({ onSaved, onClose });

  const save = form.submit(async () => {
    if (channel && channel.styleid !== String(form.values.styleid).trim() && !(await confirm({ title: "修改编码", message: CODE_CHANGE_WARNING }))) return;
    await post({ ...form.values, id: form.values.id || undefined, users: users.join(",") });
  });

  return (
    <Modal open width={800} title={channel ? "编辑渠道" : "新增渠道"} onClose={onClose}>
      <EditForm onSubmit={save} mayWrite={mayWrite} busy={form.submitting} onClose={onClose}>
        <div className="grid grid-cols-2">
          <Field label="渠道编码" required error={e.styleid} hint={channel ? "修改编码会影响已绑定该渠道的客户" : "客户资料保存此编码"}>
            <TextInput {...form.field("styleid")} maxLength={50} placeholder="如 online" />
          </Field>
          <Field label="渠道名称" required error={e.stylename}>
            <TextInput {...form.field("stylename")} maxLength={50} placeholder="如 线上推广" />
          </Field>
          <Field label="排序" error={e.seq} hint="数字小的排在前面">
            <TextInput {...form.field("seq")} inputMode="numeric" />
          </Field>
          <RadioField label="状态" {...form.field("displayornot")} options={DISPLAY} disabled={!mayWrite} />
        </div>
        <Field label="描述" error={e.pseudocode} hint="最多200个字">
          <TextArea {...form.field("pseudocode")} maxLength={200} rows={2} />
        </Field>
        <Field label="绑定业务员" error={staff.failed ? STAFF_FAILED : undefined} hint={staff.loading ? "正在读取用户…" : `已绑定 ${users.length} 人`}>
          <Transfer items={staff.items} value={users} onChange={setUsers} titles={["可选业务员", "已绑定业务员"]} emptyText={["暂无数据", "暂无数据"]} />
        </Field>
      </EditForm>
    </Modal>
  );
}
