import { StaticField, Field } from "../../ui/form/Field.tsx";
import { NumberInput, Select, TextArea } from "../../ui/form/inputs.tsx";
import { ClientFinder, clientLabel } from "../../ui/pickers/ClientFinder.tsx";
import { StoredWeeks } from "./StoredWeeks.tsx";
import type { useMembershipInfo } from "./weeksQueries.ts";
import type { RciDraft } from "./RciWizard.tsx";

/** The client's stored weeks of one product type, as the exchange reads them live. */
type Stored = NonNullable<ReturnType<typeof useMembershipInfo>["data"]>[number];

/** 填写兑换周次: the product type (when the client has several), what is left, and the weeks to exchange. */
export function RciCountStep({
  d,
  rows,
  chosen,
  errors,
  patch,
}: {
  d: RciDraft;
  rows: Stored[];
  chosen: Stored | undefined;
  errors: Record<string, string>;
  patch: (p: Partial<RciDraft>) => void;
}) {
  return (
    <div className="mx-auto flex max-w-xl flex-col">
      {rows.length > 1 && (
        <Field label="产品类型">
          <Select
            value={chosen?.productTypeId ?? ""}
            options={rows.map((r) => ({ value: r.productTypeId, label: r.productTypeName }))}
            onChange={(v) => patch({ productTypeId: Number(v) })}
          />
        </Field>
      )}
      <StaticField label="剩余周次">{chosen?.remainingCount ?? 0} 周</StaticField>
      <StaticField label="交换服务周次">{chosen?.rciStoreCount ?? 0} 周</StaticField>
      <Field label="兑换数量" required error={errors.exchangeCount} hint="单位：周">
        <NumberInput className="w-40" min={1} max={chosen?.remainingCount} value={d.exchangeCount} onChange={(exchangeCount) => patch({ exchangeCount })} />
      </Field>
      <Field label="备注" error={errors.remark}>
        <TextArea value={d.remark} onChange={(remark) => patch({ remark })} />
      </Field>
    </div>
  );
}

/** 确认提交: the weeks before and after the exchange, and the exchange service's weeks. */
export function RciSummary({ d, chosen }: { d: RciDraft; chosen: Stored | undefined }) {
  return (
    <div className="mx-auto flex max-w-xl flex-col">
      <StaticField label="客户">{clientLabel(d.client)}</StaticField>
      <StaticField label="原有周次">{chosen?.remainingCount ?? 0} 周</StaticField>
      <StaticField label="兑换数量">{d.exchangeCount} 周</StaticField>
      <StaticField label="剩余周次">{(chosen?.remainingCount ?? 0) - Number(d.exchangeCount)} 周</StaticField>
      <StaticField label="交换服务周次">
        {chosen?.rciStoreCount ?? 0} → {(chosen?.rciStoreCount ?? 0) + Number(d.exchangeCount)} 周
      </StaticField>
      <StaticField label="备注">{d.remark || "—"}</StaticField>
    </div>
  );
}

/** 选择客户: the client to exchange for (another client forgets the product type chosen). */
export function RciClientStep({ d, errors, patch }: { d: RciDraft; errors: Record<string, string>; patch: (p: Partial<RciDraft>) => void }) {
  return (
    <div className="mx-auto flex max-w-xl flex-col gap-3">
      <Field label="客户" required error={errors.clientId}>
        <ClientFinder value={d.client} onChange={(client) => patch({ client, productTypeId: null })} />
      </Field>
    </div>
  );
}

/** 读取存储周次: the client's stored weeks, read live; a client without any cannot go on. */
export function RciStoredStep({ d, errors }: { d: RciDraft; errors: Record<string, string> }) {
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-3">
      <StaticField label="客户">{clientLabel(d.client)}</StaticField>
      {d.client && <StoredWeeks clientId={d.client.id} />}
      {errors.clientId && <p className="text-sm text-red-600">{errors.clientId}</p>}
    </div>
  );
}
