import { toast } from "../../lib/toast.ts";
import { Button } from "../../ui/Button.tsx";

/**
 * A review or a refund request being decided: the result (required to refuse a review), then
 * refuse (status 2) or pass (status 1) through `onSend`.
 */
export function OrderDecision({
  deciding,
  result,
  onResult,
  onCancel,
  onSend,
}: {
  deciding: "review" | "refund";
  result: string;
  onResult: (text: string) => void;
  onCancel: () => void;
  onSend: (currentCtrl: number, status: number) => void;
}) {
  return (
    <div className="mt-3 space-y-2 rounded bg-slate-50 p-3 text-sm">
      <p className="font-medium">{deciding === "review" ? "审核订单" : "处理退款申请"}</p>
      <textarea
        aria-label="处理结果"
        className="w-full rounded border border-slate-300 p-2"
        rows={3}
        maxLength={500}
        placeholder={deciding === "review" ? "审核不通过时必须填写处理结果" : "处理结果"}
        value={result}
        onChange={(e) => onResult(e.target.value)}
      />
      <div className="flex justify-end gap-2">
        <Button onClick={onCancel}>取消</Button>
        <Button
          variant="danger"
          onClick={() => {
            if (deciding === "review" && !result.trim()) return void toast.error("请填写处理结果");
            onSend(deciding === "review" ? 1 : 2, 2);
          }}
        >
          {deciding === "review" ? "不通过" : "拒绝退款"}
        </Button>
        <Button variant="primary" onClick={() => onSend(deciding === "review" ? 1 : 2, 1)}>
          {deciding === "review" ? "通过" : "同意退款"}
        </Button>
      </div>
    </div>
  );
}
