import { HOTEL_TYPES, type HotelInput } from "@xiangyu/core/hotels/schemas";
import { Field } from "../../ui/form/Field.tsx";
import { CoordinateFields } from "../../ui/form/CoordinateFields.tsx";
import { NumberInput, TextInput } from "../../ui/form/inputs.tsx";
import { ENABLED, RadioField, YES_NO } from "../../ui/form/RadioField.tsx";
import type { SchemaForm } from "../../ui/form/useSchemaForm.ts";

/**
 * The hotel's facts in two columns: coordinates, years, rooms, phone, the type's own field
 * (cleaning fees for club hotels, R080; room vouchers for discount hotels, R081), times and flags.
 */
export function HotelFactFields({ form, readOnly }: { form: SchemaForm<typeof HotelInput>; readOnly: boolean }) {
  const type = Number(form.values.hotelType);
  const e = form.errors;
  return (
    <div className="grid grid-cols-2">
      <CoordinateFields lng={form.field("lng")} lat={form.field("lat")} />
      <Field label="开业年份" error={e.openDate}>
        <TextInput {...form.field("openDate")} maxLength={4} inputMode="numeric" placeholder="如 2018" />
      </Field>
      <Field label="装修年份" error={e.fixDate}>
        <TextInput {...form.field("fixDate")} maxLength={4} inputMode="numeric" placeholder="如 2023" />
      </Field>
      <Field label="客房数量" error={e.roomCount}>
        <NumberInput {...form.field("roomCount")} min={0} />
      </Field>
      <Field label="电话" error={e.tel}>
        <TextInput {...form.field("tel")} maxLength={50} />
      </Field>
      {type === HOTEL_TYPES.club && (
        <Field label="清洁费" error={e.cleaningFees} hint="元，仅会员酒店">
          <TextInput {...form.field("cleaningFees")} inputMode="decimal" placeholder="0.00" />
        </Field>
      )}
      {type === HOTEL_TYPES.discount && <RadioField label="可用房券" {...form.field("useTicket")} options={YES_NO} disabled={readOnly} />}
      <Field label="入离时间" error={e.inoutTime}>
        <TextInput {...form.field("inoutTime")} maxLength={100} placeholder="如 14:00后入住，12:00前离店" />
      </Field>
      <RadioField label="加盟店" {...form.field("franchiseStore")} options={YES_NO} disabled={readOnly} />
      <RadioField label="状态" {...form.field("idisplay")} options={ENABLED} disabled={readOnly} />
      <Field label="排序" error={e.sortOrder} hint="数字小的排在前面">
        <NumberInput {...form.field("sortOrder")} min={0} />
      </Field>
    </div>
  );
}
