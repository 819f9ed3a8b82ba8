import { useId, type KeyboardEvent } from "react";
import { useQuery } from "@tanstack/react-query";
import { useApi } from "../../../lib/screen.tsx";
import { pageQueries, type PageNode } from "../pageQueries.ts";

export type LevelProps = { parentId: number; depth: number; expanded: Set<number>; toggle: (id: number, on?: boolean) => void; chosenId?: number; choose: (p: PageNode) => void };

/** One level of the tree, read when its parent opens. */
export function Level(l: LevelProps) {
  const api = useApi();
  const q = useQuery({ ...pageQueries.level(api, l.parentId), enabled: l.expanded.has(l.parentId) });
  if (q.isPending) return <li className="px-2 py-1 text-slate-400">加载中…</li>;
  const nodes = q.data?.dataList ?? [];
  if (l.depth === 0 && nodes.length === 0) return <li className="px-2 py-1 text-slate-400">暂无页面，请先新增模块</li>;
  return (
    <>
      {nodes.map((n) => (
        <Node key={n.id} node={n} {...l} />
      ))}
    </>
  );
}

/** One page of the tree: its open/close arrow, its name (choosing it opens the page), and its level below when open. */
function Node({ node, ...l }: LevelProps & { node: PageNode }) {
  const open = l.expanded.has(node.id);
  const chosen = l.chosenId === node.id;
  const nameId = useId();
  const onKey = (e: KeyboardEvent) => {
    if (e.key === "ArrowRight" && node.hasChild) l.toggle(node.id, true);
    else if (e.key === "ArrowLeft") l.toggle(node.id, false);
    else return;
    e.preventDefault();
  };
  return (
    <li role="treeitem" aria-labelledby={nameId} aria-expanded={node.hasChild ? open : undefined} aria-selected={chosen}>
      <div className={`flex items-center rounded ${chosen ? "bg-blue-50 text-blue-700" : "hover:bg-slate-50"}`} style={{ paddingLeft: l.depth * 14 }}>
        {node.hasChild ? (
          <button type="button" tabIndex={-1} aria-label={open ? "收起" : "展开"} className="w-5 shrink-0 text-slate-400" onClick={() => l.toggle(node.id)}>
            {open ? "▾" : "▸"}
          </button>
        ) : (
          <span className="w-5 shrink-0" />
        )}
        <button
          type="button"
          id={nameId}
          className="min-w-0 flex-1 truncate py-1 text-left"
          onClick={() => l.choose(node)}
          onKeyDown={onKey}
          title={`${node.name}（${node.code}）`}
        >
          {node.name}
          {node.enableStatus !== 1 && <span className="ml-1 text-xs text-slate-400">（停用）</span>}
        </button>
      </div>
      {open && node.hasChild && (
        <ul role="group">
          <Level {...l} parentId={node.id} depth={l.depth + 1} />
        </ul>
      )}
    </li>
  );
}
