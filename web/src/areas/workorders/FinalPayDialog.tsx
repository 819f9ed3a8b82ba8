import { useState } from "react";
import { FormDialog } from "../../ui/dialogs/FormDialog.tsx";
import { Field, StaticField } from "../../ui/form/Field.tsx";
import { TextInput } from "../../ui/form/inputs.tsx";
import { confirm } from "../../ui/dialogs/Confirm.tsx";
import { toast } from "../../lib/toast.ts";
import { succeeded } from "../../lib/routeQuery.ts";
import { useFinalPayment, type WorkOrder } from "./workorderQueries.ts";

/**
 * 尾款处理 (spec 001 "Final-payment registration modal", R274): product, amount, amount due, first
 * payment and the final amount. An amount other than payAmount − firstPayAmount is confirmed first.
 * Opened from the work order's view and from the review lists' 未支付，去处理: it needs only the
 * purchase's id and money fields, which the work order's buyInfo and a review row both carry.
 */
export const AMOUNT_MISSING = "未填写金额";
export const MISMATCH = "支付的金额与订单金额的尾款不一致，是否继续完成支付处理？";

export type FinalPayPurchase = Pick<NonNullable<WorkOrder["buyInfo"]>, "id" | "productName" | "amount" | "payAmount" | "firstPayAmount" | "firstPayTime">;

export function FinalPayDialog({ buy, onClose }: { buy: FinalPayPurchase; onClose: () => void }) {
  const due = Math.round((buy.payAmount - buy.firstPayAmount) * 100) / 100;
  const [amount, setAmount] = useState(String(due));
  const [error, setError] = useState("");
  const pay = useFinalPayment();

  async function submit() {
    const n = Number(amount);
    if (amount.trim() === "" || !Number.isFinite(n) || n < 0) {
      setError(AMOUNT_MISSING);
      return;
    }
    setError("");
    if (Math.round(n * 100) !== Math.round(due * 100) && !(await confirm({ title: "尾款确认", message: MISMATCH }))) return;
    if (await succeeded(pay.mutateAsync({ id: buy.id, finalPayAmount: amount }))) onClose();
    else toast.error("处理失败");
  }

  return (
    <FormDialog title="尾款处理" submitText="完成支付" onSubmit={submit} onClose={onClose}>
      <StaticField label="产品">{buy.productName}</StaticField>
      <StaticField label="产品金额">{buy.amount} 元</StaticField>
      <StaticField label="应付金额">{buy.payAmount} 元</StaticField>
      <StaticField label="首次支付">
        {buy.firstPayAmount} 元（{buy.firstPayTime}）
      </StaticField>
      <Field label="尾款金额" required error={error}>
        <TextInput aria-label="尾款金额" value={amount} onChange={(x) => setAmount(String(x ?? ""))} inputMode="decimal" />
      </Field>
    </FormDialog>
  );
}
