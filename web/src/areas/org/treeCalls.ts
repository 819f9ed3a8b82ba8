import type { Envelope } from "../../lib/api.ts";
import type { DataOf, InputFor, PostKey } from "../../lib/contract.ts";
import { useApi } from "../../lib/screen.tsx";
import { toast } from "../../lib/toast.ts";
import { handledByFrame, isTransportFailure } from "../../ui/feedback/failure.ts";
import type { TreeFormContext } from "../../ui/tree/TreeEditor.tsx";

/**
 * What the tree screens say when a call fails (R551): a network failure gets the tree's own words,
 * a refusal from the server keeps its desc.
 */
export const TREE_FAILURE = {
  load: "获取数据失败，请联系管理员处理",
  save: "保存失败，请联系管理员处理",
  remove: "删除失败，请联系管理员处理",
} as const;

function treeFailureText(r: Envelope, kind: keyof typeof TREE_FAILURE): string {
  return isTransportFailure(r) || !r.desc ? TREE_FAILURE[kind] : r.desc;
}

/** The reply when it succeeded; otherwise the failure is shown and thrown (queries fail with it). */
export async function treeCall<T extends Envelope>(call: Promise<T>, kind: keyof typeof TREE_FAILURE): Promise<T> {
  const r = await call;
  if (r.code === "200") return r;
  const text = treeFailureText(r, kind);
  if (!handledByFrame(r)) toast.error(text);
  throw new Error(text);
}

/**
 * The save of a tree form through its save route: a failure is shown by treeCall and the form keeps
 * what was typed; success says 保存成功 (or the server's text) and hands the tree the saved node (the
 * reply's, else `sent`, what the form holds). The node is the save route's reply.
 */
export function useTreeSave<K extends PostKey>(route: K, ctx: TreeFormContext<DataOf<K>>) {
  const api = useApi();
  return async (body: InputFor<K>, sent: DataOf<K>) => {
    const r = await treeCall(api.call(route, body), "save").catch(() => null);
    if (!r) return;
    toast.success("保存成功", r.desc);
    ctx.saved(r.data ?? sent);
  };
}

/** Nodes in the order the tree shows them: by sort number (seq), then id. */
export const bySeq = <N extends { id: number; seq?: number }>(nodes: N[]) => [...nodes].sort((a, b) => (a.seq ?? 99) - (b.seq ?? 99) || a.id - b.id);
