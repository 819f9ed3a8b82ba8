import { useState } from "react";
import { GiftWeekInput } from "@xiangyu/core/weeks/schemas";
import { MSG } from "@xiangyu/core/weeks/rules";
import { today } from "@xiangyu/core/kernel/clock";
import { Modal } from "../../ui/dialogs/Modal.tsx";
import { Wizard } from "../../ui/feedback/Steps.tsx";
import { Field } from "../../ui/form/Field.tsx";
import { NumberInput, TextArea } from "../../ui/form/inputs.tsx";
import { DateInput } from "../../ui/pickers/DatePicker.tsx";
import { ClientFinder, type FoundClient } from "../../ui/pickers/ClientFinder.tsx";
import { succeeded } from "../../lib/routeQuery.ts";
import { StoredWeeks } from "./StoredWeeks.tsx";
import { stepErrors } from "./formErrors.ts";
import { useSaveGift } from "./weeksQueries.ts";
import { GiftWeekSummary } from "./GiftWeekSummary.tsx";

/**
 * 赠送周次, three steps (R215): find the client (with the weeks they hold), fill the weeks (count,
 * expiry, remark; R216–R219 from the route's schema), confirm and submit. The gift then waits for
 * review; only a passed review adds the weeks.
 */
export type GiftDraft = { client: FoundClient | null; giftCount: string; giftDuration: string; remark: string };
const FIELD_OF: Record<string, string> = { client: "clientId" };
const EMPTY: GiftDraft = { client: null, giftCount: "", giftDuration: "", remark: "" };

export function GiftWeekWizard({ onClose }: { onClose: () => void }) {
  const [d, setD] = useState<GiftDraft>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const save = useSaveGift();
  const values = () => ({ clientId: d.client?.id ?? "", giftCount: d.giftCount, giftDuration: d.giftDuration, remark: d.remark });
  // A field's message goes as soon as the field changes (the next problem is said at 下一步).
  const patch = (p: Partial<GiftDraft>) => {
    setD((x) => ({ ...x, ...p }));
    setErrors((e) => {
      const next = { ...e };
      for (const k of Object.keys(p)) delete next[FIELD_OF[k] ?? k];
      return next;
    });
  };

  function check(fields: string[]) {
    const e = stepErrors(GiftWeekInput, values(), fields);
    if (fields.includes("giftDuration") && !e.giftDuration && d.giftDuration < today()) e.giftDuration = MSG.pastExpiry;
    setErrors(e);
    return Object.keys(e).length === 0;
  }

  async function submit() {
    setBusy(true);
    try {
      if (await succeeded(save.mutateAsync(values()))) onClose();
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal open title="赠送周次" width={800} onClose={onClose}>
      <Wizard
        busy={busy}
        finishText="确认赠送"
        onFinish={submit}
        steps={[
          {
            title: "选择客户",
            validate: () => check(["clientId"]),
            content: (
              <div className="mx-auto flex max-w-xl flex-col gap-3">
                <Field label="客户" required error={errors.clientId}>
                  <ClientFinder value={d.client} onChange={(client) => patch({ client })} />
                </Field>
                {d.client && <StoredWeeks clientId={d.client.id} />}
              </div>
            ),
          },
          {
            title: "填写周次",
            validate: () => check(["giftCount", "giftDuration", "remark"]),
            content: (
              <div className="mx-auto flex max-w-xl flex-col">
                <Field label="赠送数量" required error={errors.giftCount} hint="单位：周">
                  <NumberInput className="w-40" min={1} value={d.giftCount} onChange={(giftCount) => patch({ giftCount })} />
                </Field>
                <Field label="有效期限" required error={errors.giftDuration} hint="到期日 23:59:59 失效">
                  <DateInput aria-label="有效期限" min={today()} value={d.giftDuration} onChange={(giftDuration: unknown) => patch({ giftDuration: String(giftDuration ?? "") })} />
                </Field>
                <Field label="备注" error={errors.remark}>
                  <TextArea value={d.remark} onChange={(remark) => patch({ remark })} />
                </Field>
              </div>
            ),
          },
          {
            title: "确认提交",
            content: <GiftWeekSummary d={d} />,
          },
        ]}
      />
    </Modal>
  );
}
