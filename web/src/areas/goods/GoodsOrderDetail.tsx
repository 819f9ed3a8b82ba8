import { useEffect, useState } from "react";
import { ACTION_LETTER, actionsOf, deletable, type GoodsAction } from "@xiangyu/core/goods/rules";
import { useScreen } from "../../lib/screen.tsx";
import { confirm } from "../../ui/dialogs/Confirm.tsx";
import { confirmDelete } from "../../ui/list/actions.ts";
import { Button } from "../../ui/Button.tsx";
import { Modal } from "../../ui/dialogs/Modal.tsx";
import { useDeleteOrder, useHandleOrder, useOrderDetail } from "./goodsQueries.ts";
import { GoodsOrderFacts } from "./GoodsOrderFacts.tsx";
import { OrderDecision } from "./OrderDecision.tsx";

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

export function GoodsOrderDetail({ orderId, onClose }: { orderId: number; onClose: () => void }) {
  const { rights } = useScreen();
  const q = useOrderDetail(orderId);
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
          <GoodsOrderFacts d={d} />
          {deciding && (
            <OrderDecision deciding={deciding} result={result} onResult={setResult} onCancel={() => setDeciding(null)} onSend={(ctrl, status) => void send(ctrl, status)} />
          )}
        </>
      )}
    </Modal>
  );
}
