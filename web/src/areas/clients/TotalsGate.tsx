import type { ReactNode } from "react";
import type { UseQueryResult } from "@tanstack/react-query";
import { failureText } from "../../ui/feedback/failure.ts";
import type { MembershipSummary } from "./clientQueries.ts";

/** The membership totals' loading, error and empty states (R303); `children` draws the product types held. */
export const NO_MEMBERSHIP = "客户产品存储信息不存在";

export function TotalsGate({ totals, children }: { totals: UseQueryResult<MembershipSummary[]>; children: (list: MembershipSummary[]) => ReactNode }) {
  if (totals.isPending) return <p className="py-8 text-center text-sm text-slate-400">正在读取数据…</p>;
  if (totals.isError)
    return (
      <p role="alert" className="py-8 text-center text-sm text-red-600">
        {failureText(totals.error, "list")}
      </p>
    );
  if (totals.data.length === 0) return <p className="py-8 text-center text-sm text-slate-400">{NO_MEMBERSHIP}</p>;
  return <>{children(totals.data)}</>;
}
