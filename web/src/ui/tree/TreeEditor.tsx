import { useCallback, useId, useRef, useState, type KeyboardEvent, type Dispatch, type ReactNode, type RefObject, type SetStateAction } from "react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { confirm } from "../dialogs/Confirm.tsx";
import { failureText } from "../feedback/failure.ts";
import { Panel } from "../Panel.tsx";

/**
 * The tree editors of the organisation and region trees (R531–R551): a lazy tree on the left, whose
 * nodes offer add child / delete / refresh, and the node's form on the right. The editor owns the
 * tree and what is being edited; the screen owns the calls and the form:
 * - selecting a node edits it (the form loads it, R544);
 * - add child opens a blank form under the node, asking first when the form holds an edited name (R545);
 * - after a new node is saved the form starts again under the same parent (R546); after an edit
 *   the parent's children reload (R547);
 * - delete warns that the children go too and it cannot be undone (R549), and clears the form
 *   when it showed the deleted node or one below it (R548).
 * The tree is one tab stop (roving tabindex, WAI-ARIA tree pattern): Up/Down move between the
 * visible nodes, Right opens a node or enters its first child, Left closes it or goes to its parent,
 * Home/End go to the first/last node, Enter or Space selects; the focused node's actions (add child,
 * delete, refresh) follow it in the tab order.
 */
export type TreeNodeBase = { id: number; hasChild?: boolean };

export type TreeTarget<N> =
  /** `path`: from the root down to the node itself. */
  | { kind: "edit"; node: N; path: N[] }
  /** `path`: from the root down to the parent. */
  | { kind: "create"; parent: N; path: N[] };

export type TreeFormContext<N> = {
  target: TreeTarget<N>;
  /** The form saved `node`: the tree reloads the parent's children and starts a new child or keeps editing. */
  saved: (node: N) => void;
  /** The form reports whether it holds an edited name, so add child can ask before dropping it. */
  setDirty: (dirty: boolean) => void;
};

type Props<N extends TreeNodeBase> = {
  /** Namespaces the children queries, e.g. ["organization", "dept"]. */
  treeKey: readonly unknown[];
  root: N;
  label: (node: N) => string;
  loadChildren: (node: N) => Promise<N[]>;
  canAdd?: (node: N) => boolean;
  canDelete?: (node: N) => boolean;
  /** Whether selecting the node opens its form (the organisation root only shows the help panel). */
  canEdit?: (node: N) => boolean;
  onDelete: (node: N) => Promise<boolean>;
  renderForm: (ctx: TreeFormContext<N>) => ReactNode;
  /** The explanatory panel shown while nothing is selected (R532). */
  help: ReactNode;
  title?: ReactNode;
};

export const DELETE_WARNING = "删除该节点将同时删除其下所有子节点，且删除后不可恢复，确定删除吗？";
const DROP_EDITED_NAME = "表单中已修改的名称尚未保存，确定放弃并新增下级吗？";

