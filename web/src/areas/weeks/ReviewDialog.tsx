import { useState } from "react";
import { CHOOSE_REVIEW } from "@xiangyu/core/weeks/schemas";
import { Modal } from "../../ui/dialogs/Modal.tsx";
import { Button } from "../../ui/Button.tsx";
import { Field } from "../../ui/form/Field.tsx";
import { RadioGroup, type Option } from "../../ui/form/inputs.tsx";

/**
 * A review: pick one result (R221: none picked says 请选择审核状态！) and confirm. Used for a gift's
 * review (1 通过 / 2 不通过, which deletes it) and a delay's review (1 通过 / 3 不通过).
 */
type Props = { title: string; summary: string; options: Option[]; onSubmit: (choice: number) => Promise<boolean>; onClose: () => void };

export function ReviewDialog({ title, summary, options, onSubmit, onClose }: Props) {
  const [choice, setChoice] = useState<number | null>(null);
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);

  async function submit() {
    if (choice === null) return setError(CHOOSE_REVIEW);
    setBusy(true);
    try {
      if (await onSubmit(choice)) onClose();
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal
      open
      title={title}
      width={500}
      onClose={onClose}
      footer={
        <>
          <Button onClick={onClose}>取消</Button>
          <Button variant="primary" busy={busy} onClick={submit}>
            确定
          </Button>
        </>
      }
    >
      <p className="mb-2 text-sm text-slate-600">{summary}</p>
      <Field label="审核结果" required error={error}>
        <RadioGroup
          name="review"
          value={choice ?? ""}
          options={options}
          onChange={(v) => {
            setChoice(Number(v));
            setError("");
          }}
        />
      </Field>
    </Modal>
  );
}
