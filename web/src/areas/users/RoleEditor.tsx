import { useMemo, useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { DATA_SCOPES, DATA_SCOPE_NAMES } from "@xiangyu/core/users/rules";
import { RoleInput } from "@xiangyu/core/users/schemas";
import { useApi, useScreen } from "../../lib/screen.tsx";
import { Modal } from "../../ui/dialogs/Modal.tsx";
import { EditForm } from "../../ui/form/EditForm.tsx";
import { Field } from "../../ui/form/Field.tsx";
import { Select, TextInput } from "../../ui/form/inputs.tsx";
import { startValues } from "../../ui/form/startValues.ts";
import { useSchemaForm } from "../../ui/form/useSchemaForm.ts";
import type { Rights } from "./rightsGrid.ts";
import { RightsGrid } from "./RightsGrid.tsx";
import { useSaveRole, userQueries, type Role } from "./userQueries.ts";

/**
 * The role editor (ours, issue 13): name, data scope (全部 / 本分公司 / 本部门及以下 / 仅本部门 / 仅本人)
 * and a grid of the menu's screens × A E D P R S, with a whole-row and a whole-column toggle. The
 * grid lists the editor's own menu, so nobody is offered a right they do not hold; the server
 * checks it again (不能授予自己没有的权限).
 */
type Props = { role?: Role; onClose: () => void };

const TWO_FACTOR_OPTIONS = [
  { value: 0, label: "不要求" },
  { value: 1, label: "要求" },
];
const SCOPE_OPTIONS = DATA_SCOPES.map((s) => ({ value: s, label: DATA_SCOPE_NAMES[s] }));

export function RoleEditor({ role, onClose }: Props) {
  const api = useApi();
  const { rights: screenRights } = useScreen();
  const menu = useQuery({ ...userQueries.menu(api), select: (r) => r.dataList ?? [] });
  const form = useSchemaForm(RoleInput, startValues(role, { id: "", name: "", dataScope: "deptTree", twoFactor: 0, remark: "", branchId: 0, rights: "" }), {
    hidden: ["id", "rights"],
  });
  const [rights, setRights] = useState<Rights>(() => ({ ...(role?.rights ?? {}) }));
  const mayWrite = role ? screenRights.e && role.editable === 1 : screenRights.a;
  const post = useSaveRole({ onClose });
  const save = form.submit(() => post({ ...form.values, id: form.values.id || undefined, rights: JSON.stringify(rights) }));

  const folders = useMemo(
    () => (menu.data ?? []).map((f) => ({ name: f.typename, screens: (f.children ?? []).filter((c) => c.path) })).filter((f) => f.screens.length),
    [menu.data],
  );
  const all = useMemo(() => folders.flatMap((f) => f.screens.map((s) => s.id)), [folders]);
  const e = form.errors;

  return (
    <Modal open width={1200} title={role ? `${mayWrite ? "编辑" : "查看"}角色：${role.name}` : "新增角色"} onClose={onClose}>
      <EditForm onSubmit={save} mayWrite={mayWrite} busy={form.submitting} onClose={onClose} sticky>
        <div className="grid grid-cols-4 gap-x-4">
          <Field label="角色名称" required error={e.name}>
            <TextInput {...form.field("name")} maxLength={30} />
          </Field>
          <Field label="数据范围" required error={e.dataScope} hint="持有者能看到和操作的数据">
            <Select {...form.field("dataScope")} options={SCOPE_OPTIONS} placeholder={false} />
          </Field>
          <Field label="两步验证" error={e.twoFactor} hint="要求时，持有者登录须输入动态验证码">
            <Select {...form.field("twoFactor")} options={TWO_FACTOR_OPTIONS} placeholder={false} />
          </Field>
          <Field label="备注" error={e.remark}>
            <TextInput {...form.field("remark")} maxLength={200} />
          </Field>
        </div>
        <RightsGrid folders={folders} all={all} rights={rights} setRights={setRights} pending={menu.isPending} />
      </EditForm>
    </Modal>
  );
}
