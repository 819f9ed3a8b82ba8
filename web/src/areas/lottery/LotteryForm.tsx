import { LotteryInput } from "@xiangyu/core/lottery/schemas";
import { MAX_TITLE } from "@xiangyu/core/lottery/rules";
import { RecordModal } from "../../ui/dialogs/RecordModal.tsx";
import { EditForm } from "../../ui/form/EditForm.tsx";
import { useMayWrite } from "../../ui/form/FormFooter.tsx";
import { Field } from "../../ui/form/Field.tsx";
import { NumberInput, TextInput } from "../../ui/form/inputs.tsx";
import { ENABLED, RadioField } from "../../ui/form/RadioField.tsx";
import { startValues } from "../../ui/form/startValues.ts";
import { useSchemaForm, type SchemaForm } from "../../ui/form/useSchemaForm.ts";
import { ImageUploader } from "../../ui/upload/ImageUploader.tsx";
import { DateTimeInput } from "../../ui/pickers/DatePicker.tsx";
import { RichText } from "../../ui/text/RichText.tsx";
import { LOTTERY_VIEW, useSaveLottery, type LotteryRecord } from "./lotteryQueries.ts";

/**
 * The activity form (R583–R585): title (required, ≤ 50), start and end time (required, the end
 * after the start), per-person draws and participants (0 = unlimited), the rich-text rules, the
 * background picture (uploaded through the presigned flow) and the two colours.
 */
const BG_KB = 2048;

const lotteryValues = (l?: LotteryRecord) =>
  startValues(l, {
    id: "",
    title: "",
    startTime: "",
    endTime: "",
    userJoinLimit: 1,
    participantsNumber: 0,
    content: "",
    bgPic: "",
    bgColor: "#ae0026",
    color: "#ffffff",
    idisplay: 1,
  });

export function LotteryForm({ id, onClose }: { id?: number; onClose: () => void }) {
  return (
    <RecordModal route={LOTTERY_VIEW} id={id} width={800} title={id ? "编辑抽奖活动" : "新增抽奖活动"} onClose={onClose}>
      {(l) => <LotteryEditor initial={lotteryValues(l)} onClose={onClose} />}
    </RecordModal>
  );
}

function ColorField({ form, name, label }: { form: SchemaForm<typeof LotteryInput>; name: "bgColor" | "color"; label: string }) {
  const value = String(form.values[name] ?? "");
  return (
    <Field label={label} error={form.errors[name]} hint="如 #ae0026">
      <div className="flex items-center gap-2">
        <input
          type="color"
          aria-label={`选择${label}`}
          value={/^#[0-9a-fA-F]{6}$/.test(value) ? value : "#ffffff"}
          onChange={(e) => form.set(name, e.target.value)}
          className="h-8 w-10 cursor-pointer rounded border border-slate-300 bg-white p-0.5"
        />
        <TextInput {...form.field(name)} maxLength={40} className="w-40" />
      </div>
    </Field>
  );
}

function LotteryEditor({ initial, onClose }: { initial: ReturnType<typeof lotteryValues>; onClose: () => void }) {
  const form = useSchemaForm(LotteryInput, initial, { hidden: ["id"] });
  const mayWrite = useMayWrite(initial.id);
  const post = useSaveLottery({ onClose });
  const e = form.errors;
  const save = form.submit(async () => {
    const { id, ...rest } = form.values;
    await post(id ? { id, ...rest } : rest);
  });
  const bg = String(form.values.bgPic ?? "");

  return (
    <EditForm onSubmit={save} mayWrite={mayWrite} busy={form.submitting} onClose={onClose} sticky>
      <Field label="活动标题" required error={e.title} hint={`${MAX_TITLE}个字以内`}>
        <TextInput {...form.field("title")} maxLength={MAX_TITLE} />
      </Field>
      <div className="grid grid-cols-1 gap-x-6 md:grid-cols-2">
        <Field label="开始时间" required error={e.startTime} hint="不填时刻则从当天 00:00 开始">
          <DateTimeInput {...form.field("startTime")} aria-label="开始时间" />
        </Field>
        <Field label="结束时间" required error={e.endTime} hint="不填时刻则到当天 23:59:59 结束">
          <DateTimeInput {...form.field("endTime")} aria-label="结束时间" time="23:59" second="59" />
        </Field>
        <Field label="每人抽奖次数" error={e.userJoinLimit} hint="每位会员在本活动中最多抽奖的次数，0为不限">
          <NumberInput {...form.field("userJoinLimit")} min={0} />
        </Field>
        <Field label="参与人数" error={e.participantsNumber} hint="最多可参与的会员人数，0为不限">
          <NumberInput {...form.field("participantsNumber")} min={0} />
        </Field>
        <ColorField form={form} name="bgColor" label="背景颜色" />
        <ColorField form={form} name="color" label="文字颜色" />
        <RadioField label="状态" {...form.field("idisplay")} options={ENABLED} disabled={!mayWrite} />
      </div>
      <Field label="背景图片" error={e.bgPic} hint={`1张，不超过${BG_KB}KB`}>
        <ImageUploader value={bg ? [bg] : []} onChange={(urls) => form.set("bgPic", urls[0] ?? "")} max={1} maxKB={BG_KB} disabled={!mayWrite} />
      </Field>
      <Field label="活动内容" error={e.content}>
        <RichText label="活动内容" value={String(form.values.content ?? "")} onChange={(html) => form.set("content", html)} minHeight={220} />
      </Field>
    </EditForm>
  );
}
