import { useState } from "react";
import { STAGES, type StageName } from "@xiangyu/core/finance/purchase/status";
import { useScreen } from "../../../lib/screen.tsx";
import { ListScreen } from "../../../ui/list/ListScreen.tsx";
import { Button } from "../../../ui/Button.tsx";
import type { Column } from "../../../ui/table/columns.ts";
import { yuanText } from "../../../ui/text/money.ts";
import { useStyleParams } from "../../../ui/useStyleParams.ts";
import { FinalPayDialog } from "../../workorders/FinalPayDialog.tsx";
import { ReviewPanel, finalPayCell } from "./ReviewPanel.tsx";
import { STAGE_ROUTES, type PurchaseRow } from "./reviewQueries.ts";

/**
 * One stage's review list (R260, R270–R272): the purchase records at that stage, newest first,
 * searched by client name, mobile or product. 去复核 (E) opens the shared review panel; an instalment
 * whose final payment is unpaid shows 未支付，去处理 in its final-payment column (R271), which opens the
 * work orders' 尾款处理 for that purchase (E on the review screen is the right the route checks).
 */
type Open = { kind: "review"; id: number } | { kind: "pay"; row: PurchaseRow } | null;

export function ReviewList({ stage }: { stage: StageName }) {
  const { rights } = useScreen();
  const [open, setOpen] = useState<Open>(null);
  const { data: payTypes = [] } = useStyleParams("payType");
  const payName = (v: string) => payTypes.find((o) => String(o.value) === v)?.label ?? v;

  const columns: Column<PurchaseRow>[] = [
    { id: "clientName", header: "客户姓名", nowrap: true },
    { id: "mobile", header: "手机号", nowrap: true },
    { id: "productName", header: "产品名称", width: 160 },
    { id: "amount", header: "产品金额", nowrap: true, align: "right", text: (p) => yuanText(p.amount) },
    { id: "payAmount", header: "应付金额", nowrap: true, align: "right", text: (p) => yuanText(p.payAmount) },
    { id: "isInstallment", header: "是否分期", nowrap: true, align: "center", text: (p) => (p.isInstallment === 1 ? "是" : "否") },
    { id: "firstPayAmount", header: "首付金额", nowrap: true, align: "right", text: (p) => yuanText(p.firstPayAmount) },
    { id: "firstPayTime", header: "首付时间", nowrap: true },
    { id: "payType", header: "支付方式", nowrap: true, text: (p) => payName(p.payType ?? "") },
    {
      id: "finalPayAmount",
      header: "尾款金额",
      nowrap: true,
      align: "right",
      text: finalPayCell,
      cell: (p) =>
        p.finalPayState === "unpaid" && rights.e ? (
          <Button size="sm" variant="link" className="text-red-700" aria-label={`未支付，去处理：${p.clientName}`} onClick={() => setOpen({ kind: "pay", row: p })}>
            未支付，去处理
          </Button>
        ) : (
          <span className={p.finalPayState === "none" ? "text-slate-500" : ""}>{finalPayCell(p)}</span>
        ),
    },
    { id: "finalPayTime", header: "尾款时间", nowrap: true },
    {
      id: "actions",
      header: "操作",
      hideable: false,
      exported: false,
      nowrap: true,
      cell: (p) =>
        rights.e && (
          <Button size="sm" variant="link" aria-label={`去复核：${p.clientName} ${p.productName}`} onClick={() => setOpen({ kind: "review", id: p.id })}>
            去复核
          </Button>
        ),
    },
  ];

  return (
    <ListScreen
      tableId={`reviews.${stage}`}
      route={STAGE_ROUTES[stage].list}
      columns={columns}
      keyword={{ placeholder: "客户姓名、手机号或产品名称" }}
      exportName={STAGES[stage].name}
    >
      {() =>
        open?.kind === "review" ? (
          <ReviewPanel stage={stage} id={open.id} onClose={() => setOpen(null)} />
        ) : (
          open?.kind === "pay" && <FinalPayDialog buy={open.row} onClose={() => setOpen(null)} />
        )
      }
    </ListScreen>
  );
}
