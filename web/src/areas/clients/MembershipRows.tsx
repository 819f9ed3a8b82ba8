import { yuanText } from "../../ui/text/money.ts";
import { useMemo, useState } from "react";
import { useScreen } from "../../lib/screen.tsx";
import { ListScreen } from "../../ui/list/ListScreen.tsx";
import { Button } from "../../ui/Button.tsx";
import type { Column } from "../../ui/table/columns.ts";
import type { MembershipRow } from "./clientQueries.ts";
import { countText, remainingOf, usedOf, WEEKDAY_NIGHTS, WEEKEND_NIGHTS, type CountLine } from "./membershipText.ts";
import { ValidityModal } from "./ValidityModal.tsx";

/**
 * The purchases of one product type (R299): product, unit, stored, used, remaining, expiry, money,
 * instalment and remark; 修改有效期 on each row with P (R284, R301). The shared list inside the
 * dialog: paging in memory (the route answers every purchase), read afresh each time it opens.
 */
type Props = { clientId: number; productTypeId: number };

export function MembershipRows({ clientId, productTypeId }: Props) {
  const { rights } = useScreen();
  const [editing, setEditing] = useState<MembershipRow | null>(null);

  const columns = useMemo<Column<MembershipRow>[]>(
    () => [
      { id: "productName", header: "产品", cell: (r) => <span className="inline-block min-w-28">{r.productName}</span> },
      { id: "shipUnit", header: "单位", nowrap: true },
      { id: "storeCount", header: "存入", align: "right", nowrap: true },
      { id: "used", header: "已用", text: (r) => countText(usedOf(r), r.shipUnit), cell: (r) => <CountCell line={usedOf(r)} unit={r.shipUnit} /> },
      { id: "remaining", header: "剩余", text: (r) => countText(remainingOf(r), r.shipUnit), cell: (r) => <CountCell line={remainingOf(r)} unit={r.shipUnit} /> },
      { id: "shipDuration", header: "有效期至", nowrap: true },
      { id: "amount", header: "金额", align: "right", nowrap: true, text: (r) => yuanText(r.amount) },
      { id: "payAmount", header: "实付", align: "right", nowrap: true, text: (r) => yuanText(r.payAmount) },
      { id: "isInstallment", header: "分期", align: "center", nowrap: true, text: (r) => (r.isInstallment === 1 ? "是" : "否") },
      { id: "firstPayAmount", header: "首付", align: "right", nowrap: true, text: (r) => yuanText(r.firstPayAmount) },
      { id: "finalPayAmount", header: "尾款", align: "right", nowrap: true, text: (r) => yuanText(r.finalPayAmount) },
      { id: "remark", header: "备注" },
      ...(rights.p
        ? [
            {
              id: "actions",
              header: "操作",
              nowrap: true,
              hideable: false,
              exported: false,
              cell: (r: MembershipRow) => (
                <Button size="sm" variant="link" onClick={() => setEditing(r)} aria-label={`修改有效期：${r.productName}`}>
                  修改有效期
                </Button>
              ),
            },
          ]
        : []),
    ],
    [rights.p],
  );

  return (
    <ListScreen
      local
      paged={false}
      fresh
      route="GET /xiangyu/api/client/membershiplist"
      params={{ id: clientId, productTypeId }}
      tableId="client-membership-rows"
      columns={columns}
      maxHeight="28rem"
    >
      {() => editing && <ValidityModal row={editing} onClose={() => setEditing(null)} />}
    </ListScreen>
  );
}

/** Whole weeks, and under them the loose weekday / weekend nights. */
function CountCell({ line, unit }: { line: CountLine; unit: string }) {
  return (
    <div>
      <div className="whitespace-nowrap">
        {line.whole}
        {unit || "周"}
      </div>
      <div className="flex flex-wrap gap-x-2 text-xs whitespace-nowrap text-slate-500">
        <span>
          {WEEKDAY_NIGHTS} {line.weekday}
        </span>
        <span>
          {WEEKEND_NIGHTS} {line.weekend}
        </span>
      </div>
    </div>
  );
}
