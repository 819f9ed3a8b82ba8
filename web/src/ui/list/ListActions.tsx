import type { ReactNode } from "react";
import type { ButtonVariant } from "../Button.tsx";
import { useScreen } from "../../lib/screen.tsx";
import type { InputFor, PostKey, StaleKey } from "../../lib/contract.ts";
import { succeeded, useRouteMutation } from "../../lib/routeQuery.ts";
import { Button } from "../Button.tsx";
import { confirmDelete, confirmToggle, requireSelection } from "./actions.ts";
import type { ListContext } from "./ListScreen.tsx";
import type { Row } from "../table/DataTable.tsx";

/**
 * The two bulk buttons most lists carry. Each shows only with its right (R045: D for delete,
 * P for enable/disable), refuses an empty selection, asks first, posts the ids comma-joined
 * (docs/gaps.md §1) to its route, and on success marks stale what it `invalidates` and reloads the list.
 */
type Props<T extends Row, K extends PostKey> = { ctx: ListContext<T>; route: K; param?: string; label?: string; invalidates?: readonly StaleKey[] };

/**
 * A button that works on the selected rows. With nothing selected it is greyed and says why
 * (aria-disabled and its title, so it stays in the tab order and a click still gives the spec's
 * 并没有选择删除项 / 并没有选择审核项, R053, R054, rather than nothing).
 */
export function SelectionButton({
  selected,
  kind = "delete",
  variant,
  onClick,
  children,
}: {
  selected: readonly unknown[];
  kind?: "delete" | "review";
  variant?: ButtonVariant;
  onClick: () => void;
  children: ReactNode;
}) {
  const none = selected.length === 0;
  return (
    <Button
      variant={variant}
      aria-disabled={none || undefined}
      title={none ? (kind === "delete" ? "请先勾选要删除的记录" : "请先勾选要操作的记录") : undefined}
      className="aria-disabled:cursor-not-allowed aria-disabled:opacity-50"
      onClick={() => (none ? requireSelection(selected, kind) : onClick())}
    >
      {children}
    </Button>
  );
}

/** The write's input: the selected ids comma-joined under `param` (the route's schema checks them). */
const idsInput = <K extends PostKey>(param: string, ids: string[]) => ({ [param]: ids.join(",") }) as InputFor<K>;

export function DeleteSelected<T extends Row, K extends PostKey>({ ctx, route, param = "ids", label = "删除", invalidates = [] }: Props<T, K>) {
  const { rights } = useScreen();
  const write = useRouteMutation(route, { invalidates, success: "删除成功" });
  if (!rights.d) return null;
  async function run() {
    if (!requireSelection(ctx.selected, "delete")) return;
    if (!(await confirmDelete())) return;
    if (await succeeded(write.mutateAsync(idsInput<K>(param, ctx.selected)))) {
      ctx.clearSelection();
      ctx.refetch();
    }
  }
  return (
    <SelectionButton selected={ctx.selected} variant="danger" onClick={() => void run()}>
      {label}
    </SelectionButton>
  );
}

export function ToggleSelected<T extends Row, K extends PostKey>({ ctx, route, param = "ids", label = "启用/禁用", invalidates = [] }: Props<T, K>) {
  const { rights } = useScreen();
  const write = useRouteMutation(route, { invalidates, success: "操作成功" });
  if (!rights.p) return null;
  async function run() {
    if (!requireSelection(ctx.selected, "review")) return;
    if (!(await confirmToggle(`确定切换选中的${ctx.selected.length}条记录的启用状态吗？`))) return;
    if (await succeeded(write.mutateAsync(idsInput<K>(param, ctx.selected)))) {
      ctx.clearSelection();
      ctx.refetch();
    }
  }
  return (
    <SelectionButton selected={ctx.selected} kind="review" onClick={() => void run()}>
      {label}
    </SelectionButton>
  );
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
