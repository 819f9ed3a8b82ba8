import { Suspense, lazy, useId, useState, type KeyboardEvent } from "react";
import { useQuery } from "@tanstack/react-query";
import { Button } from "../../../ui/Button.tsx";
import { confirm } from "../../../ui/Confirm.tsx";
import { useApi, useScreen } from "../../../lib/screen.tsx";
import { pageQueries, useDeletePage, type PageNode } from "../pageQueries.ts";
import { NameDialog } from "./NameDialog.tsx";
import { MoveCopyDialog } from "./MoveCopyDialog.tsx";
import { FunctionsDialog } from "./FunctionsDialog.tsx";
import { ApiProxyDialog } from "./ApiProxyDialog.tsx";

// Loaded when opened: its paged table is not part of opening the designer (npm run bench -- console).
const FormEntriesDialog = lazy(() => import("./FormEntriesDialog.tsx").then((m) => ({ default: m.FormEntriesDialog })));

/**
 * The designer's Menu tab: the tree of pages per terminal (its top nodes are the terminals'
 * modules), read a level at a time. Choosing a page opens it in the designer (`onOpen`); the
 * toolbar acts on the chosen page: add below, rename, delete with its children (after a
 * confirmation), move/copy the module, bind back-end functions; and the API proxy mapping table.
 * Buttons follow the screen's rights (A add and copy, E rename, move and bind, D delete).
 */
export const DELETE_PAGE_WARNING = "删除该页面将同时删除其下所有页面，且删除后不可恢复，确定删除吗？";

type Props = {
  /** The page the designer shows. */
  selectedId?: number;
  onOpen: (page: PageNode) => void;
  /** A page's record stored from here (renamed, functions bound): the designer showing it takes the stored fields. */
  onChanged?: (page: PageNode) => void;
  /** Pages removed (the chosen one and everything below it): the designer closes them. */
  onDeleted?: (ids: number[]) => void;
};

type Dialog =
  | { kind: "add"; parent: PageNode | null }
  | { kind: "rename"; page: PageNode }
  | { kind: "move"; page: PageNode }
  | { kind: "functions"; page: PageNode }
  | { kind: "proxy" }
  | { kind: "entries"; page: PageNode };

export function PageMenuTree({ selectedId, onOpen, onChanged, onDeleted }: Props) {
  const { rights } = useScreen();
  const api = useApi();
  const [picked, setChosen] = useState<PageNode | null>(null);
  // The chosen page as its level reads it now (the same query as the tree's, so no extra call): the dialogs
  // send the whole record back, and after the designer saved a new name the node picked earlier is stale.
  const level = useQuery({ ...pageQueries.level(api, picked?.parentId ?? 0), enabled: picked !== null });
  const chosen = picked && (level.data?.dataList?.find((n) => n.id === picked.id) ?? picked);
  const [expanded, setExpanded] = useState<Set<number>>(() => new Set([0]));
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const remove = useDeletePage();

  const toggle = (id: number, on = !expanded.has(id)) =>
    setExpanded((s) => {
      const next = new Set(s);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const choose = (p: PageNode) => {
    setChosen(p);
    onOpen(p);
  };
  const del = async () => {
    if (!chosen) return;
    if (!(await confirm({ title: "删除确认", message: DELETE_PAGE_WARNING, okText: "删除", danger: true }))) return;
    const ok = await remove.mutateAsync({ id: chosen.id }).then(
      () => true,
      () => false,
    );
    if (!ok) return;
    onDeleted?.([chosen.id]);
    setChosen(null);
  };

  return (
    <div className="flex h-full min-h-0 flex-col text-sm">
      <div className="flex flex-wrap gap-1 border-b border-slate-200 p-2" role="toolbar" aria-label="页面菜单操作">
        {rights.a && (
          <Button size="sm" onClick={() => setDialog({ kind: "add", parent: null })}>
            新增模块
          </Button>
        )}
        {rights.a && (
          <Button size="sm" disabled={!chosen} onClick={() => chosen && setDialog({ kind: "add", parent: chosen })}>
            新增下级
          </Button>
        )}
        {rights.e && (
          <Button size="sm" disabled={!chosen} onClick={() => chosen && setDialog({ kind: "rename", page: chosen })}>
            重命名
          </Button>
        )}
        {(rights.e || rights.a) && (
          <Button size="sm" disabled={!chosen} onClick={() => chosen && setDialog({ kind: "move", page: chosen })}>
            移动/复制
          </Button>
        )}
        {rights.e && (
          <Button size="sm" disabled={!chosen} onClick={() => chosen && setDialog({ kind: "functions", page: chosen })}>
            后台功能
          </Button>
        )}
        {rights.d && (
          <Button size="sm" disabled={!chosen} busy={remove.isPending} onClick={() => void del()}>
            删除
          </Button>
        )}
        <Button size="sm" onClick={() => setDialog({ kind: "proxy" })}>
          接口映射
        </Button>
        <Button size="sm" disabled={!chosen} onClick={() => chosen && setDialog({ kind: "entries", page: chosen })}>
          表单记录
        </Button>
      </div>
      <ul role="tree" aria-label="页面菜单" className="min-h-0 flex-1 overflow-auto p-2">
        <Level parentId={0} depth={0} expanded={expanded} toggle={toggle} chosenId={chosen?.id ?? selectedId} choose={choose} />
      </ul>
      {dialog?.kind === "add" && (
        <NameDialog
          parent={dialog.parent}
          onClose={() => setDialog(null)}
          onSaved={(p) => {
            setDialog(null);
            if (dialog.parent) toggle(dialog.parent.id, true);
            choose(p);
          }}
        />
      )}
      {dialog?.kind === "rename" && (
        <NameDialog
          parent={null}
          page={dialog.page}
          onClose={() => setDialog(null)}
          onSaved={(p) => {
            setDialog(null);
            setChosen(p);
            onChanged?.(p);
          }}
        />
      )}
      {dialog?.kind === "move" && <MoveCopyDialog module={dialog.page} onClose={() => setDialog(null)} onDone={() => setDialog(null)} />}
      {dialog?.kind === "functions" && (
        <FunctionsDialog
          page={dialog.page}
          onClose={() => setDialog(null)}
          onSaved={(p) => {
            setDialog(null);
            onChanged?.(p);
          }}
        />
      )}
      {dialog?.kind === "proxy" && <ApiProxyDialog onClose={() => setDialog(null)} />}
      {dialog?.kind === "entries" && (
        <Suspense fallback={null}>
          <FormEntriesDialog page={dialog.page} onClose={() => setDialog(null)} />
        </Suspense>
      )}
    </div>
  );
}

type LevelProps = { parentId: number; depth: number; expanded: Set<number>; toggle: (id: number, on?: boolean) => void; chosenId?: number; choose: (p: PageNode) => void };

/** One level of the tree, read when its parent opens. */
function Level(l: LevelProps) {
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
