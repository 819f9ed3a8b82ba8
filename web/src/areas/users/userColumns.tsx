import type { Column } from "../../ui/columns.ts";
import { Avatar } from "./Avatar.tsx";

/** What every user list shows of a person: staff, merchant and mini-program users alike. */
type Person = { id: number; realname?: string; picture?: string; mobile?: string; sex?: string; displayornot?: number };

export const enabledText = (n: number | undefined) => (n === 0 ? "禁用" : "启用");

/** The columns the three user lists share, written once (UserList, BranchUserList, MobileUserList). */
const SHARED = {
  id: { id: "id", header: "ID", nowrap: true, align: "right" },
  realname: { id: "realname", header: "姓名", nowrap: true, cell: (u) => <Avatar name={u.realname ?? ""} picture={u.picture} />, text: (u) => u.realname ?? "" },
  mobile: { id: "mobile", header: "手机号码", nowrap: true },
  sex: { id: "sex", header: "性别", nowrap: true, align: "center" },
  address: { id: "address", header: "地址" },
  status: { id: "displayornot", header: "状态", nowrap: true, align: "center", text: (u) => enabledText(u.displayornot) },
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
