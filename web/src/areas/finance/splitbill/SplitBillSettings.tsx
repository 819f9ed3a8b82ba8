import { useEffect, useState } from "react";
import { toBasisPoints } from "@xiangyu/core/finance/splitBill/rules";
import { useScreen } from "../../../lib/screen.tsx";
import { toast } from "../../../lib/toast.ts";
import { succeeded } from "../../../lib/routeQuery.ts";
import { Panel } from "../../../ui/Panel.tsx";
import { Button } from "../../../ui/Button.tsx";
import { TextInput } from "../../../ui/form/inputs.tsx";
import { useSaveSettings, useSettings } from "./splitQueries.ts";

/**
 * /finance/splitbillset (分账比例设置, function 1901): one percentage per split type of the
 * `splitbillType` list and the live total, red unless 100 (R243, R244). Saving needs A or E
 * (你没有设置分账权限, R246) and a total of exactly 100 (R245); the list goes as JSON text (R247).
 * A saved setting applies from the next month's summary (docs/finance.md).
 */
export default function SplitBillSettings() {
  const { rights } = useScreen();
  const { data: types = [], isPending } = useSettings();
  const [values, setValues] = useState<Record<number, string>>({});
  const save = useSaveSettings();
  useEffect(() => setValues(Object.fromEntries(types.map((t) => [t.splitbillType, String(t.proportion)]))), [types]);

  const bps = types.map((t) => toBasisPoints(values[t.splitbillType] ?? "0"));
  const bad = bps.some((b) => b === null);
  const totalBp = bps.reduce<number>((s, b) => s + (b ?? 0), 0);
  const hundred = !bad && totalBp === 10_000;

  async function submit() {
    if (!rights.a && !rights.e) return toast.error("你没有设置分账权限");
    if (bad) return toast.error("分账比例必须是0到100之间的数字（最多两位小数）");
    if (!hundred) return toast.error("分账比例合计不等于100，请检查");
    const list = types.map((t) => ({ splitbillType: t.splitbillType, typeName: t.typeName, proportion: values[t.splitbillType] || "0" }));
    await succeeded(save.mutateAsync({ splitbillSetList: JSON.stringify(list) }));
  }

  return (
    <Panel title="分账比例设置">
      <table className="w-full max-w-xl text-sm">
        <thead>
          <tr className="border-b border-slate-200 text-left text-slate-500">
            <th className="py-2 font-normal">分账类型</th>
            <th className="py-2 font-normal">分账比例（%）</th>
          </tr>
        </thead>
        <tbody>
          {isPending && (
            <tr>
              <td colSpan={2} className="py-4 text-slate-400">
                加载中…
              </td>
            </tr>
          )}
          {types.map((t) => (
            <tr key={t.splitbillType} className="border-b border-slate-100">
              <td className="py-2 pr-4">{t.typeName}</td>
              <td className="py-2">
                <TextInput
                  aria-label={`${t.typeName}分账比例`}
                  inputMode="decimal"
                  className="w-32"
                  value={values[t.splitbillType] ?? ""}
                  onChange={(v) => setValues((o) => ({ ...o, [t.splitbillType]: v }))}
                />
              </td>
            </tr>
          ))}
          <tr>
            <td className="py-2 pr-4 font-medium">合计</td>
            <td className="py-2">
              <span data-testid="split-total" className={hundred ? "font-medium text-slate-800" : "font-medium text-red-600"}>
                {bad ? "—" : (totalBp / 100).toString()}%
              </span>
            </td>
          </tr>
        </tbody>
      </table>
      <div className="mt-4">
        <Button variant="primary" busy={save.isPending} onClick={() => void submit()}>
          保存
        </Button>
        <span className="ml-3 text-xs text-slate-500">修改后的比例从下一个月的分账汇总起生效，已计算的月份保留计算时的比例。</span>
      </div>
    </Panel>
  );
}
