import type { ReactNode } from "react";
import { ReviewInput } from "@xiangyu/core/finance/purchase/schemas";
import { FINAL_PAY_TEXT, IS_PASSED, REVIEW_MSG } from "@xiangyu/core/finance/purchase/rules";
import type { StageName } from "@xiangyu/core/finance/purchase/status";
import { Modal } from "../../../ui/dialogs/Modal.tsx";
import { Button } from "../../../ui/Button.tsx";
import { Field } from "../../../ui/form/Field.tsx";
import { RadioField } from "../../../ui/form/RadioField.tsx";
import { TextArea } from "../../../ui/form/inputs.tsx";
import { useSchemaForm } from "../../../ui/form/useSchemaForm.ts";
import { confirm } from "../../../ui/dialogs/Confirm.tsx";
import { yuanText } from "../../../ui/text/money.ts";
import { useStyleParams } from "../../../ui/useStyleParams.ts";
import { succeeded } from "../../../lib/routeQuery.ts";
import { toast } from "../../../lib/toast.ts";
import { usePurchaseDetail, useReview, type PurchaseDetail } from "./reviewQueries.ts";

/**
 * The one review panel of the three stages (R263–R266, R272), titled 购买复核: the purchase read
 * fresh (another reviewer may have moved it), the result (1 通过 / 2 不通过 with a reason) checked by
 * the route's own schema, and a confirmation before it is sent. An unpaid instalment cannot pass
 * (R266): the choice says so at once, as the server would.
 */
const RESULTS = [
  { value: IS_PASSED.pass, label: "通过" },
  { value: IS_PASSED.fail, label: "不通过" },
];

export function finalPayCell(p: Pick<PurchaseDetail, "finalPayState" | "finalPayAmount">): string {
  return p.finalPayState === "paid" ? yuanText(p.finalPayAmount) : FINAL_PAY_TEXT[p.finalPayState];
}

function Info({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex gap-2 py-1 text-sm">
      <dt className="w-20 shrink-0 text-right text-slate-500">{label}</dt>
      <dd className="min-w-0 text-slate-800">{children}</dd>
    </div>
  );
}

export function ReviewPanel({ stage, id, onClose }: { stage: StageName; id: number; onClose: () => void }) {
  const { data: p, isLoading } = usePurchaseDetail(id);
  const review = useReview(stage);
  const { data: payTypes = [] } = useStyleParams("payType");
  const form = useSchemaForm(ReviewInput, { id, isPassed: "", notPassReason: "" }, { hidden: ["id"] });
  const failing = Number(form.values.isPassed) === IS_PASSED.fail;
  const passingUnpaid = Number(form.values.isPassed) === IS_PASSED.pass && p?.finalPayState === "unpaid";

  const submit = form.submit(async (input) => {
    if (passingUnpaid) return toast.error(REVIEW_MSG.unpaid);
    const ok = await confirm({
      title: "确认复核结果",
      message: input.isPassed === IS_PASSED.pass ? `确定复核通过「${p?.clientName ?? ""} ${p?.productName ?? ""}」吗？` : "确定复核不通过吗？不通过后需重新提交工单。",
      danger: input.isPassed === IS_PASSED.fail,
    });
    if (ok && (await succeeded(review.mutateAsync(input)))) onClose();
  });

  return (
    <Modal
      open
      title="购买复核"
      width={800}
      onClose={onClose}
      footer={
        <>
          <Button onClick={onClose}>取消</Button>
          <Button variant="primary" busy={form.submitting} disabled={!p} onClick={() => submit()}>
            确定
          </Button>
        </>
      }
    >
      {isLoading || !p ? (
        <p className="py-6 text-center text-sm text-slate-500">{isLoading ? "读取中…" : REVIEW_MSG.notFound}</p>
      ) : (
        <form onSubmit={submit} noValidate>
          <dl className="mb-3 grid grid-cols-2 gap-x-6 rounded border border-slate-200 bg-slate-50 p-3">
            <Info label="客户姓名">{p.clientName}</Info>
            <Info label="手机号">{p.mobile}</Info>
            <Info label="产品名称">{p.productName}</Info>
            <Info label="购买数量">
              {p.proCount} {p.productUnit || "周"} · {p.duration} 年
            </Info>
            <Info label="产品金额">{yuanText(p.amount)}</Info>
            <Info label="应付金额">{yuanText(p.payAmount)}</Info>
            <Info label="支付方式">{payTypes.find((o) => String(o.value) === p.payType)?.label ?? p.payType}</Info>
            <Info label="是否分期">{p.isInstallment === 1 ? "是" : "否"}</Info>
            <Info label="首付金额">{yuanText(p.firstPayAmount)}</Info>
            <Info label="首付时间">{p.firstPayTime}</Info>
            <Info label="尾款金额">
              <span className={p.finalPayState === "unpaid" ? "font-medium text-red-700" : ""}>{finalPayCell(p)}</span>
            </Info>
            <Info label="尾款时间">{p.finalPayTime}</Info>
            <Info label="当前状态">{p.statusText}</Info>
            <Info label="销售员">{p.saleUser}</Info>
            {p.cashier && <Info label="收银复核">{`${p.cashier} ${p.cashierTime}`}</Info>}
            {p.financeStaff && <Info label="财务复核">{`${p.financeStaff} ${p.financeTime}`}</Info>}
            {p.remark && <Info label="备注">{p.remark}</Info>}
          </dl>
          <RadioField label="复核结果" required options={RESULTS} {...form.field("isPassed")} error={form.errors.isPassed ?? (passingUnpaid ? REVIEW_MSG.unpaid : undefined)} />
          {failing && (
            <Field label="不通过原因" required error={form.errors.notPassReason}>
              <TextArea {...form.field("notPassReason")} maxLength={200} placeholder="请填写不通过原因" />
            </Field>
          )}
        </form>
      )}
    </Modal>
  );
}
