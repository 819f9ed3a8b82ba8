import { useState } from "react";
import { MAX_PICTURES, ProductInput } from "@xiangyu/core/products/schemas";
import { toast } from "../../lib/toast.ts";
import { RecordModal } from "../../ui/dialogs/RecordModal.tsx";
import { EditForm } from "../../ui/form/EditForm.tsx";
import { useMayWrite } from "../../ui/form/FormFooter.tsx";
import { Field } from "../../ui/form/Field.tsx";
import { ENABLED, RadioField, YES_NO } from "../../ui/form/RadioField.tsx";
import { RadioGroup, Select, TextInput } from "../../ui/form/inputs.tsx";
import { PicturesField } from "../../ui/form/PicturesField.tsx";
import { startValues } from "../../ui/form/startValues.ts";
import { useSchemaForm, type SchemaForm } from "../../ui/form/useSchemaForm.ts";
import { OrgCascader } from "../../ui/pickers/OrgCascader.tsx";
import { RichText } from "../../ui/text/RichText.tsx";
import { useCurrentUser } from "../../ui/useCurrentUser.ts";
import { pictures } from "../hotels/hotelTypes.ts";
import { GENERAL_SHOP } from "./productTypes.ts";
import { PRODUCT_VIEW, useProductTypes, useSaveProduct, type Product } from "./productQueries.ts";
import { productMoney } from "./productMoney.ts";

/**
 * The product dialog (800): the fields of spec §2 with the server's schema (R350–R356), and the split
 * cap floor(30 × (amount − groupAmount) / amount) shown live under the three percentages (R357).
 * Up to 20 pictures of ≤ 2000 KB (R358); the shop is one store or 通用 (every shop, "0").
 */
const PICTURE_KB = 2000;

export const productValues = (p?: Partial<Product>) => ({
  ...startValues(p, {
    id: "",
    productType: "",
    productName: "",
    duration: "",
    proCount: "",
    amount: "",
    groupAmount: 0,
    profitsharingAmount: 0,
    agentAmount: 0,
    channelAmount: 0,
    content: "",
    idisplay: 1,
    onlineSales: 0,
    shop: "",
    contractType: "",
  }),
  picJson: pictures(p?.picJson),
});

type Props = { id?: number; onClose: () => void };

export function ProductForm({ id, onClose }: Props) {
  return (
    <RecordModal route={PRODUCT_VIEW} id={id} width={800} title={id ? "编辑产品" : "新增产品"} onClose={onClose}>
      {(product) => <Editor initial={productValues(product)} onClose={onClose} />}
    </RecordModal>
  );
}

function Editor({ initial, onClose }: { initial: ReturnType<typeof productValues> } & Omit<Props, "id">) {
  const form = useSchemaForm(ProductInput, initial, { hidden: ["id"] });
  const mayWrite = useMayWrite(initial.id);
  const money = productMoney(form.values);
  const post = useSaveProduct({ onClose });

  const save = form.submit(async () => {
    // The schema passed; the money rules are the server's own (rules.ts), so the message is too.
    if (money.problem) return toast.error(money.problem.message);
    await post({ ...form.values, id: form.values.id || undefined });
  });

  return (
    <EditForm onSubmit={save} mayWrite={mayWrite} busy={form.submitting} onClose={onClose} sticky>
      <ProductFields form={form} money={money} readOnly={!mayWrite} />
    </EditForm>
  );
}

type FieldsProps = { form: SchemaForm<typeof ProductInput>; money: ReturnType<typeof productMoney>; readOnly: boolean };

