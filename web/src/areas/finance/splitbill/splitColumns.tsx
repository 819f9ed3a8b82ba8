import type { Rights } from "../../../lib/screen.tsx";
import { ConfirmSwitch } from "../../../ui/dialogs/ConfirmSwitch.tsx";
import type { Column } from "../../../ui/table/columns.ts";
import { money, type SplitRow } from "./splitQueries.ts";

/** The month's split rows: one per split object (an empty object is 其他, R250), with the split-done switch after a confirmation (R249). */
export function splitColumns(rights: Rights, onToggle: (r: SplitRow) => Promise<boolean>): Column<SplitRow>[] {
  return [
    { id: "splitbillObjectName", header: "分账对象", nowrap: true, text: (r) => r.splitbillObjectName || "其他" },
    { id: "discountPrice", header: "折扣酒店金额", nowrap: true, align: "right", text: (r) => money(r.discountPrice) },
    { id: "productOfflinePrice", header: "产品线下金额", nowrap: true, align: "right", text: (r) => money(r.productOfflinePrice) },
    { id: "productOnlinePrice", header: "产品线上金额", nowrap: true, align: "right", text: (r) => money(r.productOnlinePrice) },
    { id: "totalPrice", header: "合计", nowrap: true, align: "right", text: (r) => money(r.totalPrice) },
    { id: "proportion", header: "分账比例", nowrap: true, align: "right", text: (r) => `${r.proportion}%` },
    {
      id: "isSplitbill",
      header: "是否已分账",
      nowrap: true,
      align: "center",
      text: (r) => (r.isSplitbill ? "已分账" : "未分账"),
      cell: (r) => (
        <ConfirmSwitch
          value={r.isSplitbill}
          label={`分账状态：${r.splitbillObjectName || "其他"}`}
          allowed={rights.a || rights.e}
          denial="你没有修改权限"
          question={(on) => (on ? `确定将「${r.splitbillObjectName || "其他"}」标记为已分账吗？` : `确定将「${r.splitbillObjectName || "其他"}」改为未分账吗？`)}
          onChange={() => onToggle(r)}
        />
      ),
    },
  ];
}
