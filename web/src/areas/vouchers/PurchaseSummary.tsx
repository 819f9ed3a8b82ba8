import type { PurchaseInput } from "@xiangyu/core/vouchers/schemas";
import { StaticField } from "../../ui/form/Field.tsx";
import { clientLabel, type FoundClient } from "../../ui/pickers/ClientFinder.tsx";
import type { SchemaForm } from "../../ui/form/useSchemaForm.ts";
import { priceTypeName, ticketTypeName, scopeName } from "./voucherTexts.ts";
import { useHotelOptions } from "./voucherQueries.ts";

/** The purchase as it will be sent, to confirm: the client, the vouchers, the amount and the hotels they are good for. */
export function PurchaseSummary({ form, client }: { form: SchemaForm<typeof PurchaseInput>; client: FoundClient | null }) {
  const hotels = useHotelOptions();
  const vals = form.values;
  const hotelNames = String(vals.bindingHotelId ?? "0")
    .split(",")
    .map(Number)
    .filter((id) => id !== 0)
    .map((id) => hotels.data?.find((h) => h.id === id)?.hotelName ?? `#${id}`);
  const experience = String(vals.ticketType) === "1";
  return (
    <div aria-label="确认购买信息" className="mx-auto max-w-xl">
      <StaticField label="客户">{clientLabel(client)}</StaticField>
      <StaticField label="房券类型">{ticketTypeName(Number(vals.ticketType))}</StaticField>
      <StaticField label="数量">{String(vals.ticketCount)} 张</StaticField>
      <StaticField label="有效期限">{`${String(vals.ticketDuration)} 23:59:59`}</StaticField>
      <StaticField label="支付金额">{String(vals.payAmount)} 元</StaticField>
      <StaticField label="价格类型">{priceTypeName(experience ? 1 : Number(vals.priceType))}</StaticField>
      <StaticField label="使用范围">{scopeName(experience ? 1 : Number(vals.useScope))}</StaticField>
      <StaticField label="适用酒店">{hotelNames.length ? hotelNames.join("、") : "通用"}</StaticField>
      {vals.remark ? <StaticField label="备注">{String(vals.remark)}</StaticField> : null}
      <p className="mt-2 text-sm text-slate-500">提交后客户完成支付，房券即发放到客户账户。</p>
    </div>
  );
}
