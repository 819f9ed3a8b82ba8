import { useMemo } from "react";
import { useQuery } from "@tanstack/react-query";
import { useApi } from "../../lib/screen.tsx";
import { ListScreen } from "../../ui/list/ListScreen.tsx";
import { failureText } from "../../ui/feedback/failure.ts";
import type { Column } from "../../ui/table/columns.ts";
import type { RowOf, DataOf } from "../../lib/contract.ts";
import { TICKET_TYPE } from "@xiangyu/core/vouchers/ledger/plan";
import { dayOf, priceTypeName, scopeName } from "../vouchers/voucherTexts.ts";
import { Collapsible } from "./Collapsible.tsx";
import { CLIENT_VOUCHERS as ROUTE, clientQueries } from "./clientQueries.ts";

/**
 * 房券: the client's room vouchers beside its stored weeks (beyond the spec, issue 15), so the
 * viewer shows every balance a client holds. Per kind the usable count (reviewed, unexpired, left),
 * with issued, used, pending review and expired beneath; then every batch with where it came from.
 * Both from one read of the voucher ledger (GET /xiangyu/api/client/vouchers).
 */
type Batch = RowOf<typeof ROUTE>;
type Total = DataOf<typeof ROUTE>["totals"][number];
const NO_VOUCHERS = "暂无房券";

const SOURCES: Record<string, string> = { purchase: "房券购买单", gift: "赠送房券", exchange: "房券兑换单", seed: "初始数据" };
/** 平日免费券, 周末半价券 …; an experience voucher is one kind (R199). */
const kindName = (k: Pick<Total, "ticketType" | "priceType" | "useScope">) =>
  k.ticketType === TICKET_TYPE.experience ? "体验券" : `${scopeName(k.useScope)}${priceTypeName(k.priceType)}`;
const sourceText = (b: Batch) => (b.source ? `${SOURCES[b.source] ?? b.source}${b.sourceId ? ` #${b.sourceId}` : ""}` : "—");
const stateText = (b: Batch) => (b.status !== 1 ? "待审核" : b.revokedCount > 0 ? `已撤销${b.revokedCount}张` : "已审核");

export function VoucherBalances({ clientId }: { clientId: number }) {
  const api = useApi();
  const q = useQuery({ ...clientQueries.vouchers(api, clientId), gcTime: 0 });
  const columns = useMemo<Column<Batch>[]>(
    () => [
      { id: "batchNo", header: "批次号", nowrap: true },
      { id: "kind", header: "房券类型", nowrap: true, text: kindName },
      { id: "hotels", header: "适用酒店", text: (b) => (b.bindingHotelNames.length ? b.bindingHotelNames.join("、") : "通用") },
      { id: "ticketCount", header: "发放", align: "right", nowrap: true },
      { id: "usedCount", header: "已用", align: "right", nowrap: true },
      { id: "remainingCount", header: "剩余", align: "right", nowrap: true },
      { id: "ticketDuration", header: "有效期至", nowrap: true, text: (b) => `${dayOf(b.ticketDuration)}${b.expired ? "（已过期）" : ""}` },
      { id: "source", header: "来源", nowrap: true, text: sourceText },
      { id: "status", header: "状态", nowrap: true, text: stateText },
      { id: "createTime", header: "发放时间", nowrap: true },
    ],
    [],
  );
  const summary = q.data?.data;
  return (
    <Collapsible title="房券">
      {q.isError ? (
        <p role="alert" className="py-4 text-center text-sm text-red-600">
          {failureText(q.error, "list")}
        </p>
      ) : (
        summary &&
        summary.totals.length > 0 && (
          <div className="mb-3 grid grid-cols-4 gap-3" role="group" aria-label="房券余额">
            {summary.totals.map((t) => (
              <KindTile key={`${t.ticketType}-${t.priceType}-${t.useScope}`} total={t} />
            ))}
          </div>
        )
      )}
      {summary?.capped && <p className="mb-2 text-xs text-amber-700">只显示最近的 {summary.cap} 批房券，合计也只含这些批次。</p>}
      <ListScreen local paged={false} fresh route={ROUTE} params={{ clientId }} tableId="client-voucher-batches" columns={columns} maxHeight="20rem" emptyText={NO_VOUCHERS} />
    </Collapsible>
  );
}

function KindTile({ total: t }: { total: Total }) {
  const name = kindName(t);
  return (
    <dl className="rounded border border-slate-200 px-3 py-2" aria-label={name}>
      <dt className="text-xs text-slate-500">{name} · 可用</dt>
      <dd className="text-xl font-semibold text-blue-700 tabular-nums" aria-label={`${name}可用`}>
        {t.remaining}张
      </dd>
      <dd className="mt-0.5 flex flex-wrap gap-x-3 text-xs text-slate-500">
        <span>已发 {t.issued}</span>
        <span>已用 {t.used}</span>
        {t.pending > 0 && <span>待审核 {t.pending}</span>}
        {t.expired > 0 && <span className="text-amber-700">已过期 {t.expired}</span>}
      </dd>
    </dl>
  );
}
