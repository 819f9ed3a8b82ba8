import { useState, type ReactNode } from "react";
import { Modal, type ModalWidth } from "./Modal.tsx";
import { Button } from "../Button.tsx";

/**
 * A small dialog that asks for a few values and sends them (尾款处理, 申请延期): 取消 and one primary
 * button whose busy state lasts as long as `onSubmit`'s promise, so a second click cannot send twice.
 * The caller checks its own fields inside `onSubmit` and closes the dialog when the send succeeded.
 */
type Props = { title: string; submitText: string; width?: ModalWidth; onSubmit: () => Promise<unknown>; onClose: () => void; children: ReactNode };

export function FormDialog({ title, submitText, width = 500, onSubmit, onClose, children }: Props) {
  const [busy, setBusy] = useState(false);
  async function submit() {
    if (busy) return;
    setBusy(true);
    try {
      await onSubmit();
    } finally {
      setBusy(false);
    }
  }
  return (
    <Modal
      open
      width={width}
      title={title}
      onClose={onClose}
      footer={
        <>
          <Button onClick={onClose}>取消</Button>
          <Button variant="primary" busy={busy} onClick={submit}>
            {submitText}
          </Button>
        </>
      }
    >
      {children}
    </Modal>
  );
}
