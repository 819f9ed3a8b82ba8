import type { ClientInput } from "@xiangyu/core/clients/schemas";
import { Field } from "../../ui/form/Field.tsx";
import { Select, TextInput } from "../../ui/form/inputs.tsx";
import type { SchemaForm } from "../../ui/form/useSchemaForm.ts";
import { useStyleParams } from "../../ui/useStyleParams.ts";
import { hasMemberLevel } from "./clientValues.ts";

/** The client's first row: name, mobile, status and the member level, which only members have (R282). */
export function ClientHeadFields({ form, readOnly }: { form: SchemaForm<typeof ClientInput>; readOnly: boolean }) {
  const { data: statuses = [] } = useStyleParams("clientStatus");
  const { data: levels = [] } = useStyleParams("memberLevel");
  const e = form.errors;
  const member = hasMemberLevel(form.values.status);
  return (
    <div className="grid grid-cols-2">
      <Field label="客户姓名" required error={e.clientName} hint="最多50个字">
        <TextInput {...form.field("clientName")} maxLength={50} placeholder="请输入客户姓名" />
      </Field>
      <Field label="手机号码" required error={e.mobile}>
        <TextInput {...form.field("mobile")} maxLength={30} inputMode="tel" placeholder="11位手机号码" />
      </Field>
      <Field label="会员状态" required error={e.status}>
        <Select
          {...form.field("status")}
          options={statuses}
          placeholder="请选择状态"
          onChange={(v) => {
            form.set("status", v);
            if (!hasMemberLevel(v)) form.set("memberLevel", "");
          }}
        />
      </Field>
      <Field label="会员等级" error={e.memberLevel} hint={member ? undefined : "客户状态没有会员等级"}>
        <Select {...form.field("memberLevel")} options={levels} placeholder="请选择会员等级" disabled={readOnly || !member} />
      </Field>
    </div>
  );
}
