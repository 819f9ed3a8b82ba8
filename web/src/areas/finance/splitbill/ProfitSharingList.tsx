import { useScreen } from "../../../lib/screen.tsx";
import { succeeded } from "../../../lib/routeQuery.ts";
import { toast } from "../../../lib/toast.ts";
import { ListScreen } from "../../../ui/list/ListScreen.tsx";
import { Button } from "../../../ui/Button.tsx";
import { confirm } from "../../../ui/dialogs/Confirm.tsx";
import type { Column } from "../../../ui/table/columns.ts";
import { SHARING_LIST, useRebuildShare, type Share } from "./splitQueries.ts";

/**
 * /finance/profitsharing (支付分账订单, function 1904): the profit-sharing records, newest first,
 * searched by order number or AppId (R252); amounts in cents shown ÷ 100 (R259); status 0 待分账,
 * 1 分账成功, 2 分账中, 3 分账失败 (R253). 重新分账 shows on failed records to holders of A (R254),
 * asks first (R256); the result comes within minutes and the user refreshes by hand (R257).
 */
const STATUS: Record<number, [string, string]> = {
  0: ["待分账", "text-slate-600"],
  1: ["分账成功", "text-green-700"],
  2: ["分账中", "text-blue-700"],
  3: ["分账失败", "text-red-600"],
};
const ACCOUNT: Record<string, string> = { profitsharingAmount: "集团", agentAmount: "代理", channelAmount: "渠道" };
const yuan = (cents: number) => (cents / 100).toFixed(2);

const COLUMNS: Column<Share>[] = [
  { id: "orderId", header: "订单号", nowrap: true },
  { id: "orderName", header: "订单名称", width: 140 },
  { id: "appId", header: "AppId", nowrap: true },
  { id: "payAmount", header: "支付金额", nowrap: true, align: "right", text: (r) => r.payAmount.toFixed(2) },
  { id: "accountType", header: "分账方", nowrap: true, text: (r) => ACCOUNT[r.accountType] ?? r.accountType },
  { id: "accountName", header: "接收方名称", nowrap: true },
  { id: "account", header: "接收方账号", width: 150 },
  { id: "profitsharingAmount", header: "分账金额", nowrap: true, align: "right", text: (r) => yuan(r.profitsharingAmount) },
  { id: "createTime", header: "创建时间", width: 100, sortable: true, sortKey: "id" },
  {
    id: "status",
    header: "状态",
    nowrap: true,
    text: (r) => STATUS[r.status]?.[0] ?? String(r.status),
    cell: (r) => <span className={STATUS[r.status]?.[1]}>{STATUS[r.status]?.[0]}</span>,
  },
  { id: "failReason", header: "失败原因", width: 180 },
];

export default function ProfitSharingList() {
  const { rights } = useScreen();
  const rebuild = useRebuildShare();

  async function again(r: Share) {
    if (!rights.a) return toast.error("你没有启分账权限");
    if (
      !(await confirm({
        title: "重新分账确认",
        message: `确定对订单${r.orderId}的${ACCOUNT[r.accountType] ?? ""}分账（${yuan(r.profitsharingAmount)}元）重新发起分账吗？结果约在5分钟内返回，请稍后刷新查看。`,
        okText: "重新分账",
      }))
    )
      return;
    await succeeded(rebuild.mutateAsync({ id: r.id }));
  }

  const columns: Column<Share>[] = [
    ...COLUMNS,
    {
      id: "actions",
      header: "操作",
      hideable: false,
      exported: false,
      nowrap: true,
      cell: (r) =>
        r.status === 3 &&
        rights.a && (
          <Button size="sm" variant="link" aria-label={`重新分账：${r.orderId} ${ACCOUNT[r.accountType] ?? ""}`} onClick={() => void again(r)}>
            重新分账
          </Button>
        ),
    },
  ];

  return (
    <ListScreen
      tableId="profitSharing"
      route={SHARING_LIST}
      columns={columns}
      keyword={{ placeholder: "订单号或AppId" }}
      toolbar={({ refetch }) => (
        <Button size="sm" onClick={refetch}>
          刷新
        </Button>
      )}
    />
  );
}
