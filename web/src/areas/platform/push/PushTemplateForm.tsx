import { PushTemplateInput } from "@xiangyu/core/platform/push/schemas";
import { PUSH_EVENTS, PUSH_EVENT_CODES } from "@xiangyu/core/platform/push/rules";
import { EditForm } from "../../../ui/form/EditForm.tsx";
import { useMayWrite } from "../../../ui/form/FormFooter.tsx";
import { Field } from "../../../ui/form/Field.tsx";
import { NumberInput, Select, TextArea, TextInput } from "../../../ui/form/inputs.tsx";
import { startValues } from "../../../ui/form/startValues.ts";
import { useSchemaForm } from "../../../ui/form/useSchemaForm.ts";
import { ConfigDialog } from "../ConfigDialog.tsx";
import { usePushTemplate, useSaveTemplate, type PushTemplate } from "./pushQueries.ts";

/**
 * The push template dialog (R512–R514): tempName and tempId required; the WeChat and SMS bodies may
 * use ${touser}, ${msgTime}, ${address} only — the shared schema names any other as the field's
 * message, here as on the server. 触发事件 picks the business event the template answers (one
 * event, the newest template naming it is used); a WeChat body may be the template's fields as JSON.
 */
type Props = { id?: number; onClose: () => void };

const EVENTS = [{ value: "none", label: "不自动推送" }, ...PUSH_EVENT_CODES.map((e) => ({ value: e, label: PUSH_EVENTS[e] }))];
const PLACEHOLDER_HINT = "可用占位符：${touser} 接收人，${msgTime} 时间，${address} 地址";

export function PushTemplateForm({ id, onClose }: Props) {
  const read = usePushTemplate(id);
  return (
    <ConfigDialog title={id ? "编辑推送模板" : "新增推送模板"} editing={!!id} read={read} onClose={onClose}>
      {(record) => <TemplateEditor record={record} onClose={onClose} />}
    </ConfigDialog>
  );
}

function TemplateEditor({ record, onClose }: { record?: PushTemplate; onClose: () => void }) {
  const initial = startValues(record, { id: "", brandId: 0, clientId: "", tempName: "", tempId: "", weixinTemp: "", smsTemp: "" });
  const form = useSchemaForm(PushTemplateInput, { ...initial, event: record?.event || "none" }, { hidden: ["id", "clientId"] });
  const mayWrite = useMayWrite(record?.id);
  const post = useSaveTemplate({ onClose });
  const save = form.submit(() => post({ ...form.values, id: form.values.id || undefined }));
  const e = form.errors;

  return (
    <EditForm onSubmit={save} mayWrite={mayWrite} busy={form.submitting} onClose={onClose}>
      <div className="grid grid-cols-2">
        <Field label="模板名称" required error={e.tempName}>
          <TextInput {...form.field("tempName")} maxLength={50} />
        </Field>
        <Field label="模板代码" required error={e.tempId} hint="微信模板消息的模板ID">
          <TextInput {...form.field("tempId")} maxLength={64} />
        </Field>
        <Field label="触发事件" error={e.event}>
          <Select {...form.field("event")} options={EVENTS} />
        </Field>
        <Field label="商户应用" error={e.brandId} hint="0 表示全部商户应用">
          <NumberInput {...form.field("brandId")} />
        </Field>
      </div>
      <Field label="微信模板" error={e.weixinTemp} hint={`${PLACEHOLDER_HINT}；可写成模板字段的 JSON，如 {"first": "\${touser}您好"}`}>
        <TextArea {...form.field("weixinTemp")} rows={5} maxLength={2000} />
      </Field>
      <Field label="短信模板" error={e.smsTemp} hint={PLACEHOLDER_HINT}>
        <TextArea {...form.field("smsTemp")} rows={4} maxLength={2000} />
      </Field>
    </EditForm>
  );
}
