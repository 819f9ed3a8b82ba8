import { Field } from "../../ui/form/Field.tsx";
import { Select, TextArea, TextInput } from "../../ui/form/inputs.tsx";
import { useStyleParams } from "../../ui/useStyleParams.ts";
import { Collapsible } from "../clients/Collapsible.tsx";
import type { Bind, WorkOrderForm } from "./workOrderValues.ts";

/** 应邀信息: whether the client accepted the invitation, when and where; and this call's result and record. */
export function AppointmentSection({ form, bind, disabled, readOnly }: { form: WorkOrderForm; bind: Bind; disabled: boolean; readOnly: boolean }) {
  const appointmentTypes = useStyleParams("appointmentType").data ?? [];
  const e = form.errors;
  return (
    <Collapsible title="应邀信息">
      <Field label="是否应邀" required error={e.isAppointment}>
        <Select {...bind("isAppointment")} aria-label="是否应邀" options={appointmentTypes} placeholder="请选择" disabled={disabled} />
      </Field>
      {form.values.isAppointment === "1" && (
        <>
          <Field label="应邀时间" required error={e.appointmentTime}>
            <TextInput {...bind("appointmentTime")} aria-label="应邀时间" placeholder="YYYY-MM-DD HH:mm:ss" disabled={disabled} />
          </Field>
          <Field label="应邀展场" required error={e.appointmentAdrress}>
            <TextInput {...bind("appointmentAdrress")} aria-label="应邀展场" disabled={disabled} />
          </Field>
        </>
      )}
      <Field label="电邀结果">
        <TextInput {...bind("recordType")} aria-label="电邀结果" placeholder="如：接通、未接通" disabled={readOnly} />
      </Field>
      <Field label="电邀记录">
        <TextArea {...bind("recordRemark")} aria-label="电邀记录" disabled={readOnly} />
      </Field>
    </Collapsible>
  );
}
