import { AppVersionInput } from "@xiangyu/core/platform/schemas";
import { EditForm } from "../../ui/form/EditForm.tsx";
import { useMayWrite } from "../../ui/form/FormFooter.tsx";
import { Field } from "../../ui/form/Field.tsx";
import { NumberInput, TextArea, TextInput } from "../../ui/form/inputs.tsx";
import { startValues } from "../../ui/form/startValues.ts";
import { useSchemaForm } from "../../ui/form/useSchemaForm.ts";
import { FileUploader } from "../../ui/upload/FileUploader.tsx";
import { ConfigDialog } from "./ConfigDialog.tsx";
import { useAppVersion, useSaveApp, type AppVersion } from "./configQueries.ts";

/**
 * The app version dialog (R484–R487): APP (≤ 50), APPID, versionCode (a number), the update address
 * — an .apk uploaded here (type and size checked by the uploader, files/rules.ts) or a download
 * address typed — and the update notes.
 */
type Props = { id?: number; onClose: () => void };

export function AppVersionForm({ id, onClose }: Props) {
  const read = useAppVersion(id);
  return (
    <ConfigDialog title={id ? "编辑APP版本" : "新增APP版本"} editing={!!id} read={read} onClose={onClose}>
      {(record) => <Editor record={record} onClose={onClose} />}
    </ConfigDialog>
  );
}

function Editor({ record, onClose }: { record?: AppVersion; onClose: () => void }) {
  const initial = startValues(record, { id: "", appName: "", appid: "", version: "", versionCode: "", url: "", updateInfo: "" });
  const form = useSchemaForm(AppVersionInput, initial, { hidden: ["id"] });
  const mayWrite = useMayWrite(record?.id);
  const post = useSaveApp({ onClose });
  const save = form.submit(() => post({ ...form.values, id: form.values.id || undefined }));
  const e = form.errors;

  return (
    <EditForm onSubmit={save} mayWrite={mayWrite} busy={form.submitting} onClose={onClose}>
      <div className="grid grid-cols-2">
        <Field label="APP" required error={e.appName} hint="最多50个字">
          <TextInput {...form.field("appName")} maxLength={50} />
        </Field>
        <Field label="APPID" required error={e.appid}>
          <TextInput {...form.field("appid")} maxLength={64} placeholder="如 com.xiangyu.app" />
        </Field>
        <Field label="版本名称" error={e.version}>
          <TextInput {...form.field("version")} maxLength={30} placeholder="如 1.2.0" />
        </Field>
        <Field label="版本号" required error={e.versionCode}>
          <NumberInput {...form.field("versionCode")} />
        </Field>
      </div>
      <Field label="更新地址" required error={e.url} hint="上传安装包，或填写下载地址">
        <div className="flex flex-col gap-2">
          <TextInput {...form.field("url")} maxLength={500} placeholder="https://" />
          <FileUploader kind="apk" onUploaded={(f) => form.set("url", f.url)} disabled={!mayWrite} label="上传安装包" />
        </div>
      </Field>
      <Field label="更新说明" error={e.updateInfo}>
        <TextArea {...form.field("updateInfo")} rows={4} maxLength={2000} />
      </Field>
    </EditForm>
  );
}
