import { useState, type ReactNode } from "react";
import { CTRL, DETAIL_DELETABLE, type Move } from "@xiangyu/core/orders/status";
import { Button } from "../../ui/Button.tsx";
import { Modal } from "../../ui/dialogs/Modal.tsx";
import { useOrgName } from "../../ui/pickers/OrgCascader.tsx";
import { FollowupForm, OutcomeForm, ProxyCancelForm } from "./HandleForms.tsx";
import { OrderFacts } from "./OrderFacts.tsx";
import { statusName } from "./orderTypes.ts";
import type { OrderDetailData } from "./orderQueries.ts";
import { useOrderRead } from "./useOrderRead.ts";
import { useOrderMoves } from "./useOrderMoves.ts";

/**
 * The order detail panel (500 wide, R128–R136): the order's facts, its history, and the buttons of
 * the moves the server offers this caller in this status (`moves`: the state machine and the
 * caller's letters). A reply without an order id closes the panel with 无效的订单 (R130).
 */
type Form = "review" | "refund" | "proxyCancel" | "followup" | null;

type Props = {
  orderId: number;
  onClose: () => void;
  /** After a move (the lists and the order read again by themselves). */
  onChanged?: () => void;
  /** Opens a form at once (the list's 电话回访 link). */
  initialForm?: Form;
};

const has = (d: OrderDetailData, m: Move) => d.moves.some((x) => x.move === m);
const labelOf = (d: OrderDetailData, m: Move) => d.moves.find((x) => x.move === m)?.label ?? "";

export function OrderDetail({ orderId, onClose, onChanged, initialForm = null }: Props) {
  const shopName = useOrgName();
  const [form, setForm] = useState<Form>(initialForm);
  const d = useOrderRead(orderId, onClose);

  const done = () => {
    setForm(null);
    onChanged?.();
  };

  const { busy, complete, remove } = useOrderMoves(orderId, { done, onChanged, onClose });

  const buttons: ReactNode[] = [];
  if (d) {
    const pick = (f: Form, label: string) => (
      <Button key={f} size="sm" variant={form === f ? "primary" : "default"} onClick={() => setForm(form === f ? null : f)}>
        {label}
      </Button>
    );
    if (has(d, "approve") || has(d, "reject")) buttons.push(pick("review", "审核"));
    if (has(d, "refundApprove") || has(d, "refundReject")) buttons.push(pick("refund", "退订处理"));
    if (has(d, "proxyCancel")) buttons.push(pick("proxyCancel", labelOf(d, "proxyCancel")));
    if (has(d, "complete"))
      buttons.push(
        <Button key="complete" size="sm" onClick={() => void complete()} busy={busy}>
          {labelOf(d, "complete")}
        </Button>,
      );
    if (has(d, "followup")) buttons.push(pick("followup", labelOf(d, "followup")));
    // The panel deletes in 4, 5, 8, 9 only (R136); the list covers the others.
    if (has(d, "delete") && DETAIL_DELETABLE.includes(d.status))
      buttons.push(
        <Button key="delete" size="sm" variant="danger" onClick={() => void remove()} busy={busy}>
          {labelOf(d, "delete")}
        </Button>,
      );
  }

  const outcomes = (approve: Move, reject: Move) =>
    d ? [...(has(d, approve) ? [{ value: 1, label: labelOf(d, approve) }] : []), ...(has(d, reject) ? [{ value: 2, label: labelOf(d, reject) }] : [])] : [];
  const formProps = { orderId, onDone: done, onCancel: () => setForm(null) };

  // The buttons stay in the footer, in sight however long the order; a form opens at the top.
  return (
    <Modal
      open
      title={d ? `订单详情 ${d.id}` : "订单详情"}
      width={500}
      onClose={onClose}
      footer={
        buttons.length > 0 && (
          <div role="toolbar" aria-label="订单办理" className="flex flex-wrap justify-end gap-2">
            {buttons}
          </div>
        )
      }
    >
      {!d ? (
        <p className="py-8 text-center text-sm text-slate-400">正在读取数据…</p>
      ) : (
        <div className="flex flex-col gap-3 text-sm">
          <div className="flex items-center justify-between">
            <span className="text-slate-600">{d.checkinTypeName}</span>
            <span className="rounded bg-blue-50 px-2 py-0.5 text-blue-700" aria-label="订单状态">
              {statusName(d.status, d.statusName)}
            </span>
          </div>
          {form === "review" && outcomes("approve", "reject").length > 0 && <OutcomeForm key="review" ctrl={CTRL.review} outcomes={outcomes("approve", "reject")} {...formProps} />}
          {form === "refund" && outcomes("refundApprove", "refundReject").length > 0 && (
            <OutcomeForm key="refund" ctrl={CTRL.refund} outcomes={outcomes("refundApprove", "refundReject")} {...formProps} />
          )}
          {form === "proxyCancel" && has(d, "proxyCancel") && <ProxyCancelForm {...formProps} />}
          {form === "followup" && has(d, "followup") && <FollowupForm {...formProps} />}
          <OrderFacts d={d} shopName={shopName} />
        </div>
      )}
    </Modal>
  );
}
