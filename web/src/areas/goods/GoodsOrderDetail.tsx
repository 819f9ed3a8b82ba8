import { useEffect, useState, type ReactNode } from "react";
import { ACTION_LETTER, actionsOf, deletable, type GoodsAction } from "@xiangyu/core/goods/rules";
import { useScreen } from "../../lib/screen.tsx";
import { toast } from "../../lib/toast.ts";
import { confirm } from "../../ui/Confirm.tsx";
import { confirmDelete } from "../../ui/actions.ts";
import { Button } from "../../ui/Button.tsx";
import { Modal } from "../../ui/Modal.tsx";
import { useDeleteOrder, useHandleOrder, useOrderDetail } from "./goodsQueries.ts";
import { goodsTypeName, useOrderStatusName } from "./goodsTypes.ts";

/**
 * The goods order detail panel (500 wide): type, status, the line, amounts, times, payment and
 * refunds, with the actions its status allows (core goods/orderStatus.ts) and the caller's letters
 * allow (R428): review pass/fail with a result and complete (A), proxy cancel (P), refund handling
 * (E), delete in 4, 5, 7, 8, 9 (D). A reply without an order closes the panel (R429).
 */
const LABEL: Record<GoodsAction, string> = {
  reviewPass: "审核",
  reviewFail: "审核",
  complete: "完成",
  proxyCancel: "代客取消",
  refundApprove: "退款处理",
  refundReject: "退款处理",
  pay: "",
  cancel: "",
  expire: "",
  askRefund: "",
};
const CTRL: Partial<Record<GoodsAction, number>> = { reviewPass: 1, complete: 3, proxyCancel: 4, refundApprove: 2 };

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex gap-2 py-1 text-sm">
      <dt className="w-20 shrink-0 text-slate-500">{label}</dt>
      <dd className="min-w-0 break-all text-slate-800">{children || "—"}</dd>
    </div>
  );
}

