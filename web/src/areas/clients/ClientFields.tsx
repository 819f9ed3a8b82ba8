import type { ClientInput } from "@xiangyu/core/clients/schemas";
import { Field } from "../../ui/form/Field.tsx";
import { NumberInput, Select, TextArea, TextInput } from "../../ui/form/inputs.tsx";
import { RadioField } from "../../ui/form/RadioField.tsx";
import type { SchemaForm } from "../../ui/form/useSchemaForm.ts";
import { AreaSelect } from "../../ui/pickers/AreaSelect.tsx";
import { OrgCascader } from "../../ui/pickers/OrgCascader.tsx";
import { SearchSelect } from "../../ui/pickers/SearchSelect.tsx";
import { StaffSelect } from "../../ui/pickers/StaffSelect.tsx";
import { useStyleParams } from "../../ui/useStyleParams.ts";
import { useCurrentUser } from "../../ui/useCurrentUser.ts";
import { useChannels } from "./lookups.ts";
import { ClientHeadFields } from "./ClientHeadFields.tsx";

/**
 * The client fields of spec §2 (R285–R292): name, mobile, status and store are required; the member
 * level is offered only to members (status 1 has none, R282); stores are the user's departments.
 * They go inside the dialog's EditForm, whose fieldset disables them all for one who may only look.
 */
const SEXES = [
  { value: "男", label: "男" },
  { value: "女", label: "女" },
];

type Props = { form: SchemaForm<typeof ClientInput>; readOnly: boolean };

export function ClientFields({ form, readOnly }: Props) {
  const { data: jobs = [] } = useStyleParams("jobType");
  const { data: marital = [] } = useStyleParams("maritalStatus");
  const { data: channels = [] } = useChannels();
  const { data: me } = useCurrentUser();
  const e = form.errors;
  const area = [form.values.province, form.values.city, form.values.county].map((x) => String(x ?? ""));
  return (
    <>
      <ClientHeadFields form={form} readOnly={readOnly} />
      <Field label="所属门店" required error={e.shop}>
        <OrgCascader value={String(form.values.shop ?? "")} onChange={(code) => form.set("shop", code)} limitTo={me?.deptCodes} label="所属门店" disabled={readOnly} />
      </Field>
      <div className="grid grid-cols-2">
        <Field label="会员编号" error={e.memberCode} hint="最多20个字">
          <TextInput {...form.field("memberCode")} maxLength={20} />
        </Field>
        <RadioField label="性别" {...form.field("sex")} options={SEXES} disabled={readOnly} />
        <Field label="年龄" error={e.age}>
          <NumberInput {...form.field("age")} min={0} max={150} />
        </Field>
        <Field label="身份证号" error={e.idCard} hint="18位">
          <TextInput {...form.field("idCard")} maxLength={18} />
        </Field>
        <Field label="电子邮箱" error={e.email}>
          <TextInput {...form.field("email")} maxLength={100} type="email" />
        </Field>
        <RadioField label="婚姻状况" {...form.field("maritalStatus")} options={marital} disabled={readOnly} />
        <Field label="职业" error={e.jobType}>
          <Select {...form.field("jobType")} options={jobs} placeholder="请选择职业" />
        </Field>
        <Field label="渠道来源" error={e.clientSource}>
          <SearchSelect {...form.field("clientSource")} options={channels} placeholder="请选择渠道" clearable />
        </Field>
        <Field label="销售员" error={e.marketer}>
          {/* The client keeps the salesperson's name (a text of at most 50, as imports and older clients have it). */}
          <StaffSelect {...form.field("marketer")} valueOf="name" disabled={readOnly} />
        </Field>
      </div>
      <Field label="所在区域" error={e.province ?? e.city ?? e.county}>
        <AreaSelect
          value={area}
          onChange={(ids) => {
            form.set("province", ids[0] ? String(ids[0]) : "");
            form.set("city", ids[1] ? String(ids[1]) : "");
            form.set("county", ids[2] ? String(ids[2]) : "");
          }}
          disabled={readOnly}
        />
      </Field>
      <Field label="详细地址" error={e.address} hint="最多200个字">
        <TextInput {...form.field("address")} maxLength={200} />
      </Field>
      <Field label="备注" error={e.remark} hint="最多500个字">
        <TextArea {...form.field("remark")} maxLength={500} />
      </Field>
    </>
  );
}
