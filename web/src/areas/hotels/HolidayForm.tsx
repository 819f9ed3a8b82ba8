import { HolidayInput } from "@xiangyu/core/hotels/schemas";
import { today } from "@xiangyu/core/kernel/clock";
import { Modal } from "../../ui/dialogs/Modal.tsx";
import { EditForm } from "../../ui/form/EditForm.tsx";
import { Field } from "../../ui/form/Field.tsx";
import { TextInput } from "../../ui/form/inputs.tsx";
import { useSchemaForm } from "../../ui/form/useSchemaForm.ts";
import { DateRangeInput } from "../../ui/pickers/DateRangePicker.tsx";
import { useSaveHoliday } from "./hotelQueries.ts";

/** The holiday form (600 wide, R117–R120): a name within 5 characters and a date range, sent at 00:00:00. */
export function HolidayForm({ onClose }: { onClose: () => void }) {
  const form = useSchemaForm(HolidayInput, { holidayName: "", holidayDate: today(), holidayEnddate: today() });
  const e = form.errors;
  const post = useSaveHoliday({ onClose });

  const save = form.submit((out) =>
    post({
      holidayName: out.holidayName,
      holidayDate: `${out.holidayDate} 00:00:00`,
      holidayEnddate: `${out.holidayEnddate} 00:00:00`,
    }),
  );

  return (
    <Modal open width={600} title="新增节假日" onClose={onClose}>
      <EditForm onSubmit={save} mayWrite busy={form.submitting} onClose={onClose}>
        <Field label="节日名称" required error={e.holidayName} hint="5个字以内">
          <TextInput {...form.field("holidayName")} maxLength={5} placeholder="如 国庆节" />
        </Field>
        <Field label="日期" required error={e.holidayDate ?? e.holidayEnddate ?? e[""]}>
          <DateRangeInput
            label="节假日日期"
            error={e.holidayDate ?? e.holidayEnddate ?? e[""]}
            value={{ startDate: String(form.values.holidayDate ?? ""), endDate: String(form.values.holidayEnddate ?? "") }}
            onChange={(r) => {
              form.set("holidayDate", r.startDate);
              form.set("holidayEnddate", r.endDate);
            }}
          />
        </Field>
      </EditForm>
    </Modal>
  );
}
