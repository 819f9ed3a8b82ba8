import { type GoodsInput, REGION_ROOT_CODE, inServiceArea } from "@xiangyu/core/goods/schemas";
import { Field } from "../../ui/form/Field.tsx";
import { TextInput } from "../../ui/form/inputs.tsx";
import type { SchemaForm } from "../../ui/form/useSchemaForm.ts";
import { AreaSelect } from "../../ui/pickers/AreaSelect.tsx";
import { MapPickerButton } from "../../ui/pickers/MapPicker.tsx";

/** Where the goods are served: the service area from Guangdong (440000, R402), the address and the coordinates (typed or picked on the map). */
export function GoodsPlaceFields({ form, readOnly }: { form: SchemaForm<typeof GoodsInput>; readOnly: boolean }) {
  const e = form.errors;
  const area = [form.values.city, form.values.area].map(Number).filter((n) => n > 0);
  // R402 is checked on the whole record (no field carries it): shown here until the area is one of Guangdong's.
  const regionError = e[""] && !inServiceArea(Number(form.values.province), Number(form.values.city), Number(form.values.area)) ? e[""] : undefined;
  return (
    <>
      <Field label="服务区域" error={e.province ?? e.city ?? e.area ?? regionError} hint="广东省内">
        <AreaSelect
          value={area}
          root={REGION_ROOT_CODE}
          levels={2}
          label="服务区域"
          disabled={readOnly}
          onChange={(ids) => {
            form.set("province", REGION_ROOT_CODE);
            form.set("city", ids[0] ?? 0);
            form.set("area", ids[1] ?? 0);
          }}
        />
      </Field>
      <Field label="详细地址" error={e.address}>
        <TextInput {...form.field("address")} maxLength={200} />
      </Field>
      <div className="grid grid-cols-2">
        <Field label="经度" error={e.lng}>
          <TextInput {...form.field("lng")} inputMode="decimal" placeholder="113.331084" />
        </Field>
        <Field label="纬度" error={e.lat}>
          <div className="flex gap-2">
            <TextInput {...form.field("lat")} inputMode="decimal" placeholder="23.112223" className="min-w-0 flex-1" />
            <MapPickerButton
              lat={form.values.lat}
              lng={form.values.lng}
              disabled={readOnly}
              onPick={(p) => {
                form.set("lng", p.lng);
                form.set("lat", p.lat);
              }}
            />
          </div>
        </Field>
      </div>
    </>
  );
}
