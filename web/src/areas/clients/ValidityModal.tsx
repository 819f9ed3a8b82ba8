import { ShipDurationInput } from "@xiangyu/core/clients/schemas";
import { Modal } from "../../ui/dialogs/Modal.tsx";
import { EditForm } from "../../ui/form/EditForm.tsx";
import { Field, StaticField } from "../../ui/form/Field.tsx";
import { DateInput } from "../../ui/pickers/DatePicker.tsx";
import { useSchemaForm } from "../../ui/form/useSchemaForm.ts";
import { useSaveValidity, type MembershipRow } from "./clientQueries.ts";
import { dayOf } from "./membershipText.ts";

/**
 * 修改有效期 (500 wide, R301, R302): the new expiry day of one purchase; the server makes it the end
 * of that day in Shanghai. Only offered with P; the server refuses others with 你无操作权限.
 */
type Props = { row: MembershipRow; onClose: () => void };

export function ValidityModal({ row, onClose }: Props) {
  const form = useSchemaForm(ShipDurationInput, { id: row.id, productName: row.productName, shipDuration: dayOf(row.shipDuration) }, { hidden: ["id"] });
  const post = useSaveValidity({ onClose });
  const save = form.submit(post);
  return (
    <Modal open width={500} title="修改有效期" onClose={onClose}>
      <EditForm onSubmit={save} mayWrite busy={form.submitting} onClose={onClose}>
        <StaticField label="产品">{row.productName || "—"}</StaticField>
        <StaticField label="当前有效期">{row.shipDuration}</StaticField>
        <Field label="新有效期" required error={form.errors.shipDuration} hint="到当天 23:59:59 为止">
          <DateInput {...form.field("shipDuration")} className="w-44" />
        </Field>
      </EditForm>
    </Modal>
  );
}
