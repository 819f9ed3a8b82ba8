import { useEffect, useRef, type FormEvent, type ReactNode } from "react";
import { FOLLOWUP_STATUS, FollowupInput, HandleInput, ProxyCancelInput } from "@xiangyu/core/orders/schemas";
import { CTRL } from "@xiangyu/core/orders/status";
import { succeeded } from "../../lib/routeQuery.ts";
import { Button } from "../../ui/Button.tsx";
import { Field } from "../../ui/form/Field.tsx";
import { RadioGroup, TextArea, type Option } from "../../ui/form/inputs.tsx";
import { useSchemaForm } from "../../ui/form/useSchemaForm.ts";
import { useHandleOrder, useProxyCancel, useSaveFollowup } from "./orderQueries.ts";

/**
 * The handling forms of the detail panel, each on the server's own schema so a rule and its message
 * exist once: review and refund handling (the handle call with currentCtrl 1 / 2 and the outcome,
 * R137–R142), proxy cancellation (a reason, R145) and the phone follow-up (R143, R153).
 * Success says 办理成功 (or the server's text), failure the server's text or 办理出错 (R155).
 */
type Done = { orderId: number; onDone: () => void; onCancel: () => void };

function FormShell({ title, onSubmit, onCancel, busy, children }: { title: string; onSubmit: (e: FormEvent) => void; onCancel: () => void; busy: boolean; children: ReactNode }) {
  const ref = useRef<HTMLFormElement>(null);
  // Opened from the footer of a long panel: bring it into sight. (A block body: Chromium's
  // scrollIntoView may return a promise, which React would take for the effect's cleanup.)
  useEffect(() => {
    ref.current?.scrollIntoView?.({ block: "nearest" });
  }, []);
  return (
    <form ref={ref} aria-label={title} onSubmit={onSubmit} noValidate className="rounded border border-blue-100 bg-blue-50/40 px-2 py-2">
      <h3 className="mb-1 text-sm font-medium text-slate-700">{title}</h3>
      {children}
      <div className="flex justify-end gap-2 pt-1">
        <Button size="sm" onClick={onCancel}>
          取消
        </Button>
        <Button size="sm" type="submit" variant="primary" busy={busy}>
          提交
        </Button>
      </div>
    </form>
  );
}

/** Review (ctrl 1) or refund handling (ctrl 2): the outcomes offered to the caller (reject absent for a proxy cancellation, R139). */
export function OutcomeForm({ orderId, ctrl, outcomes, onDone, onCancel }: Done & { ctrl: typeof CTRL.review | typeof CTRL.refund; outcomes: Option[] }) {
  const handle = useHandleOrder();
  const form = useSchemaForm(HandleInput, { orderId, currentCtrl: ctrl, status: outcomes.length === 1 ? outcomes[0]!.value : "", handleResult: "" });
  const title = ctrl === CTRL.review ? "订单审核" : "退订处理";
  const submit = form.submit(async (v) => {
    if (await succeeded(handle.mutateAsync(v))) onDone();
  });
  return (
    <FormShell title={title} onSubmit={submit} onCancel={onCancel} busy={form.submitting}>
      <Field label="办理结果" required error={form.errors.status}>
        <RadioGroup {...form.field("status")} options={outcomes} />
      </Field>
      <Field label="办理说明" error={form.errors.handleResult}>
        <TextArea {...form.field("handleResult")} maxLength={500} />
      </Field>
    </FormShell>
  );
}

export function ProxyCancelForm({ orderId, onDone, onCancel }: Done) {
  const cancel = useProxyCancel();
  const form = useSchemaForm(ProxyCancelInput, { orderId, refundReason: "" });
  const submit = form.submit(async (v) => {
    if (await succeeded(cancel.mutateAsync(v))) onDone();
  });
  return (
    <FormShell title="代客退订" onSubmit={submit} onCancel={onCancel} busy={form.submitting}>
      <Field label="退订原因" error={form.errors.refundReason} hint="提交后由退单处理人员办理退款">
        <TextArea {...form.field("refundReason")} maxLength={500} />
      </Field>
    </FormShell>
  );
}

const FOLLOWUP_OPTIONS: Option[] = Object.entries(FOLLOWUP_STATUS).map(([value, label]) => ({ value: Number(value), label }));

export function FollowupForm({ orderId, onDone, onCancel }: Done) {
  const followup = useSaveFollowup();
  const form = useSchemaForm(FollowupInput, { orderId, status: "", content: "" });
  const submit = form.submit(async (v) => {
    if (await succeeded(followup.mutateAsync(v))) onDone();
  });
  return (
    <FormShell title="电话回访" onSubmit={submit} onCancel={onCancel} busy={form.submitting}>
      <Field label="回访状态" required error={form.errors.status}>
        <RadioGroup {...form.field("status")} options={FOLLOWUP_OPTIONS} />
      </Field>
      <Field label="回访内容" error={form.errors.content}>
        <TextArea {...form.field("content")} maxLength={500} />
      </Field>
    </FormShell>
  );
}
