import { ProductTypeInput } from "@xiangyu/core/products/schemas";
import { useApi, useScreen } from "../../lib/screen.tsx";
import { isOk } from "../../lib/api.ts";
import { toast, toastFailure } from "../../lib/toast.ts";
import { Modal } from "../../ui/Modal.tsx";
import { FormFooter } from "../../ui/form/FormFooter.tsx";
import { Field } from "../../ui/form/Field.tsx";
import { RadioGroup, TextInput } from "../../ui/form/inputs.tsx";
import { useSchemaForm } from "../../ui/form/useSchemaForm.ts";
import { PRODUCT_API, type ProductType } from "./productTypes.ts";

/**
 * The product type dialog (500, R360–R364): name (≤ 100), contract type (≤ 20) and unit required;
 * the three flags say whether members of the type get an account, an RCI account and a level.
 */
const YES_NO = [
  { value: 1, label: "是" },
  { value: 0, label: "否" },
];
const FLAGS = [
  ["hasAccount", "会员账号"],
  ["hasRci", "RCI账号"],
  ["hasMemberLevel", "会员等级"],
] as const;

type Props = { type?: ProductType; onClose: () => void; onSaved: () => void };

export function ProductTypeForm({ type, onClose, onSaved }: Props) {
  const api = useApi();
  const { rights } = useScreen();
  const mayWrite = type ? rights.e : rights.a;
  const form = useSchemaForm(
    ProductTypeInput,
    {
      id: type?.id ?? "",
      typeName: type?.typeName ?? "",
      contractType: type?.contractType ?? "",
      productUnit: type?.productUnit ?? "",
      hasAccount: type?.hasAccount ?? 0,
      hasRci: type?.hasRci ?? 0,
      hasMemberLevel: type?.hasMemberLevel ?? 0,
    },
    { hidden: ["id"] },
  );
  const e = form.errors;

  const save = form.submit(async () => {
    const r = await api.post<ProductType>(`${PRODUCT_API}/typesave`, { ...form.values, id: form.values.id || undefined });
    if (!isOk(r)) return toastFailure(r.desc, "save");
    toast.success("保存成功", r.desc);
    onSaved();
    onClose();
  });

  return (
    <Modal open width={500} title={type ? "编辑产品类型" : "新增产品类型"} onClose={onClose}>
      <form onSubmit={save}>
        <fieldset disabled={!mayWrite} className="min-w-0">
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
            <Field key={name} label={label} error={e[name]}>
              <RadioGroup {...form.field(name)} options={YES_NO} disabled={!mayWrite} />
            </Field>
          ))}
        </fieldset>
        <FormFooter mayWrite={mayWrite} busy={form.submitting} onClose={onClose} />
      </form>
    </Modal>
  );
}
