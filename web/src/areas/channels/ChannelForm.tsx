import { useMemo, useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { ChannelInput } from "@xiangyu/core/channels/schemas";
import { useApi } from "../../lib/screen.tsx";
import { isOk } from "../../lib/api.ts";
import { Modal } from "../../ui/Modal.tsx";
import { confirm } from "../../ui/Confirm.tsx";
import { EditForm } from "../../ui/form/EditForm.tsx";
import { useMayWrite } from "../../ui/form/FormFooter.tsx";
import { Field } from "../../ui/form/Field.tsx";
import { RadioField } from "../../ui/form/RadioField.tsx";
import { TextArea, TextInput } from "../../ui/form/inputs.tsx";
import { startValues } from "../../ui/form/startValues.ts";
import { useSchemaForm } from "../../ui/form/useSchemaForm.ts";
import { Transfer, type TransferItem } from "../../ui/Transfer.tsx";
import { STAFF_LIST, staffName, type Staff } from "./channelTypes.ts";
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

/** The picker's hint when no staff can be listed yet (the users area's mgr/list not built). */
export const NO_STAFF = "暂无可选销售";
const STAFF_FAILED = "读取用户列表出错，只列出已绑定的业务员";

/**
 * Every staff member for the picker; the bound ones stay listed even when the staff list cannot be read.
 * The list is the users area's `mgr/list`: until that route exists the gateway answers 404 接口不存在,
 * which is not a failure of this form — the picker is then empty and quiet (NO_STAFF), never an error
 * on every open. Any other refusal still says the list could not be read.
 */
function useStaffItems(bound: Channel["cannel"]) {
  const api = useApi();
  const staff = useQuery({
    queryKey: [STAFF_LIST, "picker"],
    queryFn: async (): Promise<Staff[] | "missing"> => {
      const r = await api.get<Staff>(STAFF_LIST, { currentPage: 1, pageSize: 1000 });
      if (r.code === "404") return "missing";
      if (!isOk(r)) throw new Error(r.desc || "读取出错");
      // The route's reply is a list; a data array is read the same way.
      return r.dataList ?? (Array.isArray(r.data) ? (r.data as Staff[]) : []);
    },
    staleTime: 60_000,
  });
  const list = useMemo(() => (Array.isArray(staff.data) ? staff.data : []), [staff.data]);
  const items = useMemo<TransferItem[]>(() => {
    const out = list.map((s) => ({ key: String(s.id), label: s.mobile ? `${staffName(s)} ${s.mobile}` : staffName(s) }));
    for (const b of bound) if (!out.some((i) => i.key === String(b.bindUserId))) out.push({ key: String(b.bindUserId), label: b.bindUser || String(b.bindUserId) });
    return out;
  }, [list, bound]);
  return { items, failed: staff.isError, loading: staff.isPending, none: staff.isSuccess && list.length === 0 };
}

type Props = { channel?: Channel; styleen: string; onClose: () => void; onSaved: () => void };

export function ChannelForm({ channel, styleen, onClose, onSaved }: Props) {
  const mayWrite = useMayWrite(channel);
  const bound = useMemo(() => channel?.cannel ?? [], [channel]);
  const staff = useStaffItems(bound);
  const [users, setUsers] = useState<string[]>(bound.map((b) => String(b.bindUserId)));
  const initial = { ...startValues(channel, { id: "", styleid: "", stylename: "", pseudocode: "", displayornot: 1, seq: 99 }), styleen };
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
          <Transfer items={staff.items} value={users} onChange={setUsers} titles={["可选业务员", "已绑定业务员"]} emptyText={[staff.none ? NO_STAFF : "暂无数据", "暂无数据"]} />
        </Field>
      </EditForm>
    </Modal>
  );
}
