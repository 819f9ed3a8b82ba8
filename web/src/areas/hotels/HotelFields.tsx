import { HOTEL_LEVELS, HOTEL_TYPES, MAX_PICTURES, type HotelInput } from "@xiangyu/core/hotels/schemas";
import { Field } from "../../ui/form/Field.tsx";
import { Select, TextArea, TextInput } from "../../ui/form/inputs.tsx";
import { RadioField } from "../../ui/form/RadioField.tsx";
import { PicturesField } from "../../ui/form/PicturesField.tsx";
import type { SchemaForm } from "../../ui/form/useSchemaForm.ts";
import { AreaSelect } from "../../ui/pickers/AreaSelect.tsx";
import { OrgCascader } from "../../ui/pickers/OrgCascader.tsx";
import { RichText } from "../../ui/text/RichText.tsx";
import { useStyleParams } from "../../ui/useStyleParams.ts";
import { useCurrentUser } from "../../ui/useCurrentUser.ts";
import { GUANGDONG } from "./hotelValues.ts";
import { PICTURE_KB } from "./hotelTypes.ts";
import { HotelFactFields } from "./HotelFactFields.tsx";

/**
 * The hotel fields of spec §3 in the order staff fill them. The type is locked when the screen
 * presets it (R077); cleaning fees show for club hotels only (R080), room vouchers for discount
 * hotels only (R081); 20 pictures of ≤ 2000 KB (R078); the area starts in Guangdong (R079).
 * They go inside the dialog's EditForm, whose fieldset disables them all for one who may only look.
 */
const TYPES = [
  { value: HOTEL_TYPES.club, label: "会员酒店" },
  { value: HOTEL_TYPES.discount, label: "折扣酒店" },
];

type Props = { form: SchemaForm<typeof HotelInput>; typeLocked: boolean; readOnly: boolean };

export function HotelFields({ form, typeLocked, readOnly }: Props) {
  const { data: levels = [] } = useStyleParams("memberLevel");
  const { data: me } = useCurrentUser();
  const e = form.errors;
  return (
    <>
      <RadioField
        label="酒店类型"
        required
        {...form.field("hotelType")}
        hint={typeLocked ? "由当前菜单指定，不能修改" : undefined}
        options={TYPES}
        disabled={typeLocked || readOnly}
      />
      <Field label="酒店名称" required error={e.hotelName} hint="最多50个字">
        <TextInput {...form.field("hotelName")} maxLength={50} placeholder="请输入酒店名称" />
      </Field>
      <div className="grid grid-cols-2">
        <Field label="会员等级" required error={e.memberLevel}>
          <Select {...form.field("memberLevel")} options={levels} placeholder="请选择会员等级" />
        </Field>
        <Field label="酒店星级" error={e.hotelLevel}>
          <Select {...form.field("hotelLevel")} options={HOTEL_LEVELS.map((l) => ({ value: l, label: l }))} placeholder={false} />
        </Field>
      </div>
      <Field label="所属门店" error={e.shop}>
        <OrgCascader value={String(form.values.shop ?? "")} onChange={(code) => form.set("shop", code)} limitTo={me?.deptCodes} label="所属门店" disabled={readOnly} />
      </Field>
      <Field label="所在区域" error={e.city ?? e.area}>
        <AreaSelect
          root={GUANGDONG}
          levels={2}
          placeholders={["请选择市", "请选择区"]}
          value={[String(form.values.city ?? ""), String(form.values.area ?? "")]}
          onChange={(ids) => {
            form.set("province", String(GUANGDONG));
            form.set("city", ids[0] ? String(ids[0]) : "");
            form.set("area", ids[1] ? String(ids[1]) : "");
          }}
          disabled={readOnly}
        />
      </Field>
      <Field label="酒店地址" required error={e.address} hint="最多200个字">
        <TextInput {...form.field("address")} maxLength={200} placeholder="请输入酒店地址" />
      </Field>
      <HotelFactFields form={form} readOnly={readOnly} />
      <Field label="酒店服务" error={e.services} hint="最多100个字">
        <TextInput {...form.field("services")} maxLength={100} placeholder="如 免费停车、早餐、健身房" />
      </Field>
      <Field label="预订须知" error={e.bookingNotice} hint="最多300个字">
        <TextArea {...form.field("bookingNotice")} maxLength={300} />
      </Field>
      <Field label="会员特权" error={e.memberPrivilege} hint="最多200个字">
        <TextArea {...form.field("memberPrivilege")} maxLength={200} rows={2} />
      </Field>
      <Field label="预订说明" error={e.bookingInstructions} hint="最多200个字">
        <TextArea {...form.field("bookingInstructions")} maxLength={200} rows={2} />
      </Field>
      <Field label="宠物政策" error={e.petPolicy} hint="最多200个字">
        <TextArea {...form.field("petPolicy")} maxLength={200} rows={2} />
      </Field>
      <PicturesField
        label="酒店图片"
        {...form.field("picJson")}
        hint={`最多${MAX_PICTURES}张，每张不超过${PICTURE_KB}KB；第一张为封面，可拖动排序`}
        max={MAX_PICTURES}
        maxKB={PICTURE_KB}
        disabled={readOnly}
      />
      <Field label="酒店介绍" error={e.content}>
        <RichText label="酒店介绍" value={String(form.values.content ?? "")} onChange={(html) => form.set("content", html)} minHeight={200} />
      </Field>
    </>
  );
}
