import { DB_DEFAULTS, DbConfigInput, DbConfigNewInput } from "@xiangyu/core/platform/schemas";
import { EditForm } from "../../ui/form/EditForm.tsx";
import { useMayWrite } from "../../ui/form/FormFooter.tsx";
import { Field } from "../../ui/form/Field.tsx";
import { NumberInput, TextInput } from "../../ui/form/inputs.tsx";
import { ENABLED, RadioField } from "../../ui/form/RadioField.tsx";
import { startValues } from "../../ui/form/startValues.ts";
import { useSchemaForm } from "../../ui/form/useSchemaForm.ts";
import { ConfigDialog } from "./ConfigDialog.tsx";
import { SecretField } from "./SecretField.tsx";
import { useDbConfig, useSaveDb, type DbConfig } from "./configQueries.ts";

/**
 * The database connection dialog (R468–R475): the database (codes, address, user, password) and the
 * cache (Redis) settings with R475's defaults. The two codes carry the messages the spec gives them
 * and are labelled to match (R474, docs/gaps.md): databaseCode 环境代码, activeCode 数据库编号.
 */
type Props = { id?: number; onClose: () => void };

export function DbConfigForm({ id, onClose }: Props) {
  const read = useDbConfig(id);
  return (
    <ConfigDialog title={id ? "编辑数据库连接" : "新增数据库连接"} editing={!!id} read={read} onClose={onClose}>
      {(record) => <Editor record={record} onClose={onClose} />}
    </ConfigDialog>
  );
}

const COUNTS = [
  ["redisPort", "Redis端口"],
  ["redisDatabaseId", "Redis库号"],
  ["redisTimeout", "超时时间（毫秒）"],
  ["redisMaxIdle", "最大空闲连接数"],
  ["redisMinIdle", "最小空闲连接数"],
  ["redisMaxWait", "最大等待（毫秒）"],
  ["redisMaxActive", "最大连接数"],
] as const;

function Editor({ record, onClose }: { record?: DbConfig; onClose: () => void }) {
  const initial = startValues(record, { id: "", systemCode: "", databaseCode: "", activeCode: "", jdbcUrl: "", username: "", redisHost: "", idisplay: 1, ...DB_DEFAULTS });
  const form = useSchemaForm(record ? DbConfigInput : DbConfigNewInput, { ...initial, password: "", redisPassword: "" }, { hidden: ["id"] });
  const mayWrite = useMayWrite(record?.id);
  const post = useSaveDb({ onClose });
  const save = form.submit(() => post({ ...form.values, id: form.values.id || undefined }));
  const e = form.errors;

  return (
    <EditForm onSubmit={save} mayWrite={mayWrite} busy={form.submitting} onClose={onClose}>
      <h3 className="mb-2 text-sm font-medium text-slate-600">数据库</h3>
      <div className="grid grid-cols-3">
        <Field label="系统代码" required error={e.systemCode}>
          <TextInput {...form.field("systemCode")} maxLength={50} />
        </Field>
        <Field label="环境代码" required error={e.databaseCode}>
          <TextInput {...form.field("databaseCode")} maxLength={50} />
        </Field>
        <Field label="数据库编号" required error={e.activeCode}>
          <TextInput {...form.field("activeCode")} maxLength={50} />
        </Field>
      </div>
      <Field label="数据库地址" required error={e.jdbcUrl}>
        <TextInput {...form.field("jdbcUrl")} maxLength={500} placeholder="jdbc:mysql://host:3306/db" />
      </Field>
      <div className="grid grid-cols-2">
        <Field label="数据库用户名" required error={e.username}>
          <TextInput {...form.field("username")} maxLength={64} />
        </Field>
        <SecretField label="数据库密码" required stored={record?.password} maxLength={128} {...form.field("password")} />
      </div>
      <Field label="驱动类名" error={e.driverClassName}>
        <TextInput {...form.field("driverClassName")} maxLength={200} />
      </Field>
      <h3 className="mt-3 mb-2 text-sm font-medium text-slate-600">缓存（Redis）</h3>
      <div className="grid grid-cols-2">
        <Field label="Redis地址" error={e.redisHost}>
          <TextInput {...form.field("redisHost")} maxLength={200} />
        </Field>
        <SecretField label="Redis密码" stored={record?.redisPassword} maxLength={128} {...form.field("redisPassword")} />
      </div>
      <div className="grid grid-cols-2">
        {COUNTS.map(([k, label]) => (
          <Field key={k} label={label} error={e[k]} hint={`默认 ${DB_DEFAULTS[k]}`}>
            <NumberInput {...form.field(k)} />
          </Field>
        ))}
      </div>
      <RadioField label="状态" {...form.field("idisplay")} options={ENABLED} disabled={!mayWrite} />
    </EditForm>
  );
}
