import { useState } from "react";
import { USER_MSG, UserInput } from "@xiangyu/core/users/schemas";
import { useApi } from "../../lib/screen.tsx";
import { toast } from "../../lib/toast.ts";
import { RecordModal } from "../../ui/dialogs/RecordModal.tsx";
import { EditForm } from "../../ui/form/EditForm.tsx";
import { useMayWrite } from "../../ui/form/FormFooter.tsx";
import { Field } from "../../ui/form/Field.tsx";
import { ENABLED, RadioField } from "../../ui/form/RadioField.tsx";
import { TextInput } from "../../ui/form/inputs.tsx";
import { startValues } from "../../ui/form/startValues.ts";
import { useSchemaForm } from "../../ui/form/useSchemaForm.ts";
import { OrgCascader } from "../../ui/pickers/OrgCascader.tsx";
import { useCurrentUser } from "../../ui/useCurrentUser.ts";
import { USER_VIEW, useRoleOptions, useSaveBranchUser, useSaveUser, type UserRow } from "./userQueries.ts";
import { RoleChoice } from "./RoleChoice.tsx";

/**
 * The user form shared by the staff list and the merchant-user variant (R373–R384, 800 × 600 for
 * merchants, R388): mobile (11 digits, locked on edit), name, password (required for a new user,
 * blank on edit keeps it), at least one role, a department. A new user whose mobile is already a
 * user's switches to editing that user with 读取到用户信息，将基于现有信息修改。 (R381). The rules are the
 * server's schema; which roles the user may hand on is the server's too (`grantable`).
 */
const SEX = [
  { value: "男", label: "男" },
  { value: "女", label: "女" },
];

/** The form's values of a user; the password always starts blank (blank on edit keeps it, R377). */
export const userValues = (u?: Partial<UserRow>) => ({
  ...startValues(u, { id: "", mobile: "", realname: "", roleid: "", deptid: "", sex: "", idcard: "", address: "", email: "", picture: "", displayornot: 1, username: "" }),
  password: "",
});

type Props = { id?: number; branchId?: number; onClose: () => void };

export function UserForm({ id, branchId, onClose }: Props) {
  // R381: a new user's mobile found as a user's opens that user (read afresh, as any edit).
  const [found, setFound] = useState<number | undefined>(undefined);
  const shown = found ?? id;
  return (
    <RecordModal route={USER_VIEW} id={shown} width={800} title={shown ? "编辑用户" : "新增用户"} onClose={onClose}>
      {(user) => <Editor key={shown ?? 0} initial={userValues(user)} branchId={branchId} onClose={onClose} onFound={setFound} />}
    </RecordModal>
  );
}

type EditorProps = { initial: ReturnType<typeof userValues>; onFound: (id: number) => void } & Omit<Props, "id">;

function Editor({ initial, branchId, onClose, onFound }: EditorProps) {
  const api = useApi();
  const form = useSchemaForm(UserInput, initial, { hidden: ["id"] });
  const editing = !!form.values.id;
  const mayWrite = useMayWrite(form.values.id);
  const roles = useRoleOptions(branchId);
  const { data: me } = useCurrentUser();
  const [looked, setLooked] = useState("");
  const saveStaff = useSaveUser({ onClose });
  const saveBranch = useSaveBranchUser({ onClose });
  const e = form.errors;

  const save = form.submit(() => {
    const body = { ...form.values, id: form.values.id || undefined };
    return branchId === undefined ? saveStaff(body) : saveBranch({ ...body, branchId });
  });

  /** R381: a new user's mobile that is already a user's opens that user instead. */
  async function lookUp() {
    form.field("mobile").onBlur();
    const mobile = String(form.values.mobile ?? "").trim();
    if (editing || !/^1\d{10}$/.test(mobile) || mobile === looked) return;
    setLooked(mobile);
    const r =
      branchId === undefined
        ? await api.call("GET /gateway/api/manage/users/mgr/view", { mobile })
        : await api.call("GET /gateway/api/manage/users/bmgr/view", { mobile, branchId });
    if (r.code === "200" && r.data) {
      toast.info(USER_MSG.existing);
      onFound(r.data.id);
    } else if (r.code !== "200") toast.error(r.desc || "读取数据出错");
  }

  const limitTo = me && !me.deptCodes.includes("") ? me.deptCodes : undefined;
  const dept = String(form.values.deptid ?? "").split(",")[0] ?? "";

  return (
    <EditForm onSubmit={save} mayWrite={mayWrite} busy={form.submitting} onClose={onClose} sticky>
      <div className="grid grid-cols-2 gap-x-4">
        <Field label="手机号码" required error={e.mobile} hint={editing ? "编辑时不能修改手机号" : "11位手机号，已注册的手机号将读取该用户"}>
          <TextInput {...form.field("mobile")} onBlur={() => void lookUp()} readOnly={editing} maxLength={20} inputMode="numeric" placeholder="11位手机号" />
        </Field>
        <Field label="姓名" required error={e.realname}>
          <TextInput {...form.field("realname")} maxLength={30} />
        </Field>
        <Field label="登入密码" required={!editing} error={e.password} hint={editing ? "不填写则不修改密码" : "8位或以上，须包含字母和数字"}>
          <TextInput {...form.field("password")} type="password" autoComplete="new-password" maxLength={64} />
        </Field>
        <Field label="用户名" error={e.username} hint="不填写则以手机号登录">
          <TextInput {...form.field("username")} maxLength={30} />
        </Field>
        <RadioField label="性别" {...form.field("sex")} options={SEX} />
        <RadioField label="状态" {...form.field("displayornot")} options={ENABLED} />
        <Field label="身份证号" error={e.idcard} hint="18位">
          <TextInput {...form.field("idcard")} maxLength={18} />
        </Field>
        <Field label="邮箱" error={e.email}>
          <TextInput {...form.field("email")} maxLength={100} />
        </Field>
      </div>
      <Field label="地址" error={e.address}>
        <TextInput {...form.field("address")} maxLength={200} />
      </Field>
      <Field label="部门" error={e.deptid} hint={limitTo ? "只能选择自己所在部门及以下" : "不选择则为总部"}>
        <OrgCascader value={dept} onChange={(code) => form.set("deptid", code)} limitTo={limitTo} allLabel={limitTo ? undefined : "总部"} label="部门" />
      </Field>
      <RoleChoice form={form} roles={roles} />
    </EditForm>
  );
}
