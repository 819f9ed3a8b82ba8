import { useState } from "react";
import { MSG } from "@xiangyu/core/orders/booking";
import { today as todayOf } from "@xiangyu/core/kernel/clock";
import { succeeded } from "../../lib/routeQuery.ts";
import { Modal } from "../../ui/dialogs/Modal.tsx";
import { Wizard } from "../../ui/feedback/Steps.tsx";
import { Field } from "../../ui/form/Field.tsx";
import { TextArea } from "../../ui/form/inputs.tsx";
import { ClientStep } from "./ClientStep.tsx";
import { StayStep } from "./StayStep.tsx";
import { PaymentStep } from "./PaymentStep.tsx";
import { EMPTY_DRAFT, livePayment, orderPayload, type Draft } from "./bookingDraft.ts";
import { BookingSummary } from "./BookingSummary.tsx";
import { useBookingChecks } from "./useBookingChecks.ts";
import { useCreateOrder } from "./orderQueries.ts";

/**
 * Creating a hotel order for a client (创建代客订单, R160–R185) in four steps: the client (bound to
 * the mini-program), the hotel, dates, room and room count, the payment (weeks or vouchers) with the
 * occupants, and a last look before 提交. Each step checks what it can; the server checks it all again.
 */
export function CreateOrderWizard({ onClose, onCreated }: { onClose: () => void; onCreated?: () => void }) {
  const createOrder = useCreateOrder(MSG.success);
  const [busy, setBusy] = useState(false);
  const today = todayOf();
  const { draft, setDraft, errors, checkClient, checkStay, checkPayment } = useBookingChecks(today);
  const patch = (p: Partial<Draft>) => setDraft((d) => ({ ...d, ...p }));

  async function submit() {
    const live = livePayment(draft, undefined);
    if (!live.booking) return;
    setBusy(true);
    try {
      if (await succeeded(createOrder.mutateAsync(orderPayload(draft, live.booking)))) {
        onCreated?.();
        onClose();
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal open title="创建代客订单" width={800} onClose={onClose}>
      <Wizard
        busy={busy}
        finishText="提交订单"
        onFinish={submit}
        steps={[
          {
            title: "选择客户",
            validate: checkClient,
            content: <ClientStep client={draft.client} error={errors.client} onChange={(client) => setDraft({ ...EMPTY_DRAFT, client })} />,
          },
          { title: "选择客房", validate: checkStay, content: <StayStep draft={draft} today={today} error={errors.stay} onChange={patch} /> },
          { title: "支付与入住人", validate: checkPayment, content: <PaymentStep draft={draft} onChange={setDraft} occupantsError={errors.occupants} /> },
          {
            title: "确认下单",
            content: (
              <div className="mx-auto flex max-w-xl flex-col gap-3">
                <BookingSummary d={draft} />
                <Field label="备注">
                  <TextArea aria-label="备注" value={draft.remark} maxLength={500} onChange={(remark) => patch({ remark })} />
                </Field>
              </div>
            ),
          },
        ]}
      />
    </Modal>
  );
}
