import type { ReactNode } from "react";
import { useApi, useScreen } from "../lib/screen.tsx";
import { Button } from "./Button.tsx";
import { confirmDelete, confirmToggle, perform, requireSelection } from "./actions.ts";
import type { ListContext } from "./ListScreen.tsx";
import type { Row } from "./DataTable.tsx";

/**
 * The two bulk buttons most lists carry. Each shows only with its right (R045: D for delete,
 * P for enable/disable), refuses an empty selection, asks first, posts the ids comma-joined
 * (gaps.md §1) and reloads the list on success.
 */
type Props<T extends Row> = { ctx: ListContext<T>; path: string; param?: string; label?: string };

export function DeleteSelected<T extends Row>({ ctx, path, param = "ids", label = "删除" }: Props<T>) {
  const api = useApi();
  const { rights } = useScreen();
  if (!rights.d) return null;
  async function run() {
    if (!requireSelection(ctx.selected, "delete")) return;
    if (!(await confirmDelete())) return;
    if (await perform(api.post(path, { [param]: ctx.selected.join(",") }), "删除成功")) {
      ctx.clearSelection();
      ctx.refetch();
    }
  }
  return (
    <Button variant="danger" onClick={run}>
      {label}
    </Button>
  );
}

export function ToggleSelected<T extends Row>({ ctx, path, param = "ids", label = "启用/禁用" }: Props<T>) {
  const api = useApi();
  const { rights } = useScreen();
  if (!rights.p) return null;
  async function run() {
    if (!requireSelection(ctx.selected, "review")) return;
    if (!(await confirmToggle(`确定切换选中的${ctx.selected.length}条记录的启用状态吗？`))) return;
    if (await perform(api.post(path, { [param]: ctx.selected.join(",") }), "操作成功")) {
      ctx.clearSelection();
      ctx.refetch();
    }
  }
  return <Button onClick={run}>{label}</Button>;
}

/** A list's 新增 button (the toolbar's primary action), shown only with A. */
export function AddButton({ onClick, children }: { onClick: () => void; children: ReactNode }) {
  const { rights } = useScreen();
  if (!rights.a) return null;
  return (
    <Button variant="primary" onClick={onClick}>
      {children}
    </Button>
  );
}
