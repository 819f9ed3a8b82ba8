import type { ReactNode } from "react";
import { Modal, type ModalWidth } from "../../ui/dialogs/Modal.tsx";

/** The frame of a platform configuration dialog: reading the record first when editing, then its editor. */
type Props<T> = {
  title: string;
  width?: ModalWidth;
  editing: boolean;
  read: { isPending: boolean; isError: boolean; error: Error | null; data?: T };
  onClose: () => void;
  children: (record?: T) => ReactNode;
};

export function ConfigDialog<T>({ title, width = 800, editing, read, onClose, children }: Props<T>) {
  return (
    <Modal open width={width} title={title} onClose={onClose}>
      {editing && read.isError ? (
        <p className="text-sm text-red-600">{read.error?.message}</p>
      ) : editing && read.isPending ? (
        <p className="py-10 text-center text-sm text-slate-400">正在读取数据…</p>
      ) : (
        children(editing ? read.data : undefined)
      )}
    </Modal>
  );
}