/** The opened nodes (the root at first); closing one moves the tab stop up to it when it was inside. */
function useExpanded(rootId: number, setFocusPath: Dispatch<SetStateAction<number[]>>) {
  const [expanded, setExpanded] = useState<Set<number>>(() => new Set([rootId]));
  const open = (id: number, on = true) => {
    if (!on) setFocusPath((f) => (f.includes(id) ? f.slice(0, f.indexOf(id) + 1) : f));
    setExpanded((s) => {
      const next = new Set(s);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  };
  return { expanded, open };
}

export function TreeEditor<N extends TreeNodeBase>(p: Props<N>) {
  const qc = useQueryClient();
  const [target, setTarget] = useState<TreeTarget<N> | null>(null);
  const [formKey, setFormKey] = useState(0);
  const dirty = useRef(false);
  // The node holding the tree's one tab stop, by its path from the root: when it vanishes (its
  // branch closed or deleted) the stop moves up to the nearest node still shown.
  const [focusPath, setFocusPath] = useState<number[]>([p.root.id]);
  const focusId = focusPath.at(-1) ?? p.root.id;
  const stopAbove = (id: number) => setFocusPath((f) => (f.includes(id) ? f.slice(0, f.indexOf(id)) : f));

  const childrenKey = useCallback((id: number) => [...p.treeKey, "children", id], [p.treeKey]);
  const reload = useCallback((id: number) => qc.invalidateQueries({ queryKey: childrenKey(id) }), [qc, childrenKey]);

  const { expanded, open } = useExpanded(p.root.id, setFocusPath);

  function show(next: TreeTarget<N> | null) {
    dirty.current = false;
    setTarget(next);
    setFormKey((k) => k + 1);
  }

  function select(node: N, path: N[]) {
    show(p.canEdit?.(node) === false ? null : { kind: "edit", node, path });
  }

  async function addChild(parent: N, path: N[]) {
    if (dirty.current && !(await confirm({ title: "提示", message: DROP_EDITED_NAME }))) return;
    open(parent.id);
    show({ kind: "create", parent, path });
  }

  async function remove(node: N, path: N[]) {
    if (!(await confirm({ title: "删除确认", message: DELETE_WARNING, okText: "删除", danger: true }))) return;
    if (!(await p.onDelete(node))) return;
    stopAbove(node.id);
    const parent = path.at(-2);
    if (parent) await reload(parent.id);
    if (target && target.path.some((n) => n.id === node.id)) show(null);
  }

  function refresh(node: N) {
    open(node.id);
    void reload(node.id);
  }

  const saved = (node: N) => {
    if (!target) return;
    if (target.kind === "create") {
      void reload(target.parent.id);
      // The parent's own row (hasChild) lives in the grandparent's list.
      const grandparent = target.path.at(-2);
      if (grandparent) void reload(grandparent.id);
      open(target.parent.id);
      // A blank form again for the next child of the same parent.
      show({ ...target });
    } else {
      const parent = target.path.at(-2);
      if (parent) void reload(parent.id);
      else void reload(target.node.id);
      dirty.current = false;
      setTarget({ kind: "edit", node, path: [...target.path.slice(0, -1), node] });
    }
  };

  const selectedId = target?.kind === "edit" ? target.node.id : undefined;
  const row: RowProps<N> = {
    ...p,
    expanded,
    selectedId,
    focusId,
    onFocusNode: (_node, path) => setFocusPath(path.map((n) => n.id)),
    childrenKey,
    onToggle: (id) => open(id, !expanded.has(id)),
    onSelect: select,
    onAdd: addChild,
    onRemove: remove,
    onRefresh: refresh,
  };

  return (
    <div className="grid min-h-[60vh] grid-cols-[minmax(260px,340px)_1fr] gap-3">
      <Panel title={p.title ?? "结构"} className="min-w-0 overflow-hidden">
        <ul role="tree" aria-label={typeof p.title === "string" ? p.title : "树"} className="max-h-[calc(100vh-12rem)] overflow-auto p-2 text-sm">
          <TreeRow {...row} node={p.root} path={[p.root]} depth={0} />
        </ul>
      </Panel>
      <FormPanel formKey={formKey} target={target} saved={saved} help={p.help} renderForm={p.renderForm} dirty={dirty} />
    </div>
  );
}

type RowProps<N extends TreeNodeBase> = Props<N> & {
  expanded: Set<number>;
  selectedId?: number;
  focusId: number;
  onFocusNode: (node: N, path: N[]) => void;
  childrenKey: (id: number) => unknown[];
  onToggle: (id: number) => void;
  onSelect: (node: N, path: N[]) => void;
  onAdd: (node: N, path: N[]) => void;
  onRemove: (node: N, path: N[]) => void;
  onRefresh: (node: N) => void;
};

function TreeRow<N extends TreeNodeBase>(r: RowProps<N> & { node: N; path: N[]; depth: number }) {
  const { node, path, depth } = r;
  const isOpen = r.expanded.has(node.id);
  // The key names the node by its id: its children depend on which node it is, not on its fields.
  // eslint-disable-next-line @tanstack/query/exhaustive-deps
  const kids = useQuery({ queryKey: r.childrenKey(node.id), queryFn: () => r.loadChildren(node), enabled: isOpen, staleTime: Infinity });
  // Loaded children outrank the node's own flag, which is stale right after a child was added.
  const leaf = kids.isSuccess ? kids.data.length === 0 : node.hasChild === false;
  const selected = r.selectedId === node.id;
  const name = r.label(node);
  const focused = r.focusId === node.id;
  const nameId = useId();

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => moveInTree(e, { leaf, isOpen, toggle: () => r.onToggle(node.id), select: () => r.onSelect(node, path) });

  return (
    // The node's row is the treeitem and its children's group follows it (levels by aria-level): a
    // treeitem holding its subtree would read every descendant's name as its own visible text.
    <li role="none">
      <div
        role="treeitem"
        aria-expanded={leaf ? undefined : isOpen}
        aria-selected={selected}
        aria-level={depth + 1}
        // Named by its visible name (not the actions' symbols), as screen readers and voice control expect.
        aria-labelledby={nameId}
        tabIndex={focused ? 0 : -1}
        onKeyDown={onKeyDown}
        onFocus={(e) => {
          if (e.target === e.currentTarget) r.onFocusNode(node, path);
        }}
        className={`group flex items-center gap-1 rounded pr-1 focus-visible:ring-2 focus-visible:ring-blue-500 focus-visible:outline-none ${selected ? "bg-blue-50 text-blue-700" : "hover:bg-slate-50"}`}
        style={{ paddingLeft: depth * 16 }}
      >
        <button
          type="button"
          aria-label={isOpen ? "收起" : "展开"}
          tabIndex={-1}
          disabled={leaf}
          onClick={() => r.onToggle(node.id)}
          className="w-4 shrink-0 text-[10px] text-slate-400 disabled:invisible"
        >
          {isOpen ? "▼" : "▶"}
        </button>
        {/* The mouse's way in; the keyboard selects on the node itself. */}
        <button id={nameId} type="button" tabIndex={-1} onClick={() => r.onSelect(node, path)} className="min-w-0 flex-1 truncate py-1 text-left">
          {name}
        </button>
        <NodeActions node={node} path={path} name={name} selected={selected} focused={focused} r={r} />
      </div>
      {isOpen && !leaf && (
        <ul role="group">
          {kids.isPending && (
            <li role="none" className="py-1 text-xs text-slate-500" style={{ paddingLeft: (depth + 1) * 16 + 20 }}>
              加载中…
            </li>
          )}
          {kids.isError && (
            <li role="none" className="py-1 text-xs text-red-600" style={{ paddingLeft: (depth + 1) * 16 + 20 }}>
              {failureText(kids.error, "list")}
              <button type="button" className="ml-2 text-blue-600" onClick={() => void kids.refetch()}>
                重试
              </button>
            </li>
          )}
          {kids.data?.map((child) => (
            <TreeRow key={child.id} {...r} node={child} path={[...path, child]} depth={depth + 1} />
          ))}
        </ul>
      )}
    </li>
  );
}

/** The right panel: the form of what is being edited (mounted afresh for each target), or the help while nothing is. */
function FormPanel<N extends TreeNodeBase>({
  formKey,
  target,
  saved,
  help,
  renderForm,
  dirty,
}: {
  formKey: number;
  target: TreeTarget<N> | null;
  saved: (node: N) => void;
  help: ReactNode;
  renderForm: (ctx: TreeFormContext<N>) => ReactNode;
  dirty: RefObject<boolean>;
}) {
  return (
    <Panel className="min-w-0">
      {target ? (
        <div key={formKey} className="p-4">
          {renderForm({
            target,
            saved,
            setDirty: (d) => {
              dirty.current = d;
            },
          })}
        </div>
      ) : (
        <div className="p-6 text-sm leading-7 text-slate-500">{help}</div>
      )}
    </Panel>
  );
}

/** A node's actions (add child, delete, refresh), shown on the selected node and on hover or focus; only the focused node's are in the tab order, the tree itself is one stop. */
function NodeActions<N extends TreeNodeBase>({
  node,
  path,
  name,
  selected,
  focused,
  r,
}: {
  node: N;
  path: N[];
  name: string;
  selected: boolean;
  focused: boolean;
  r: RowProps<N>;
}) {
  const act = "rounded px-1 text-xs text-slate-500 hover:bg-slate-100 hover:text-blue-600 focus-visible:ring-2 focus-visible:ring-blue-500 focus-visible:outline-none";
  const actTab = focused ? 0 : -1;
  return (
    <span className={`flex shrink-0 gap-0.5 ${selected ? "" : "opacity-0 group-focus-within:opacity-100 group-hover:opacity-100"}`}>
      {r.canAdd?.(node) !== false && (
        <button type="button" tabIndex={actTab} title="添加下级" aria-label={`添加下级：${name}`} className={act} onClick={() => r.onAdd(node, path)}>
          ＋
        </button>
      )}
      {r.canDelete?.(node) !== false && (
        <button type="button" tabIndex={actTab} title="删除" aria-label={`删除：${name}`} className={`${act} hover:text-red-600`} onClick={() => r.onRemove(node, path)}>
          ✕
        </button>
      )}
      <button type="button" tabIndex={actTab} title="刷新" aria-label={`刷新：${name}`} className={act} onClick={() => r.onRefresh(node)}>
        ↻
      </button>
    </span>
  );
}

/**
 * The tree's keys on a node (WAI-ARIA tree pattern): Up/Down move between the visible nodes, Right
 * opens the node or enters its first child, Left closes it or goes to its parent, Home/End go to the
 * first/last node, Enter or Space selects.
 */
function moveInTree(e: KeyboardEvent<HTMLDivElement>, n: { leaf: boolean; isOpen: boolean; toggle: () => void; select: () => void }) {
  const { leaf, isOpen, toggle, select } = n;
  // Keys typed on the node's own action buttons keep their usual meaning.
  if (e.target !== e.currentTarget) return;
  const item = e.currentTarget;
  const items = [...(item.closest('[role="tree"]')?.querySelectorAll<HTMLElement>('[role="treeitem"]') ?? [])];
  const at = items.indexOf(item);
  const go = (to?: Element | null) => (to as HTMLElement | null | undefined)?.focus();
  switch (e.key) {
    case "ArrowDown":
      go(items[at + 1]);
      break;
    case "ArrowUp":
      go(items[at - 1]);
      break;
    case "Home":
      go(items[0]);
      break;
    case "End":
      go(items.at(-1));
      break;
    case "ArrowRight":
      if (leaf) break;
      if (!isOpen) toggle();
      else go(item.parentElement?.querySelector(':scope > [role="group"] > li > [role="treeitem"]'));
      break;
    case "ArrowLeft":
      if (isOpen && !leaf) toggle();
      else go(item.parentElement?.parentElement?.closest("li")?.querySelector(':scope > [role="treeitem"]'));
      break;
    case "Enter":
    case " ":
      select();
      break;
    default:
      return;
  }
  e.preventDefault();
}
