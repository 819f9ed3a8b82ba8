import { TASK_DEFAULTS, TaskInput } from "@xiangyu/core/platform/tasks/schemas";
import { TASK_CLASSES, TASK_CLASS_LABELS, isHttpPush } from "@xiangyu/core/platform/tasks/rules";
import { EditForm } from "../../../ui/form/EditForm.tsx";
import { useMayWrite } from "../../../ui/form/FormFooter.tsx";
import { Field } from "../../../ui/form/Field.tsx";
import { NumberInput, Select, TextArea, TextInput } from "../../../ui/form/inputs.tsx";
import { ENABLED, RadioField } from "../../../ui/form/RadioField.tsx";
import { startValues } from "../../../ui/form/startValues.ts";
import { useSchemaForm } from "../../../ui/form/useSchemaForm.ts";
import { ConfigDialog } from "../ConfigDialog.tsx";
import { SecretField } from "../SecretField.tsx";
import { useSaveTask, useTask, type Task } from "./taskQueries.ts";

/**
 * The scheduled task dialog (R476–R483): code (letters or digits, locked once saved), class (the
 * product's jobs), name, period in minutes (decimals allowed; 0 = not run automatically), the hours
 * window (0–0 all day), the runner whitelist (one per line, empty = every runner), the retries; the
 * HTTP push fields (address, service code and key, records per push) only for that class (R480).
 */
type Props = { id?: number; onClose: () => void };

export function TaskForm({ id, onClose }: Props) {
  const read = useTask(id);
  return (
    <ConfigDialog title={id ? "编辑定时任务" : "新增定时任务"} editing={!!id} read={read} onClose={onClose}>
      {(record) => <Editor record={record} onClose={onClose} />}
    </ConfigDialog>
  );
}

const CLASS_OPTIONS = TASK_CLASSES.map((c) => ({ value: c, label: `${TASK_CLASS_LABELS[c]}（${c}）` }));
const HOURS = Array.from({ length: 24 }, (_, h) => ({ value: h, label: `${h}时` }));

function Editor({ record, onClose }: { record?: Task; onClose: () => void }) {
  const initial = startValues(record, {
    id: "",
    apicode: "",
    apiThreadClass: "",
    apiname: "",
    runround: String(TASK_DEFAULTS.runround),
    starthour: TASK_DEFAULTS.starthour,
    endhour: TASK_DEFAULTS.endhour,
    addressip: "",
    url: "",
    servicecode: "",
    datacount: TASK_DEFAULTS.datacount,
    pushcount: TASK_DEFAULTS.pushcount,
    istate: TASK_DEFAULTS.istate,
  });
  const form = useSchemaForm(TaskInput, { ...initial, runround: String(initial.runround), servicekey: "" }, { hidden: ["id"] });
  const mayWrite = useMayWrite(record?.id);
  const post = useSaveTask({ onClose });
  const save = form.submit(() => post({ ...form.values, id: form.values.id || undefined }));
  const e = form.errors;
  const http = isHttpPush(String(form.values.apiThreadClass));

  return (
    <EditForm onSubmit={save} mayWrite={mayWrite} busy={form.submitting} onClose={onClose}>
      <div className="grid grid-cols-2">
        <Field label="任务代码" required error={e.apicode} hint={record ? "保存后不能修改" : "字母或数字"}>
          <TextInput {...form.field("apicode")} maxLength={50} disabled={!!record} />
        </Field>
        <Field label="任务名称" required error={e.apiname}>
          <TextInput {...form.field("apiname")} maxLength={50} />
        </Field>
      </div>
      <Field label="任务线程类" required error={e.apiThreadClass}>
        <Select {...form.field("apiThreadClass")} options={CLASS_OPTIONS} />
      </Field>
      <div className="grid grid-cols-2">
        <Field label="运行周期（分钟）" required error={e.runround} hint="可填小数；不足1分钟按1分钟，小数向上取整；0 不自动运行">
          <TextInput {...form.field("runround")} inputMode="decimal" maxLength={8} />
        </Field>
        <Field label="重试次数" error={e.pushcount} hint="运行失败后再试的次数">
          <NumberInput {...form.field("pushcount")} />
        </Field>
      </div>
      <Field label="运行时段" error={e.starthour ?? e.endhour} hint="0时–0时 表示全天">
        <span className="inline-flex items-center gap-2">
          <Select {...form.field("starthour")} options={HOURS} placeholder={false} className="w-24" aria-label="开始时" />
          <span className="text-slate-500">至</span>
          <Select {...form.field("endhour")} options={HOURS} placeholder={false} className="w-24" aria-label="结束时" />
        </span>
      </Field>
      <Field label="白名单" error={e.addressip} hint="每行一个IP地址或容器名；为空表示所有">
        <TextArea {...form.field("addressip")} rows={3} maxLength={2000} />
      </Field>
      {http && (
        <>
          <Field label="推送地址" required error={e.url}>
            <TextInput {...form.field("url")} maxLength={500} placeholder="https://" />
          </Field>
          <div className="grid grid-cols-2">
            <Field label="服务代码" error={e.servicecode}>
              <TextInput {...form.field("servicecode")} maxLength={100} />
            </Field>
            <SecretField label="服务密钥" stored={record?.servicekey} maxLength={200} {...form.field("servicekey")} />
          </div>
          <Field label="推送条数" error={e.datacount} hint="每次推送最新的操作日志条数">
            <NumberInput {...form.field("datacount")} />
          </Field>
        </>
      )}
      <RadioField label="状态" {...form.field("istate")} options={ENABLED} disabled={!mayWrite} />
    </EditForm>
  );
}
