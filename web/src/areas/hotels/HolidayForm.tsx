import { HolidayInput } from "@xiangyu/core/hotels/schemas";
import { today } from "@xiangyu/core/kernel/clock";
import { useApi } from "../../lib/screen.tsx";
import { isOk } from "../../lib/api.ts";
import { toast, toastFailure } from "../../lib/toast.ts";
import { Modal } from "../../ui/Modal.tsx";
import { Button } from "../../ui/Button.tsx";
import { Field } from "../../ui/form/Field.tsx";
import { TextInput } from "../../ui/form/inputs.tsx";
import { useSchemaForm } from "../../ui/form/useSchemaForm.ts";
import { DateRange } from "./DateRange.tsx";
import { HOLIDAY_API } from "./hotelTypes.ts";

/** The holiday form (600 wide, R117–R120): a name within 5 characters and a date range, sent at 00:00:00. */
export function HolidayForm({ onClose, onSaved }: { onClose: () => void; onSaved: () => void }) {
  const api = useApi();
  const form = useSchemaForm(HolidayInput, { holidayName: "", holidayDate: today(), holidayEnddate: today() });
  const e = form.errors;

  const save = form.submit(async (out) => {
    const r = await api.post(`${HOLIDAY_API}/save`, {
      holidayName: out.holidayName,
      holidayDate: `${out.holidayDate} 00:00:00`,
      holidayEnddate: `${out.holidayEnddate} 00:00:00`,
    });
    if (!isOk(r)) return toastFailure(r.desc, "save");
    toast.success("保存成功", r.desc);
    onSaved();
    onClose();
  });

  return (
    <Modal open width={600} title="新增节假日" onClose={onClose}>
      <form onSubmit={save}>
        <Field label="节日名称" required error={e.holidayName} hint="5个字以内">
          <TextInput {...form.field("holidayName")} maxLength={5} placeholder="如 国庆节" />
        </Field>
        <Field label="日期" required error={e.holidayDate ?? e.holidayEnddate ?? e[""]}>
          <DateRange
            label=""
            value={{ startDate: String(form.values.holidayDate ?? ""), endDate: String(form.values.holidayEnddate ?? "") }}
            onChange={(r) => {
              form.set("holidayDate", r.startDate);
              form.set("holidayEnddate", r.endDate);
            }}
          />
        </Field>
        <div className="mt-3 flex justify-end gap-2 border-t border-slate-200 pt-3">
          <Button onClick={onClose}>取消</Button>
          <Button type="submit" variant="primary" busy={form.submitting}>
            保存
          </Button>
        </div>
      </form>
    </Modal>
  );
}
