import { useEffect, type ReactNode } from "react";
import { useQuery } from "@tanstack/react-query";
import { useApi } from "../../lib/screen.tsx";
import { routeQuery } from "../../lib/routeQuery.ts";
import type { DataOf, GetKey, InputFor } from "../../lib/contract.ts";
import { Modal, type ModalWidth } from "./Modal.tsx";

/**
 * An edit dialog that first reads its record (the view route with `?id=`, never kept in the cache:
 * the dialog edits what the server holds now) and hands it to its editor; a new record (no id) is not
 * read. Meanwhile, or while `waiting` for another lookup, it says 正在读取数据…. A record that cannot
 * be read shows its message in the dialog, or with `closeOnError` closes the dialog (unwrap has toasted it).
 */
type Props<K extends GetKey> = {
  /** The record's view route ("GET /xiangyu/api/hotel/hotelview"): its data is what the editor gets. */
  route: K;
  id?: number;
  title: ReactNode;
  width?: ModalWidth;
  onClose: () => void;
  waiting?: boolean;
  closeOnError?: boolean;
  children: (record: DataOf<K> | undefined) => ReactNode;
};

export function RecordModal<K extends GetKey>({ route, id, title, width, onClose, waiting, closeOnError, children }: Props<K>) {
  const api = useApi();
  const record = useQuery({ ...routeQuery(api, route, { id } as InputFor<K>), select: (r) => r.data, enabled: id !== undefined, gcTime: 0 });
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