export function GoodsOrderDetail({ orderId, onClose }: { orderId: number; onClose: () => void }) {
  const { rights } = useScreen();
  const q = useOrderDetail(orderId);
  const statusName = useOrderStatusName();
  const handle = useHandleOrder();
  const del = useDeleteOrder();
  const [deciding, setDeciding] = useState<null | "review" | "refund">(null);
  const [result, setResult] = useState("");
  const d = q.data?.id ? q.data : undefined;
  useEffect(() => {
    // R429: no order, no panel (a failed read was toasted already).
    if (q.isError || (q.isSuccess && !q.data?.id)) onClose();
  }, [q.isError, q.isSuccess, q.data, onClose]);

  const may = (a: GoodsAction) => {
    const l = ACTION_LETTER[a];
    return !!l && rights[l.toLowerCase() as "a" | "e" | "p"];
  };
  const send = async (currentCtrl: number, status = 0) => {
    try {
      await handle.mutateAsync({ orderId, currentCtrl, status, handleResult: result });
      setDeciding(null);
      setResult("");
    } catch {
      // toasted by unwrap
    }
  };
  const run = async (a: GoodsAction) => {
    if (a === "reviewPass") return setDeciding("review");
    if (a === "refundApprove") return setDeciding("refund");
    const question = a === "complete" ? "确定该订单已完成吗？" : "确定代客取消该订单吗？已支付的金额将原路退回。";
    if (await confirm({ title: LABEL[a], message: question })) await send(CTRL[a]!);
  };
  const remove = async () => {
    if (!(await confirmDelete("确定删除该订单吗？删除后不可恢复。"))) return;
    try {
      await del.mutateAsync({ orderId });
      onClose();
    } catch {
      // toasted
    }
  };

  const actions = d ? actionsOf(d.status).filter((a) => a in CTRL && may(a)) : [];
  // The dialog's own × closes it; the footer holds only the order's actions.
  const footer = d && (actions.length > 0 || (rights.d && deletable(d.status))) && (
    <>
      {actions.map((a) => (
        <Button key={a} variant={a === "proxyCancel" ? "danger" : "primary"} busy={handle.isPending} onClick={() => void run(a)}>
          {LABEL[a]}
        </Button>
      ))}
      {rights.d && deletable(d.status) && (
        <Button variant="danger" onClick={() => void remove()}>
          删除
        </Button>
      )}
    </>
  );

  return (
    <Modal open width={500} title="订单详情" onClose={onClose} footer={footer}>
      {!d ? (
        <p className="py-10 text-center text-sm text-slate-400">正在读取数据…</p>
      ) : (
        <>
          <dl>
            <Fact label="订单号">{d.orderNo}</Fact>
            <Fact label="订单类型">{goodsTypeName(d.goodsType)}</Fact>
            <Fact label="订单状态">
              <span className="font-medium">{statusName(d.status)}</span>
            </Fact>
          </dl>
          <div className="my-2 flex gap-3 rounded border border-slate-200 p-2">
            {d.goodsPicture ? <img src={d.goodsPicture} alt="" className="h-14 w-14 rounded object-cover" /> : null}
            <div className="min-w-0 flex-1 text-sm">
              <p className="font-medium text-slate-800">{d.goodsName}</p>
              <p className="text-slate-500">{d.specName}</p>
            </div>
            <div className="text-right text-sm">
              <p>¥{d.unitPrice.toFixed(2)}</p>
              <p className="text-slate-500">×{d.buyCount}</p>
            </div>
          </div>
          <dl>
            <Fact label="订单金额">¥{d.price.toFixed(2)}</Fact>
            <Fact label="会员">
              {d.realname} {d.mobile}
            </Fact>
            <Fact label="下单时间">{d.orderTime}</Fact>
            <Fact label="支付单号">{d.outTradeNo}</Fact>
            <Fact label="支付时间">{d.payTime}</Fact>
            <Fact label="备注">{d.remark}</Fact>
            {d.handleResult && <Fact label="处理结果">{d.handleResult}</Fact>}
            {d.handleTime && (
              <Fact label="处理">
                {d.handleUser} {d.handleTime}
              </Fact>
            )}
            {d.completeTime && <Fact label="完成时间">{d.completeTime}</Fact>}
            {d.cancelTime && <Fact label="取消时间">{d.cancelTime}</Fact>}
            {d.refundReason && <Fact label="退款原因">{d.refundReason}</Fact>}
            {d.refundDetail.map((r) => (
              <Fact key={r.id} label="退款">
                {r.id} ¥{(r.refundPrice / 100).toFixed(2)} {r.status === 1 ? `已退款 ${r.refundTime}` : r.status === 2 ? "退款失败" : "退款处理中"}
              </Fact>
            ))}
          </dl>
          {deciding && (
            <div className="mt-3 space-y-2 rounded bg-slate-50 p-3 text-sm">
              <p className="font-medium">{deciding === "review" ? "审核订单" : "处理退款申请"}</p>
              <textarea
                aria-label="处理结果"
                className="w-full rounded border border-slate-300 p-2"
                rows={3}
                maxLength={500}
                placeholder={deciding === "review" ? "审核不通过时必须填写处理结果" : "处理结果"}
                value={result}
                onChange={(e) => setResult(e.target.value)}
              />
              <div className="flex justify-end gap-2">
                <Button onClick={() => setDeciding(null)}>取消</Button>
                <Button
                  variant="danger"
                  onClick={() => {
                    if (deciding === "review" && !result.trim()) return void toast.error("请填写处理结果");
                    void send(deciding === "review" ? 1 : 2, 2);
                  }}
                >
                  {deciding === "review" ? "不通过" : "拒绝退款"}
                </Button>
                <Button variant="primary" onClick={() => void send(deciding === "review" ? 1 : 2, 1)}>
                  {deciding === "review" ? "通过" : "同意退款"}
                </Button>
              </div>
            </div>
          )}
        </>
      )}
    </Modal>
  );
}
