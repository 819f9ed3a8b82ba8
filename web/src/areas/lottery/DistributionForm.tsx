import { RecordSaveInput } from "@xiangyu/core/lottery/schemas";
import { RecordModal } from "../../ui/dialogs/RecordModal.tsx";
import { EditForm } from "../../ui/form/EditForm.tsx";
import { Field } from "../../ui/form/Field.tsx";
import { TextArea } from "../../ui/form/inputs.tsx";
import { RadioField } from "../../ui/form/RadioField.tsx";
import { useSchemaForm } from "../../ui/form/useSchemaForm.ts";
import { useScreen } from "../../lib/screen.tsx";
import { RECORD_VIEW, useSaveDistribution, winnerName, type DrawRecord } from "./lotteryQueries.ts";

/**
 * 派奖登记 (prize distribution registration, R592–R594): a 600-wide dialog with the winner and the
 * prize, the status (required: 请选择派奖状态) and a remark. Saving needs E or A (你没有派奖权限);
 * the time and the staff member are recorded by the server.
 */
export const DISTRIBUTE_DENIAL = "你没有派奖权限";
const STATUSES = [
  { value: 1, label: "已派奖" },
  { value: 0, label: "未派奖" },
];

export function DistributionForm({ id, onClose }: { id: number; onClose: () => void }) {
  return (
    <RecordModal route={RECORD_VIEW} id={id} width={600} title="派奖登记" onClose={onClose}>
      {(r) => r && <DistributionEditor record={r} onClose={onClose} />}
    </RecordModal>
  );
}

function DistributionEditor({ record, onClose }: { record: DrawRecord; onClose: () => void }) {
  const { rights } = useScreen();
  // Not yet distributed: no status chosen, so the registration says which one it is.
  const form = useSchemaForm(RecordSaveInput, { id: record.id, status: record.status === 1 ? 1 : "", remark: record.remark }, { hidden: ["id"] });
  const post = useSaveDistribution({ onClose });
  const save = form.submit(async () => {
    await post(form.values);
  });
  return (
    <EditForm onSubmit={save} mayWrite={rights.e || rights.a} busy={form.submitting} onClose={onClose}>
      <dl className="mb-3 grid grid-cols-[6rem_1fr] gap-y-1 text-sm">
        <dt className="text-slate-500">中奖用户</dt>
        <dd>
          {winnerName(record)} {record.realname ? record.mobile : ""}
        </dd>
        <dt className="text-slate-500">奖品</dt>
        <dd>
          {record.prizeName}（{record.prizeValue}）
        </dd>
        <dt className="text-slate-500">中奖时间</dt>
        <dd>{record.participationTime}</dd>
        {record.distributeTime && (
          <>
            <dt className="text-slate-500">派奖时间</dt>
            <dd>
              {record.distributeTime} {record.distributeUser}
            </dd>
          </>
        )}
      </dl>
      <RadioField label="派奖状态" required {...form.field("status")} options={STATUSES} />
      <Field label="备注" error={form.errors.remark} hint="200个字以内，如快递单号">
        <TextArea {...form.field("remark")} maxLength={200} />
      </Field>
    </EditForm>
  );
}
