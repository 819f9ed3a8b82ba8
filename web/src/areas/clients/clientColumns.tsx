import type { Column } from "../../ui/table/columns.ts";
import { Button } from "../../ui/Button.tsx";
import type { Rights } from "../../lib/screen.tsx";
import type { Client } from "./clientQueries.ts";
import { displayAge } from "./clientValues.ts";
import type { ClientNames } from "./lookups.ts";

/**
 * The client list's columns (R278–R282, R306): the name opens the read-only view; the row offers
 * edit (E), delete (D), call-invitation records (R), in-use products and the membership viewer.
 */
export type RowAction = "view" | "edit" | "delete" | "invites" | "products" | "membership";

export function clientColumns(names: ClientNames, rights: Rights, act: (action: RowAction, c: Client) => void): Column<Client>[] {
  const link = (action: RowAction, label: string, c: Client, danger = false) => (
    <Button size="sm" variant="link" className={danger ? "text-red-600!" : ""} onClick={() => act(action, c)}>
      {label}
    </Button>
  );
  return [
    {
      id: "clientName",
      header: "姓名",
      nowrap: true,
      cell: (c) => (
        <button type="button" className="text-blue-600 hover:underline" onClick={() => act("view", c)}>
          {c.clientName}
        </button>
      ),
      text: (c) => c.clientName,
    },
    { id: "sex", header: "性别", nowrap: true, align: "center" },
    { id: "age", header: "年龄", nowrap: true, align: "right", text: (c) => displayAge(c.age, c.createTime) },
    { id: "mobile", header: "手机号码", nowrap: true },
    { id: "shopName", header: "所属门店", nowrap: true },
    { id: "status", header: "状态", nowrap: true, text: (c) => names.status(c.status) },
    { id: "memberLevel", header: "会员等级", nowrap: true, text: (c) => (c.status === 1 ? "" : names.level(c.memberLevel)) },
    { id: "clientSource", header: "渠道来源", nowrap: true, text: (c) => names.channel(c.clientSource) },
    { id: "marketer", header: "销售员", nowrap: true },
    { id: "workOrderStatusName", header: "电邀状态", nowrap: true },
    {
      id: "createTime",
      header: "登记时间",
      // Clients are listed by id, issued in registration order.
      sortable: true,
      sortKey: "id",
      // Date over time: the row stays narrow enough for the actions.
      cell: (c) => (
        <span className="whitespace-nowrap">
          {c.createTime.slice(0, 10)}
          <br />
          <span className="text-xs text-slate-500">{c.createTime.slice(11)}</span>
        </span>
      ),
      text: (c) => c.createTime,
    },
    {
      id: "actions",
      header: "操作",
      hideable: false,
      exported: false,
      // Two short lines rather than a table wider than the screen.
      cell: (c) => (
        <div className="flex w-36 flex-wrap gap-x-1">
          {rights.e && link("edit", "编辑", c)}
          {rights.d && link("delete", "删除", c, true)}
          {rights.r && link("invites", "电邀记录", c)}
          {link("products", "在用产品", c)}
          {link("membership", "会员信息", c)}
        </div>
      ),
    },
  ];
}
