import { ProductTypeInput } from "@xiangyu/core/products/schemas";
import { Modal } from "../../ui/dialogs/Modal.tsx";
import { EditForm } from "../../ui/form/EditForm.tsx";
import { useMayWrite } from "../../ui/form/FormFooter.tsx";
import { Field } from "../../ui/form/Field.tsx";
import { RadioField, YES_NO } from "../../ui/form/RadioField.tsx";
import { TextInput } from "../../ui/form/inputs.tsx";
import { startValues } from "../../ui/form/startValues.ts";
import { useSchemaForm } from "../../ui/form/useSchemaForm.ts";
import { useSaveProductType, type ProductType } from "./productQueries.ts";

/**
 * The product type dialog (500, R360–R364): name (≤ 100), contract type (≤ 20) and unit required;
 * the three flags say whether members of the type get an account, an RCI account and a level.
 */
const FLAGS = [
  ["hasAccount", "会员账号"],
  ["hasRci", "RCI账号"],
  ["hasMemberLevel", "会员等级"],
] as const;

type Props = { type?: ProductType; onClose: () => void };

export function ProductTypeForm({ type, onClose }: Props) {
  const mayWrite = useMayWrite(type);
  const initial = startValues(type, { id: "", typeName: "", contractType: "", productUnit: "", hasAccount: 0, hasRci: 0, hasMemberLevel: 0 });
  const form = useSchemaForm(ProductTypeInput, initial, { hidden: ["id"] });
  const post = useSaveProductType({ onClose });
  const save = form.submit(() => post({ ...form.values, id: form.values.id || undefined }));
  const e = form.errors;

  return (
    <Modal open width={500} title={type ? "编辑产品类型" : "新增产品类型"} onClose={onClose}>
      <EditForm onSubmit={save} mayWrite={mayWrite} busy={form.submitting} onClose={onClose}>
        <Field label="类型名称" required error={e.typeName} hint="最多100个字">
          <TextInput {...form.field("typeName")} maxLength={100} placeholder="如 会员周次" />
        </Field>
        <Field label="合同类型" required error={e.contractType} hint="最多20个字">
          <TextInput {...form.field("contractType")} maxLength={20} placeholder="如 HY" />
        </Field>
        <Field label="产品单位" required error={e.productUnit}>
          <TextInput {...form.field("productUnit")} maxLength={20} placeholder="如 周" />
        </Field>
        {FLAGS.map(([name, label]) => (
          <RadioField key={name} label={label} {...form.field(name)} options={YES_NO} disabled={!mayWrite} />
        ))}
      </EditForm>
    </Modal>
  );
}
