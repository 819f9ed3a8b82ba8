import { useState } from "react";
import { WorkOrderSaveInput } from "@xiangyu/core/workorders/schemas";
import { EMPTY_STATE, checkPurchase, decide, sectionsOf, type WoState } from "@xiangyu/core/workorders/rules";
import { useScreen } from "../../lib/screen.tsx";
import { succeeded } from "../../lib/routeQuery.ts";
import { Modal } from "../../ui/dialogs/Modal.tsx";
import { Button } from "../../ui/Button.tsx";
import { StaticField } from "../../ui/form/Field.tsx";
import { CopyButton } from "../../ui/text/CopyButton.tsx";
import { useSchemaForm } from "../../ui/form/useSchemaForm.ts";
import { Collapsible } from "../clients/Collapsible.tsx";
import { FinalPayDialog } from "./FinalPayDialog.tsx";
import { useSaveClientStatus, useSaveWorkOrder, useWorkOrder, type WorkOrder } from "./workorderQueries.ts";
import { FIELD_OF, binder, pickState, startValues } from "./workOrderValues.ts";
import { ClientStatus } from "./ClientStatus.tsx";
import { AppointmentSection } from "./AppointmentSection.tsx";
import { PresenceSection } from "./PresenceSection.tsx";
import { PurchaseSection } from "./PurchaseSection.tsx";
import { DealSection } from "./DealSection.tsx";

/**
 * The work order's edit panel (spec 001 "Work order edit panel"): collapsible client, appointment,
 * presence and purchase sections whose visibility and read-only state come from the same rules the
 * server decides with (`sectionsOf`, R320–R323); a save is first checked with `decide` so the
 * message under the field is the server's (R333–R344), and a refused save says 部分必填项没填写 (R347).
 * `readOnly` is the view with final payment (FinalPayDialog); a locked work order is shown that way too.
 */
export const PAYMENT_NOTICE = "请确认客户已完成付款后再保存：保存购买后工单将锁定，购买单进入收银审核。";

export function WorkOrderPanel({ clientId, clientName, id, readOnly, onClose }: { clientId: number; clientName: string; id?: number; readOnly?: boolean; onClose: () => void }) {
  const { rights } = useScreen();
  const view = useWorkOrder(id, clientId);
  if (view.isPending) return null;
  // A client never invited has none (and a failed read was toasted): the panel starts a new one.
  const w = view.isError ? undefined : (view.data ?? undefined);
  return (
    <PanelBody
      key={w?.id ?? 0}
      clientId={clientId}
      clientName={clientName}
      w={w}
      readOnly={!!readOnly || !(rights.a || rights.e) || (!!w && !w.canSave)}
      canReviewDeal={rights.e || rights.d}
      canPay={rights.e}
      onClose={onClose}
    />
  );
}

type BodyProps = { clientId: number; clientName: string; w?: WorkOrder; readOnly: boolean; canReviewDeal: boolean; canPay: boolean; onClose: () => void };

function PanelBody({ clientId, clientName, w, readOnly, canReviewDeal, canPay, onClose }: BodyProps) {
  const form = useSchemaForm(WorkOrderSaveInput, startValues(w, clientId));
  const [paying, setPaying] = useState(false);
  const save = useSaveWorkOrder({ onClose });
  const saveStatus = useSaveClientStatus();

  const saved: WoState = w ? { ...EMPTY_STATE, ...pickState(w) } : EMPTY_STATE;
  const unlocked = !!w && !!w.locked && !!w.canSave;
  const sec = w ? w.sections : sectionsOf(saved, { locked: false, canReviewDeal });
  const ro = (s: { readOnly: boolean }) => readOnly || s.readOnly;
  const bind = binder(form);

  // The schema's messages first, then the stage rules the server decides with (R333–R347), each under its field.
  const submit = form.submit(async (input) => {
    const prev = unlocked ? { ...saved, status: 2, isBuy: 0 } : saved;
    const d = decide(prev, input, { locked: false, canReviewDeal });
    const message = !d.ok ? d.message : d.buys ? checkPurchase(input) : null;
    if (message) return form.refuse(FIELD_OF[message] ?? "form", message);
    await save(form.values);
  });

  const bought = w?.buyInfo;
  if (paying && bought) return <FinalPayDialog buy={bought} onClose={onClose} />;
  return (
    <Modal
      open
      width={800}
      title={`电邀工单 · ${clientName}${w ? ` · ${w.statusName}` : " · 未电邀"}`}
      onClose={onClose}
      footer={
        <>
          <Button onClick={onClose}>{readOnly ? "关闭" : "取消"}</Button>
          {!readOnly && (
            <Button variant="primary" busy={form.submitting} onClick={() => void submit()}>
              保存
            </Button>
          )}
        </>
      }
    >
      <div className="flex flex-col gap-3">
        {form.errors.form && (
          <p role="alert" className="text-sm text-red-600">
            {form.errors.form}
          </p>
        )}
        {!readOnly && sec.purchase.visible && (
          <p role="note" className="rounded border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-800">
            {PAYMENT_NOTICE}
          </p>
        )}
        <Collapsible title="客户信息">
          <StaticField label="客户">
            <span className="mr-2">{clientName}</span>
            <CopyButton text={clientName} />
          </StaticField>
          {w?.mobile && (
            <StaticField label="手机号">
              <span className="mr-2">{w.mobile}</span>
              <CopyButton text={w.mobile} />
            </StaticField>
          )}
          {!readOnly && <ClientStatus clientId={clientId} onSave={(x) => succeeded(saveStatus.mutateAsync(x))} />}
        </Collapsible>
        <AppointmentSection form={form} bind={bind} disabled={ro(sec.appointment)} readOnly={readOnly} />
        {sec.presence.visible && <PresenceSection form={form} bind={bind} disabled={ro(sec.presence)} />}
        {sec.purchase.visible && (
          <PurchaseSection form={form} bind={bind} disabled={ro(sec.purchase)} bought={bought} unlocked={unlocked} canPay={canPay} onPay={() => setPaying(true)} />
        )}
        {sec.deal.visible && <DealSection form={form} bind={bind} disabled={ro(sec.deal)} />}
      </div>
    </Modal>
  );
}
