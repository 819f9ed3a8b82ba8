import { toast } from "../../lib/toast.ts";
import { confirm } from "../dialogs/Confirm.tsx";

/**
 * The small rules every list action repeats: nothing selected (R053, R054), the delete and toggle
 * questions (R057), and turning a write's reply into the right toast (R006, R007, R016).
 */
const NOTHING_TO_DELETE = "并没有选择删除项";
const NOTHING_TO_REVIEW = "并没有选择审核项";

export function requireSelection(ids: readonly unknown[], kind: "delete" | "review"): boolean {
  if (ids.length > 0) return true;
  toast.warning(kind === "delete" ? NOTHING_TO_DELETE : NOTHING_TO_REVIEW);
  return false;
}

export const confirmDelete = (message = "确定删除选中的记录吗？删除后不可恢复。") => confirm({ title: "删除确认", message, okText: "删除", danger: true });

export const confirmToggle = (message: string) => confirm({ title: "启禁确认", message });
