import { Field } from "../../ui/form/Field.tsx";
import { Select, TextInput, type Option } from "../../ui/form/inputs.tsx";
import { Collapsible } from "../clients/Collapsible.tsx";
import type { Bind, WorkOrderForm } from "./workOrderValues.ts";

const DEAL_OPTIONS: Option[] = [
  { value: 1, label: "成交" },
  { value: 2, label: "未成交" },
];

/** 成交审核: whether the purchase is a deal, and why not. */
export function DealSection({ form, bind, disabled }: { form: WorkOrderForm; bind: Bind; disabled: boolean }) {
  const e = form.errors;
  const v = form.values;
  return (
    <Collapsible title="成交审核">
      <Field label="是否成交" error={e.isBuyPassed}>
        <Select {...bind("isBuyPassed")} aria-label="是否成交" options={DEAL_OPTIONS} placeholder="请选择" disabled={disabled} />
      </Field>
      {v.isBuyPassed === "2" && (
        <Field label="未成交原因" required error={e.noDealReason}>
          <TextInput {...bind("notBuyReasonPassed")} aria-label="未成交原因" disabled={disabled} />
        </Field>
      )}
    </Collapsible>
  );
}
