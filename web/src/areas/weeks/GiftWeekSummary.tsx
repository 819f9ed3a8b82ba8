import { StaticField } from "../../ui/form/Field.tsx";
import { clientLabel } from "../../ui/pickers/ClientFinder.tsx";
import type { GiftDraft } from "./GiftWeekWizard.tsx";

/** The gift as it will be sent, to confirm before 确认赠送; it waits for review after. */
export function GiftWeekSummary({ d }: { d: GiftDraft }) {
  return (
    <div className="mx-auto flex max-w-xl flex-col">
      <StaticField label="客户">{clientLabel(d.client)}</StaticField>
      <StaticField label="赠送数量">{d.giftCount} 周</StaticField>
      <StaticField label="有效期限">{d.giftDuration} 23:59:59</StaticField>
      <StaticField label="备注">{d.remark || "—"}</StaticField>
      <p className="mt-2 text-sm text-slate-500">提交后需审核通过，周次才会存入客户的会员周次。</p>
    </div>
  );
}
