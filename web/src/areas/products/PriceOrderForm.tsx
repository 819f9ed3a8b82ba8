import { yuanText } from "../../ui/text/money.ts";
import { useState } from "react";
import { splitSum } from "@xiangyu/core/products/rules";
import { PriceOrderInput } from "@xiangyu/core/products/schemas";
import { toast } from "../../lib/toast.ts";
import { Modal } from "../../ui/dialogs/Modal.tsx";
import { EditForm } from "../../ui/form/EditForm.tsx";
import { useMayWrite } from "../../ui/form/FormFooter.tsx";
import { Field, StaticField } from "../../ui/form/Field.tsx";
import { TextArea, TextInput } from "../../ui/form/inputs.tsx";
import { SearchSelect } from "../../ui/pickers/SearchSelect.tsx";
import { startValues } from "../../ui/form/startValues.ts";
import { useSchemaForm } from "../../ui/form/useSchemaForm.ts";
import { ClientFinder, type FoundClient } from "../../ui/pickers/ClientFinder.tsx";
import { BOUGHT } from "./productTypes.ts";
import { usePickableProducts, useSavePriceOrder, type PriceOrder, type Product } from "./productQueries.ts";
import { lowestPrice, priceProblem, splitOf } from "./productMoney.ts";

/**
 * A price modification / membership purchase order (600): a client found by keyword, an enabled
 * product, and the price. The product's amount and group amount are the server's (it reads them);
 * the form shows them with the lowest allowed price floor(30 × groupAmount / (30 − split sum)) and
 * says while typing when the price is below the group amount or that minimum (R365–R368).
 * A bought order (status 1) only shows (R370).
 */
type Props = { order?: PriceOrder; title: string; onClose: () => void };

export function PriceOrderForm({ order, title, onClose }: Props) {
  const products = usePickableProducts();
  const [client, setClient] = useState<FoundClient | null>(order ? { id: order.clientId, clientName: order.clientName ?? "", mobile: order.mobile ?? "" } : null);
  const initial = startValues(order, { id: "", clientId: "", productId: "", duration: "", proCount: "", payAmount: "", remark: "", shop: "", contractType: "" });
  const form = useSchemaForm(PriceOrderInput, initial, { hidden: ["id"] });
  const bought = order?.status === BOUGHT;
  const mayWrite = useMayWrite(order) && !bought;
  const list = products.data ?? [];
  const product = list.find((p) => String(p.id) === String(form.values.productId));
  const problem = product && String(form.values.payAmount ?? "").trim() !== "" ? priceProblem(product, form.values.payAmount) : null;
  const e = form.errors;

  function pickProduct(id: unknown) {
    form.set("productId", id);
    const p = list.find((x) => String(x.id) === String(id));
    form.set("duration", p?.duration ?? "");
    form.set("proCount", p?.proCount ?? "");
  }

  const post = useSavePriceOrder({ onClose });
  const save = form.submit(async () => {
    if (problem) return toast.error(problem);
    await post({ ...form.values, id: form.values.id || undefined });
  });

  // A saved order whose product was disabled since: keep it selectable by its name.
  const options = list.map((p) => ({ value: p.id, label: `${p.productName}（${p.productTypeName}）` }));
  if (order && !product) options.unshift({ value: order.productId, label: order.productName ?? "" });

  return (
    <Modal open width={600} title={title} onClose={onClose}>
      <EditForm onSubmit={save} mayWrite={mayWrite} busy={form.submitting} onClose={onClose}>
        {bought && <p className="mb-2 rounded bg-amber-50 px-3 py-2 text-sm text-amber-700">该单已完成购买，不允许修改。</p>}
        {order?.orderId && <StaticField label="单号">{order.orderId}</StaticField>}
        <Field label="客户" required error={e.clientId}>
          <ClientFinder
            value={client}
            onChange={(c) => {
              setClient(c);
              form.set("clientId", c?.id ?? "");
            }}
            disabled={!mayWrite}
            error={e.clientId}
          />
        </Field>
        <Field label="会员套餐" required error={e.productId} hint={products.isPending ? "正在读取产品…" : undefined}>
          <SearchSelect {...form.field("productId")} onChange={pickProduct} options={options} placeholder="请选择会员套餐" />
        </Field>
        {product && <ProductFacts product={product} />}
        <div className="grid grid-cols-2">
          <Field label="年限" error={e.duration}>
            <TextInput {...form.field("duration")} inputMode="numeric" />
          </Field>
          <Field label="数量" error={e.proCount} hint={product?.productUnit ? `单位：${product.productUnit}` : undefined}>
            <TextInput {...form.field("proCount")} inputMode="numeric" />
          </Field>
        </div>
        <Field label="支付金额" required error={e.payAmount ?? problem ?? undefined} hint="元">
          <TextInput {...form.field("payAmount")} aria-invalid={e.payAmount || problem ? true : undefined} inputMode="decimal" placeholder="0.00" />
        </Field>
        <Field label="备注" error={e.remark} hint="最多500个字">
          <TextArea {...form.field("remark")} maxLength={500} rows={2} />
        </Field>
      </EditForm>
    </Modal>
  );
}

/** What the price is checked against: the product's money and the lowest price it allows. */
function ProductFacts({ product }: { product: Product }) {
  const min = lowestPrice(product);
  return (
    <div role="note" aria-label="价格规则" className="mb-1 ml-[7.75rem] grid grid-cols-2 gap-x-4 gap-y-0.5 rounded bg-slate-50 px-3 py-2 text-xs text-slate-600">
      <span>产品金额：{yuanText(product.amount)} 元</span>
      <span>集团独立收款：{yuanText(product.groupAmount)} 元</span>
      <span>分账合计：{splitSum(splitOf(product))}%</span>
      <span className="font-medium text-slate-800">{min === null ? "最低价：不低于集团独立收款金额" : `最低价：${Math.max(min, product.groupAmount)} 元`}</span>
    </div>
  );
}
