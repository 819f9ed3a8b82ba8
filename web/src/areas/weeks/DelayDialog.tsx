import { useState } from "react";
import { GiftWeekDelayInput } from "@xiangyu/core/weeks/schemas";
import { MSG } from "@xiangyu/core/weeks/rules";
import { FormDialog } from "../../ui/dialogs/FormDialog.tsx";
import { Field, StaticField } from "../../ui/form/Field.tsx";
import { TextArea } from "../../ui/form/inputs.tsx";
import { DateInput } from "../../ui/pickers/DatePicker.tsx";
import { succeeded } from "../../lib/routeQuery.ts";
import { stepErrors } from "./formErrors.ts";
import { useApplyDelay, type GiftWeek } from "./weeksQueries.ts";

/** 申请延期 (R225): only on a reviewed gift whose delay is 0; the new expiry must be later than the current one. */
export function DelayDialog({ gift, onClose }: { gift: GiftWeek; onClose: () => void }) {
  const [delayDuration, setDuration] = useState("");
  const [delayReason, setReason] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const apply = useApplyDelay();
  const current = gift.giftDuration.slice(0, 10);

  async function submit() {
    const e = stepErrors(GiftWeekDelayInput, { id: gift.id, delayDuration, delayReason }, ["delayDuration", "delayReason"]);
    if (!e.delayDuration && delayDuration <= current) e.delayDuration = MSG.delayNotLater;
    setErrors(e);
    if (Object.keys(e).length) return;
    if (await succeeded(apply.mutateAsync({ id: gift.id, delayDuration, delayReason }))) onClose();
  }

  return (
    <FormDialog title="申请延期" submitText="提交申请" onSubmit={submit} onClose={onClose}>
      <StaticField label="客户">{gift.clientName}</StaticField>
      <StaticField label="赠送数量">{gift.giftCount} 周</StaticField>
      <StaticField label="当前有效期">{gift.giftDuration}</StaticField>
      <Field label="延期期限" required error={errors.delayDuration}>
        <DateInput aria-label="延期期限" min={current} value={delayDuration} onChange={(v: unknown) => setDuration(String(v ?? ""))} />
      </Field>
      <Field label="延期原因" required error={errors.delayReason}>
        <TextArea value={delayReason} onChange={(v) => setReason(String(v ?? ""))} />
      </Field>
    </FormDialog>
  );
}
