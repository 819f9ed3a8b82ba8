import { useState } from "react";
import { BOOKING_MSG } from "@xiangyu/core/workorders/schemas";
import { Modal } from "../../ui/dialogs/Modal.tsx";
import { Button } from "../../ui/Button.tsx";
import { Field } from "../../ui/form/Field.tsx";
import { Select } from "../../ui/form/inputs.tsx";
import { OrgCascader } from "../../ui/pickers/OrgCascader.tsx";
import { Transfer } from "../../ui/pickers/Transfer.tsx";
import { useCurrentUser } from "../../ui/useCurrentUser.ts";
import { succeeded } from "../../lib/routeQuery.ts";
import { toast } from "../../lib/toast.ts";
import { REFUSED } from "../../ui/form/useSchemaForm.ts";
import { useInviters, useSaveTask, useTask, useTransferClients } from "./workorderQueries.ts";

/**
 * The booking-call form (电邀任务, R312–R319): a store of the caller's departments, an inviter of that
 * store (inviter role, R316), and the transfer list 待选客户 / 已选客户 where each client shows its last
 * invitation date or 从未电邀. Clients no longer in the store's list are dropped on save (R315).
 */
export function TaskModal({ id, onClose }: { id?: number; onClose: () => void }) {
  const task = useTask(id);
  if (id && task.isPending) return null;
  return <TaskForm key={task.data?.id ?? 0} id={id} start={task.data} onClose={onClose} />;
}

type Start = { shop: string; bookingUser: number; bookingstoreclient: number[] } | undefined;

function TaskForm({ id, start, onClose }: { id?: number; start: Start; onClose: () => void }) {
  const { data: me } = useCurrentUser();
  const [shop, setShop] = useState(start?.shop ?? "");
  const [bookingUser, setUser] = useState(start ? String(start.bookingUser) : "");
  const [chosen, setChosen] = useState<string[]>((start?.bookingstoreclient ?? []).map(String));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const inviters = useInviters(shop);
  const clients = useTransferClients(shop, id);
  const save = useSaveTask();
  const items = (clients.data ?? []).map((c) => ({ key: String(c.id), label: `${c.clientName} ${c.mobile} · ${c.apTimeText}` }));

  async function submit() {
    const known = new Set(items.map((i) => i.key));
    const kept = chosen.filter((k) => known.has(k));
    const e: Record<string, string> = {};
    if (!shop) e.shop = BOOKING_MSG.shop;
    else if (!bookingUser) e.bookingUser = BOOKING_MSG.bookingUser;
    else if (!kept.length) e.clients = BOOKING_MSG.clients;
    setErrors(e);
    if (Object.keys(e).length) {
      toast.error(REFUSED);
      return;
    }
    setBusy(true);
    try {
      if (await succeeded(save.mutateAsync({ id, shop, bookingUser, bookingstoreclient: kept.join(",") }))) onClose();
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal
      open
      width={800}
      title={id ? "编辑电邀任务" : "新建电邀任务"}
      onClose={onClose}
      footer={
        <>
          <Button onClick={onClose}>取消</Button>
          <Button variant="primary" busy={busy} onClick={submit}>
            保存
          </Button>
        </>
      }
    >
      <Field label="门店" required error={errors.shop}>
        <OrgCascader
          value={shop}
          onChange={(code) => {
            setShop(code);
            setUser("");
            setChosen([]);
          }}
          limitTo={me?.deptCodes}
          label="门店"
        />
      </Field>
      <Field label="电邀员" required error={errors.bookingUser}>
        <Select
          aria-label="电邀员"
          value={bookingUser}
          onChange={(x) => setUser(String(x ?? ""))}
          options={(inviters.data ?? []).map((u) => ({ value: String(u.id), label: `${u.realname} ${u.mobile}` }))}
          placeholder={shop ? "请选择电邀员" : "请先选择门店"}
        />
      </Field>
      <Field label="客户" required error={errors.clients}>
        <Transfer items={items} value={chosen} onChange={setChosen} titles={["待选客户", "已选客户"]} emptyText={[shop ? "暂无客户" : "请先选择门店", "暂无数据"]} />
      </Field>
    </Modal>
  );
}
