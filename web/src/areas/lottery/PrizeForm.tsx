import { PrizeInput } from "@xiangyu/core/lottery/schemas";
import { MAX_PRIZE_NAME, defaultTips } from "@xiangyu/core/lottery/rules";
import { RecordModal } from "../../ui/dialogs/RecordModal.tsx";
import { EditForm } from "../../ui/form/EditForm.tsx";
import { useMayWrite } from "../../ui/form/FormFooter.tsx";
import { Field } from "../../ui/form/Field.tsx";
import { NumberInput, TextInput } from "../../ui/form/inputs.tsx";
import { RadioField, YES_NO } from "../../ui/form/RadioField.tsx";
import { startValues } from "../../ui/form/startValues.ts";
import { useSchemaForm } from "../../ui/form/useSchemaForm.ts";
import { PRIZE_VIEW, useSavePrize, type Prize } from "./lotteryQueries.ts";
import { oddsIfSaved } from "./odds.ts";

/**
 * The prize form (R587–R589): name (required, ≤ 10), value in whole yuan, count (0 = unlimited),
 * a decimal weight ≥ 0, whether it needs distribution, and tips (empty: 恭喜您获得{name}, R588).
 * Beneath the weight, the chance the prize would have once saved (the odds preview).
 */
type Values = ReturnType<typeof prizeValues>;
const prizeValues = (lotteryId: number, p?: Prize) => ({
  ...startValues(p, { id: "", prizeName: "", prizePrice: 0, prizeCount: 0, lotteryWeight: 1, hasDistribute: 1, prizeTips: "" }),
  lotteryId,
  won: p?.won ?? 0,
});

type Props = { lotteryId: number; id?: number; others: Prize[]; onClose: () => void };

export function PrizeForm({ lotteryId, id, others, onClose }: Props) {
  return (
    <RecordModal route={PRIZE_VIEW} id={id} width={600} title={id ? "编辑奖品" : "新增奖品"} onClose={onClose}>
      {(p) => <PrizeEditor initial={prizeValues(lotteryId, p)} others={others} onClose={onClose} />}
    </RecordModal>
  );
}

function PrizeEditor({ initial, others, onClose }: { initial: Values; others: Prize[]; onClose: () => void }) {
  const { won, ...start } = initial;
  const form = useSchemaForm(PrizeInput, start, { hidden: ["id", "lotteryId"] });
  const mayWrite = useMayWrite(initial.id);
  const post = useSavePrize({ onClose });
  const e = form.errors;
  const save = form.submit(async () => {
    const { id, ...rest } = form.values;
    await post(id ? { id, ...rest } : rest);
  });
  const chance = oddsIfSaved(others, { id: initial.id ? Number(initial.id) : undefined, weight: form.values.lotteryWeight, count: form.values.prizeCount, won });
  const name = String(form.values.prizeName ?? "");

  return (
    <EditForm onSubmit={save} mayWrite={mayWrite} busy={form.submitting} onClose={onClose}>
      <Field label="奖品名称" required error={e.prizeName} hint={`${MAX_PRIZE_NAME}个字以内，如 一等奖、谢谢参与`}>
        <TextInput {...form.field("prizeName")} maxLength={MAX_PRIZE_NAME} />
      </Field>
      <div className="grid grid-cols-2 gap-x-6">
        <Field label="奖品价值（元）" error={e.prizePrice} hint="整数，0 表示无价值">
          <NumberInput {...form.field("prizePrice")} min={0} />
        </Field>
        <Field label="奖品数量" error={e.prizeCount} hint={won > 0 ? `0为不限；已中奖 ${won} 个，不能少于此数` : "0为不限"}>
          <NumberInput {...form.field("prizeCount")} min={0} />
        </Field>
        <Field label="中奖权重" required error={e.lotteryWeight} hint={chance === null ? "不小于0的数字，最多两位小数" : `保存后中奖概率约 ${chance}`}>
          <TextInput {...form.field("lotteryWeight")} maxLength={12} inputMode="decimal" />
        </Field>
        <RadioField label="需要派奖" {...form.field("hasDistribute")} options={YES_NO} disabled={!mayWrite} hint="实物奖品选“是”，中奖后在中奖管理中登记派奖" />
      </div>
      <Field label="中奖提示" error={e.prizeTips} hint="不填则为默认提示">
        <TextInput {...form.field("prizeTips")} maxLength={100} placeholder={defaultTips(name || "{奖品名称}")} />
      </Field>
    </EditForm>
  );
}
