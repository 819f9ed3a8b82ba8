import { useState } from "react";
import * as v from "valibot";
import { PurchaseInput } from "@xiangyu/core/vouchers/schemas";
import { fieldErrors, useSchemaForm } from "../../ui/form/useSchemaForm.ts";
import { Modal } from "../../ui/dialogs/Modal.tsx";
import { Wizard } from "../../ui/feedback/Steps.tsx";
import { Field } from "../../ui/form/Field.tsx";
import { TextArea, TextInput } from "../../ui/form/inputs.tsx";
import { ClientFinder, type FoundClient } from "../../ui/pickers/ClientFinder.tsx";
import { toast } from "../../lib/toast.ts";
import { VoucherFields } from "./VoucherFields.tsx";
import { useSavePurchase } from "./voucherQueries.ts";
import { PurchaseSummary } from "./PurchaseSummary.tsx";

/**
 * 新增房券购买单 (800 wide, R188): 1 the client, 2 the voucher fields and the pay amount, 3 confirm.
 * Each step is checked with the server's own schema before moving on (gaps §7).
 */
const STEP_FIELDS = [["clientId"], ["ticketType", "ticketCount", "ticketDuration", "payAmount", "priceType", "useScope", "bindingHotelId", "remark"]];
const START = { hotelId: "", clientId: "", ticketType: 0, ticketCount: "", ticketDuration: "", payAmount: "", priceType: 1, useScope: 1, bindingHotelId: "0", remark: "" };

export function PurchaseWizard({ onClose }: { onClose: () => void }) {
  const [client, setClient] = useState<FoundClient | null>(null);
  const form = useSchemaForm(PurchaseInput, START);
  const post = useSavePurchase({ onClose });

  /** The step's fields are shown their messages; it passes when none of them fails. */
  function stepOk(step: number) {
    const r = v.safeParse(PurchaseInput, form.values);
    const errs = r.success ? {} : fieldErrors(r.issues);
    const names = STEP_FIELDS[step]!;
    for (const n of names) form.field(n as never).onBlur();
    const first = names.find((n) => errs[n]);
    if (first) toast.error(errs[first]!);
    return !first;
  }

  return (
    <Modal open width={800} title="新增房券购买单" onClose={onClose}>
      <Wizard
        busy={form.submitting}
        onFinish={form.submit(async () => void (await post(form.values)))}
        steps={[
          {
            title: "选择客户",
            validate: () => stepOk(0),
            content: (
              <div className="mx-auto max-w-xl">
                <Field label="客户" required error={form.errors.clientId}>
                  <ClientFinder
                    value={client}
                    onChange={(c) => {
                      setClient(c);
                      form.set("clientId", c?.id ?? "");
                    }}
                    error={form.errors.clientId}
                  />
                </Field>
              </div>
            ),
          },
          {
            title: "填写房券信息",
            validate: () => stepOk(1),
            content: (
              <div className="mx-auto max-w-2xl">
                <VoucherFields form={form} countLabel="数量" withType />
                <Field label="支付金额" required error={form.errors.payAmount} hint="元">
                  <TextInput {...form.field("payAmount")} inputMode="decimal" placeholder="0.00" className="w-40" />
                </Field>
                <Field label="备注" error={form.errors.remark}>
                  <TextArea {...form.field("remark")} rows={2} />
                </Field>
              </div>
            ),
          },
          {
            title: "确认提交",
            content: <PurchaseSummary form={form} client={client} />,
          },
        ]}
      />
    </Modal>
  );
}
