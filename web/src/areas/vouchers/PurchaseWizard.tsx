import { useState } from "react";
import * as v from "valibot";
import { PurchaseInput } from "@xiangyu/core/vouchers/schemas";
import { fieldErrors, useSchemaForm } from "../../ui/form/useSchemaForm.ts";
import { Modal } from "../../ui/Modal.tsx";
import { Wizard } from "../../ui/Steps.tsx";
import { Field, StaticField } from "../../ui/form/Field.tsx";
import { TextArea, TextInput } from "../../ui/form/inputs.tsx";
import { ClientFinder, clientLabel, type FoundClient } from "../../ui/ClientFinder.tsx";
import { toast } from "../../lib/toast.ts";
import { VoucherFields } from "./VoucherFields.tsx";
import { priceTypeName, ticketTypeName, scopeName } from "./voucherTexts.ts";
import { useHotelOptions, useSavePurchase } from "./voucherQueries.ts";

/**
 * 新增房券购买单 (800 wide, R188): 1 the client, 2 the voucher fields and the pay amount, 3 confirm.
 * Each step is checked with the server's own schema before moving on (gaps §7).
 */
const STEP_FIELDS = [["clientId"], ["ticketType", "ticketCount", "ticketDuration", "payAmount", "priceType", "useScope", "bindingHotelId", "remark"]];
const START = { hotelId: "", clientId: "", ticketType: 0, ticketCount: "", ticketDuration: "", payAmount: "", priceType: 1, useScope: 1, bindingHotelId: "0", remark: "" };

export function PurchaseWizard({ onClose }: { onClose: () => void }) {
  const [client, setClient] = useState<FoundClient | null>(null);
  const form = useSchemaForm(PurchaseInput, START);
  const hotels = useHotelOptions();
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

  const vals = form.values;
  const hotelNames = String(vals.bindingHotelId ?? "0")
    .split(",")
    .map(Number)
    .filter((id) => id !== 0)
    .map((id) => hotels.data?.find((h) => h.id === id)?.hotelName ?? `#${id}`);
  const experience = String(vals.ticketType) === "1";

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
            content: (
              <div aria-label="确认购买信息" className="mx-auto max-w-xl">
                <StaticField label="客户">{clientLabel(client)}</StaticField>
                <StaticField label="房券类型">{ticketTypeName(Number(vals.ticketType))}</StaticField>
                <StaticField label="数量">{String(vals.ticketCount)} 张</StaticField>
                <StaticField label="有效期限">{`${String(vals.ticketDuration)} 23:59:59`}</StaticField>
                <StaticField label="支付金额">{String(vals.payAmount)} 元</StaticField>
                <StaticField label="价格类型">{priceTypeName(experience ? 1 : Number(vals.priceType))}</StaticField>
                <StaticField label="使用范围">{scopeName(experience ? 1 : Number(vals.useScope))}</StaticField>
                <StaticField label="适用酒店">{hotelNames.length ? hotelNames.join("、") : "通用"}</StaticField>
                {vals.remark ? <StaticField label="备注">{String(vals.remark)}</StaticField> : null}
                <p className="mt-2 text-sm text-slate-500">提交后客户完成支付，房券即发放到客户账户。</p>
              </div>
            ),
          },
        ]}
      />
    </Modal>
  );
}
