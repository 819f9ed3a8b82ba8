import type { ReactNode } from "react";
import { useScreen } from "../../lib/screen.tsx";
import { Button } from "../Button.tsx";

/**
 * The 操作 cell most list rows carry: 编辑 (查看 without the E right, or when the record is locked),
 * the row's own extra buttons, and 删除 with the D right, switched off with its reason when the
 * record cannot be deleted. Each button is named after the row ("编辑：name") for keyboards and tests.
 */
type Props = {
  name: string;
  onEdit: () => void;
  onDelete: () => void;
  /** Why this record cannot be deleted (the button stays visible, off, with this as its title). */
  deleteBlocked?: string;
  /** The record is only to be looked at (e.g. a bought order). */
  locked?: boolean;
  children?: ReactNode;
};

export function RowActions({ name, onEdit, onDelete, deleteBlocked, locked, children }: Props) {
  const { rights } = useScreen();
  const verb = rights.e && !locked ? "编辑" : "查看";
  return (
    <div className="flex gap-1">
      <Button size="sm" variant="link" aria-label={`${verb}：${name}`} onClick={onEdit}>
        {verb}
      </Button>
      {children}
      {rights.d && (
        <Button
          size="sm"
          variant="link"
          aria-label={`删除：${name}`}
          className="text-red-600! disabled:text-slate-400!"
          disabled={!!deleteBlocked}
          title={deleteBlocked}
          onClick={onDelete}
        >
          删除
        </Button>
      )}
    </div>
  );
}
