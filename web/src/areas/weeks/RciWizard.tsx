import { useState } from "react";
import { RciExchangeInput } from "@xiangyu/core/weeks/schemas";
import { checkExchangeCount } from "@xiangyu/core/weeks/rules";
import { Wizard } from "../../ui/Steps.tsx";
import { Field, StaticField } from "../../ui/form/Field.tsx";
import { NumberInput, Select, TextArea } from "../../ui/form/inputs.tsx";
import { ClientFinder, clientLabel, type FoundClient } from "../../ui/ClientFinder.tsx";
import { succeeded } from "../../lib/routeQuery.ts";
import { StoredWeeks } from "./StoredWeeks.tsx";
import { stepErrors } from "./formErrors.ts";
import { useExchange, useMembershipInfo } from "./weeksQueries.ts";

/**
 * 周次交换 (RCI), four steps (R234): find the client, read the stored weeks live, fill the weeks
 * to exchange (1 ≤ count ≤ whole weeks left, R236–R238), confirm and submit (兑换完成). The server
 * checks the count again against the balance at the moment of the exchange.
 */
type Draft = { client: FoundClient | null; productTypeId: number | null; exchangeCount: string; remark: string };
const FIELD_OF: Record<string, string> = { client: "clientId" };
const EMPTY: Draft = { client: null, productTypeId: null, exchangeCount: "", remark: "" };

export function RciWizard({ onDone }: { onDone: () => void }) {
  const [d, setD] = useState<Draft>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [round, setRound] = useState(0);
  const info = useMembershipInfo(d.client?.id);
  const rows = info.data ?? [];
  const chosen = rows.find((r) => r.productTypeId === d.productTypeId) ?? rows[0];
  const exchange = useExchange();
  // A field's message goes as soon as the field changes (the next problem is said at 下一步).
  const patch = (p: Partial<Draft>) => {
    setD((x) => ({ ...x, ...p }));
    setErrors((e) => {
      const next = { ...e };
      for (const k of Object.keys(p)) delete next[FIELD_OF[k] ?? k];
      return next;
    });
  };
  const values = () => ({ clientId: d.client?.id ?? "", exchangeCount: d.exchangeCount, remark: d.remark, productTypeId: chosen?.productTypeId ?? "" });

  function check(fields: string[], more?: () => string | undefined) {
    const e = stepErrors(RciExchangeInput, values(), fields);
    const extra = !Object.keys(e).length && more?.();
    if (extra) e[fields[1] ?? fields[0]] = extra;
    setErrors(e);
    return Object.keys(e).length === 0;
  }
  const countRule = () => {
    try {
      checkExchangeCount(Number(d.exchangeCount), chosen?.remainingCount ?? 0);
    } catch (e) {
      return (e as Error).message;
    }
  };

  async function submit() {
    setBusy(true);
    try {
      if (await succeeded(exchange.mutateAsync(values()))) {
        setD(EMPTY);
        setRound((r) => r + 1);
        onDone();
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <Wizard
      key={round}
      busy={busy}
      finishText="确认兑换"
      onFinish={submit}
      steps={[
        {
          title: "选择客户",
          validate: () => check(["clientId"]),
          content: (
            <div className="mx-auto flex max-w-xl flex-col gap-3">
              <Field label="客户" required error={errors.clientId}>
                <ClientFinder value={d.client} onChange={(client) => patch({ client, productTypeId: null })} />
              </Field>
            </div>
          ),
        },
        {
          title: "读取存储周次",
          validate: () => !info.isPending && check(["clientId"], () => (rows.length ? undefined : "该客户没有可兑换的会员周次")),
          content: (
            <div className="mx-auto flex max-w-2xl flex-col gap-3">
              <StaticField label="客户">{clientLabel(d.client)}</StaticField>
              {d.client && <StoredWeeks clientId={d.client.id} />}
              {errors.clientId && <p className="text-sm text-red-600">{errors.clientId}</p>}
            </div>
          ),
        },
        {
          title: "填写兑换周次",
          validate: () => check(["exchangeCount", "remark"], countRule),
          content: (
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
          ),
        },
        {
          title: "确认提交",
          content: (
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
          ),
        },
      ]}
    />
  );
}