function ProductFields({ form, money, readOnly }: FieldsProps) {
  const { data: types = [] } = useProductTypes();
  const e = form.errors;
  const moneyError = (field: "amount" | "groupAmount" | "split") => (money.problem?.field === field ? money.problem.message : undefined);
  const type = types.find((t) => String(t.id) === String(form.values.productType));
  return (
    <>
      <div className="grid grid-cols-2">
        <Field label="产品类型" required error={e.productType}>
          <Select {...form.field("productType")} options={types.map((t) => ({ value: t.id, label: t.typeName }))} placeholder="请选择产品类型" />
        </Field>
        <Field label="合同类型" error={e.contractType} hint={type ? `留空则用类型的「${type.contractType}」` : "留空则用产品类型的合同类型"}>
          <TextInput {...form.field("contractType")} maxLength={20} />
        </Field>
      </div>
      <Field label="产品名称" required error={e.productName} hint="最多100个字">
        <TextInput {...form.field("productName")} maxLength={100} placeholder="请输入产品名称" />
      </Field>
      <div className="grid grid-cols-2">
        <Field label="年限" error={e.duration} hint="年">
          <TextInput {...form.field("duration")} inputMode="numeric" />
        </Field>
        <Field label="数量" required error={e.proCount} hint={type ? `单位：${type.productUnit}` : undefined}>
          <TextInput {...form.field("proCount")} inputMode="numeric" />
        </Field>
        <Field label="产品金额" required error={e.amount ?? moneyError("amount")} hint="元">
          <TextInput {...form.field("amount")} inputMode="decimal" placeholder="0.00" />
        </Field>
        <Field label="集团独立收款" error={e.groupAmount ?? moneyError("groupAmount")} hint="元，须小于产品金额">
          <TextInput {...form.field("groupAmount")} inputMode="decimal" placeholder="0.00" />
        </Field>
      </div>
      <SplitFields form={form} money={money} error={e.profitsharingAmount ?? e.agentAmount ?? e.channelAmount ?? moneyError("split")} />
      <div className="grid grid-cols-2">
        <RadioField label="状态" {...form.field("idisplay")} options={ENABLED} disabled={readOnly} />
        <RadioField label="小程序销售" {...form.field("onlineSales")} options={YES_NO} disabled={readOnly} />
      </div>
      <ShopField form={form} readOnly={readOnly} />
      <PicturesField
        label="产品图片"
        {...form.field("picJson")}
        hint={`最多${MAX_PICTURES}张，每张不超过${PICTURE_KB}KB；第一张为封面，可拖动排序`}
        max={MAX_PICTURES}
        maxKB={PICTURE_KB}
        disabled={readOnly}
      />
      <Field label="产品介绍" error={e.content}>
        <RichText label="产品介绍" value={String(form.values.content ?? "")} onChange={(html) => form.set("content", html)} minHeight={160} />
      </Field>
    </>
  );
}

const SPLITS = [
  ["profitsharingAmount", "集团分账"],
  ["agentAmount", "代理分账"],
  ["channelAmount", "渠道分账"],
] as const;

/** The three split percentages in one row, with their sum against the cap (R357). */
function SplitFields({ form, money, error }: { form: FieldsProps["form"]; money: FieldsProps["money"]; error?: string }) {
  const over = money.problem?.field === "split";
  const status = money.cap === null ? "填写产品金额后显示可分账的上限" : `分账合计 ${money.sum ?? "—"}%，最多 ${money.cap}%（30 ×（产品金额 − 集团独立收款）÷ 产品金额，向下取整）`;
  return (
    <Field label="分账比例" error={error} hint={status}>
      <div className="grid grid-cols-3 gap-2">
        {SPLITS.map(([name, label]) => (
          <label key={name} className="flex items-center gap-1.5 text-sm text-slate-600">
            <span className="shrink-0">{label}</span>
            <TextInput {...form.field(name)} aria-label={`${label}%`} aria-invalid={over || !!form.errors[name] || undefined} inputMode="decimal" className="w-20" />
            <span>%</span>
          </label>
        ))}
      </div>
      {error && money.cap !== null && <p className="mt-0.5 text-xs text-slate-400">{status}</p>}
    </Field>
  );
}

/** 通用 = every shop ("0"); otherwise one store of the user's departments (R353). */
function ShopField({ form, readOnly }: { form: FieldsProps["form"]; readOnly: boolean }) {
  const { data: me } = useCurrentUser();
  const shop = String(form.values.shop ?? "");
  const [designated, setDesignated] = useState(shop !== "" && shop !== GENERAL_SHOP);
  const mode = shop === GENERAL_SHOP ? "general" : designated ? "store" : "";
  const choose = (m: unknown) => {
    setDesignated(m === "store");
    form.set("shop", m === "store" ? "" : GENERAL_SHOP);
  };
  return (
    <Field label="适用门店" required error={form.errors.shop}>
      <RadioGroup
        name="shopMode"
        value={mode}
        onChange={choose}
        options={[
          { value: "general", label: "通用（所有门店）" },
          { value: "store", label: "指定门店" },
        ]}
        disabled={readOnly}
      />
      {mode === "store" && (
        <div className="mt-1.5">
          <OrgCascader value={shop} onChange={(code) => form.set("shop", code)} limitTo={me?.deptCodes} label="指定门店" disabled={readOnly} />
        </div>
      )}
    </Field>
  );
}
