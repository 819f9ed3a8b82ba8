import { pickHotels } from "@xiangyu/core/vouchers/rules";
import { TICKET_TYPE } from "@xiangyu/core/vouchers/ledger/plan";
import { today } from "@xiangyu/core/kernel/clock";
import { Field } from "../../ui/form/Field.tsx";
import { TextInput } from "../../ui/form/inputs.tsx";
import { RadioField } from "../../ui/form/RadioField.tsx";
import { DateInput } from "../../ui/pickers/DatePicker.tsx";
import type { FieldBinding } from "../../ui/form/useSchemaForm.ts";
import { PRICE_TYPES, TICKET_TYPES, USE_SCOPES } from "./voucherTexts.ts";
import { useHotelOptions } from "./voucherQueries.ts";

/**
 * The voucher fields the purchase wizard and the gift dialog share: type (purchase only), count,
 * expiry (a day, stored as its 23:59:59), price type, scope and the bound hotels.
 */
type FormLike = { field: (name: never) => FieldBinding; values: Record<string, unknown> };
type Props = { form: FormLike; countLabel: string; withType?: boolean };

export function VoucherFields({ form, countLabel, withType }: Props) {
  const f = (name: string) => form.field(name as never);
  const experience = withType && String(form.values.ticketType) === String(TICKET_TYPE.experience);
  // R199: an experience voucher has no half-price, weekend or weekday choice.
  const off = (list: { value: number; label: string }[], keep: number) => list.map((o) => ({ ...o, disabled: experience && o.value !== keep }));
  return (
    <>
      {withType && <RadioField label="房券类型" required {...f("ticketType")} options={TICKET_TYPES} />}
      <Field label={countLabel} required error={f("ticketCount").error} hint={experience ? "体验券按张使用，数量即可住晚数" : "张"}>
        <TextInput {...f("ticketCount")} inputMode="numeric" className="w-40" />
      </Field>
      <Field label="有效期限" required error={f("ticketDuration").error} hint="当天 23:59:59 到期">
        <DateInput {...f("ticketDuration")} min={today()} />
      </Field>
      <RadioField label="价格类型" {...f("priceType")} options={off(PRICE_TYPES, 1)} />
      <RadioField label="使用范围" {...f("useScope")} options={off(USE_SCOPES, 1)} />
      <Field label="适用酒店" error={f("bindingHotelId").error} hint="选择“通用”则所有酒店可用">
        <HotelChecks {...f("bindingHotelId")} />
      </Field>
    </>
  );
}

/** 通用 (0) or some hotels, never both (R205, R206); the value is the ids comma-joined. */
function HotelChecks({ value, onChange }: FieldBinding) {
  const hotels = useHotelOptions();
  const chosen = String(value ?? "")
    .split(",")
    .filter(Boolean)
    .map(Number);
  const picked = chosen.length ? chosen : [0];
  const toggle = (id: number) => {
    const next = picked.includes(id) ? picked.filter((x) => x !== id) : [...picked, id];
    const out = pickHotels(next, id);
    onChange((out.length ? out : [0]).join(","));
  };
  const options = [{ id: 0, hotelName: "通用" }, ...(hotels.data ?? [])];
  return (
    // In columns that scroll when the hotels are many; the padding keeps each box and its focus ring
    // inside the scrolling box (never cut at its edge), and the hint below stays clear of it.
    <div role="group" aria-label="适用酒店" className="grid max-h-44 grid-cols-[repeat(auto-fill,minmax(12rem,1fr))] gap-x-4 gap-y-1.5 overflow-y-auto p-1.5">
      {options.map((h) => (
        <label key={h.id} className="flex min-w-0 items-start gap-1.5 text-sm leading-5 text-slate-700">
          <input type="checkbox" checked={picked.includes(h.id)} onChange={() => toggle(h.id)} className="mt-[3px] shrink-0 accent-blue-600" />
          <span className="min-w-0 break-words">{h.hotelName}</span>
        </label>
      ))}
      {hotels.isPending && <span className="text-sm text-slate-400">正在读取酒店…</span>}
    </div>
  );
}
