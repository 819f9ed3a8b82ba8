import { useEffect, type ReactNode } from "react";
import { useQuery } from "@tanstack/react-query";
import { useApi } from "../lib/screen.tsx";
import { unwrap } from "../lib/query.ts";
import { Modal, type ModalWidth } from "./Modal.tsx";

/**
 * An edit dialog that first reads its record (GET `${base}/${view}?id=`, never kept in the cache: the
 * dialog edits what the server holds now) and hands it to its editor; a new record (no id) is not
 * read. Meanwhile, or while `waiting` for another lookup, it says 正在读取数据…. A record that cannot
 * be read shows its message in the dialog, or with `closeOnError` closes the dialog (unwrap has toasted it).
 */
type Props<T> = {
  base: string;
  view: string;
  id?: number;
  title: ReactNode;
  width?: ModalWidth;
  onClose: () => void;
  waiting?: boolean;
  closeOnError?: boolean;
  children: (record: T | undefined) => ReactNode;
};

export function RecordModal<T>({ base, view, id, title, width, onClose, waiting, closeOnError, children }: Props<T>) {
  const api = useApi();
  const record = useQuery({
    queryKey: [base, view, id],
    queryFn: async () => (await unwrap(api.get<T>(`${base}/${view}`, { id }), "view")).data!,
    enabled: id !== undefined,
    gcTime: 0,
  });
  useEffect(() => {
    if (closeOnError && record.isError) onClose();
  }, [closeOnError, record.isError, onClose]);

  const reading = (id !== undefined && record.isPending) || waiting || record.isError;
  return (
    <Modal open width={width} title={title} onClose={onClose}>
      {record.isError && !closeOnError ? (
        <p className="text-sm text-red-600">{record.error.message}</p>
      ) : reading ? (
        <p className="py-10 text-center text-sm text-slate-400">正在读取数据…</p>
      ) : (
        children(record.data)
      )}
    </Modal>
  );
}
