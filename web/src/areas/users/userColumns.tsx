import type { Column } from "../../ui/table/columns.ts";
import { Button } from "../../ui/Button.tsx";
import { confirm } from "../../ui/dialogs/Confirm.tsx";
import { succeeded } from "../../lib/routeQuery.ts";
import { RowActions } from "../../ui/list/RowActions.tsx";
import { Avatar } from "./Avatar.tsx";
import { useResetTwoFactor } from "./userQueries.ts";

/** What every user list shows of a person: staff, merchant and mini-program users alike. */
type Person = { id: number; realname?: string; picture?: string; mobile?: string; sex?: string; displayornot?: number; twoFactor?: number };

export const enabledText = (n: number | undefined) => (n === 0 ? "禁用" : "启用");

/** The columns the three user lists share, written once (UserList, BranchUserList, MobileUserList). */
const SHARED = {
  id: { id: "id", header: "ID", nowrap: true, align: "right" },
  realname: { id: "realname", header: "姓名", nowrap: true, cell: (u) => <Avatar name={u.realname ?? ""} picture={u.picture} />, text: (u) => u.realname ?? "" },
  mobile: { id: "mobile", header: "手机号码", nowrap: true },
  sex: { id: "sex", header: "性别", nowrap: true, align: "center" },
  address: { id: "address", header: "地址" },
  status: { id: "displayornot", header: "状态", nowrap: true, align: "center", text: (u) => enabledText(u.displayornot) },
  twoFactor: { id: "twoFactor", header: "两步验证", nowrap: true, align: "center", text: (u) => (u.twoFactor === 1 ? "已开启" : "未开启") },
} satisfies Record<string, Column<Person>>;

/**
 * A user list's columns in display order: a shared column by name, or the list's own column.
 * `{ sortable: true }` beside a name would be a list's own choice, so a list that sorts passes the
 * column itself (`{ ...sharedColumn("id"), sortable: true }`).
 */
export function userColumns<T extends Person>(...cols: Array<keyof typeof SHARED | Column<T>>): Column<T>[] {
  return cols.map((c) => (typeof c === "string" ? (SHARED[c] as unknown as Column<T>) : c));
}

export const sharedColumn = <T extends Person>(name: keyof typeof SHARED): Column<T> => SHARED[name] as unknown as Column<T>;

/**
 * 重置两步验证 for a user who lost their authenticator (ours, docs/api.md users/totp/reset): the
 * staff and merchant lists' row action, shown with E to users who have it on.
 */
function ResetTwoFactorButton({ user }: { user: Person }) {
  const reset = useResetTwoFactor();
  if (user.twoFactor !== 1) return null;
  async function run() {
    const message = `确定重置用户「${user.realname}」的两步验证吗？其登录会立即失效，下次登录只需密码；角色要求两步验证时须重新绑定身份验证器。`;
    if (!(await confirm({ title: "重置两步验证", message, okText: "重置", danger: true }))) return;
    await succeeded(reset.mutateAsync({ id: user.id }));
  }
  return (
    <Button size="sm" variant="link" aria-label={`重置两步验证：${user.realname}`} onClick={() => void run()}>
      重置两步验证
    </Button>
  );
}

/** 操作 of the staff and merchant lists: edit, delete and, with E, 重置两步验证. */
export function staffActionsColumn<T extends Person>(o: { mayEdit: boolean; edit: (u: T) => void; remove: (u: T) => void }): Column<T> {
  return {
    id: "actions",
    header: "操作",
    hideable: false,
    exported: false,
    nowrap: true,
    cell: (u) => (
      <RowActions name={u.realname ?? ""} onEdit={() => o.edit(u)} onDelete={() => o.remove(u)}>
        {o.mayEdit && <ResetTwoFactorButton user={u} />}
      </RowActions>
    ),
  };
}
