import { failureText } from "../../ui/feedback/failure.ts";
import { useMembershipInfo } from "./weeksQueries.ts";

/**
 * The client's stored weeks as the wizards show them, read live from membershipinfo (R234): per
 * product type the whole weeks left, loose nights, weeks stored and weeks at the exchange service.
 */
export function StoredWeeks({ clientId }: { clientId: number }) {
  const info = useMembershipInfo(clientId);
  if (info.isPending) return <p className="text-sm text-slate-400">正在读取客户存储周次…</p>;
  if (info.isError) return <p className="text-sm text-red-600">{failureText(info.error, "view")}</p>;
  if (info.data.length === 0) return <p className="text-sm text-slate-500">该客户暂无存储周次</p>;
  return (
    <table aria-label="客户存储周次" className="w-full text-sm">
      <thead>
        <tr className="border-b border-slate-200 text-left text-slate-500">
          <th className="py-1 font-normal">产品类型</th>
          <th className="py-1 text-right font-normal">存储总数</th>
          <th className="py-1 text-right font-normal">剩余整周</th>
          <th className="py-1 text-right font-normal">平日散夜</th>
          <th className="py-1 text-right font-normal">周末散夜</th>
          <th className="py-1 text-right font-normal">交换服务周次</th>
        </tr>
      </thead>
      <tbody>
        {info.data.map((r) => (
          <tr key={r.productTypeId} className="border-b border-slate-100">
            <td className="py-1">{r.productTypeName}</td>
            <td className="py-1 text-right">{r.storeCount}</td>
            <td className="py-1 text-right font-medium">{r.remainingCount}</td>
            <td className="py-1 text-right">{r.remainingFirstHaltCount}</td>
            <td className="py-1 text-right">{r.remainingSecondHaltCount}</td>
            <td className="py-1 text-right">{r.rciStoreCount}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
