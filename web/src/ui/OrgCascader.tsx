import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from "react";
import { useQuery } from "@tanstack/react-query";
import { api, type Envelope } from "../lib/api.ts";
import { routeQuery } from "../lib/routeQuery.ts";
import { controlClass } from "./form/inputs.tsx";
import { PickerPopover } from "./PickerPopover.tsx";

/**
 * Picks an organisation node (a branch or a store) from organization/app/list in one control, as
 * antd's Cascader: a field showing the chosen path (华南分公司 / 广州天河店) that opens one column per
 * level. The value is the node's orgCode: codes grow by 3 characters per level (R026), so the code
 * alone names the whole path. With `limitTo` (the user's department codes, R027) the levels above
 * the user's departments can be opened but not chosen (greyed).
 *
 * Mouse: a click opens a node's children and chooses it when it may be chosen; a node without
 * children closes the panel. Keyboard: ArrowDown/Enter/Space on the field opens it; Up/Down move in
 * a column, Right opens the children, Left goes back a level, Enter chooses, Escape closes; the focus
 * goes back to the field.
 */
export type OrgTreeNode = { id: number; orgCode: string; orgName: string; hasChild: boolean; children: OrgTreeNode[] };

/** organization/app/list is still LEGACY (untyped): OrgTreeNode is its row until it declares one. */
const NO_NODES: OrgTreeNode[] = [];
const nodesOf = (r: Envelope): OrgTreeNode[] => (r.dataList as OrgTreeNode[] | undefined) ?? NO_NODES;

export function useOrgTree(orgType = "dept") {
  return useQuery({ ...routeQuery(api, "GET /gateway/api/organization/app/list", { orgType }, "list"), select: nodesOf, staleTime: 5 * 60_000 });
}

/** The nodes from the top down to the node with this code (as far as the tree has them). */
export function orgPath(roots: OrgTreeNode[], code: string): OrgTreeNode[] {
  const path: OrgTreeNode[] = [];
  let level = roots;
  for (;;) {
    const next = level.find((n) => n.orgCode && code.startsWith(n.orgCode));
    if (!next) return path;
    path.push(next);
    if (next.orgCode === code) return path;
    level = next.children ?? [];
  }
}

/** Names an organisation code (its node's name, "" while the tree loads or when unknown): list cells. */
export function useOrgName(orgType = "dept"): (code: string) => string {
  const { data: roots = [] } = useOrgTree(orgType);
  return useMemo(() => (code: string) => (code ? (orgPath(roots, code).find((n) => n.orgCode === code)?.orgName ?? "") : ""), [roots]);
}

export const withinDepartments = (code: string, limitTo?: string[]) => !limitTo || limitTo.some((d) => code.startsWith(d));

type Props = {
  value: string;
  onChange: (code: string, node?: OrgTreeNode) => void;
  orgType?: string;
  limitTo?: string[];
  /** The first level's empty choice; when omitted, an empty first level cannot be chosen. */
  allLabel?: string;
  label?: string;
  disabled?: boolean;
};

/** The text controls' look; a <button> matches :read-only, which would grey it. */
const fieldClass = controlClass.replace("read-only:bg-slate-50", "");

/** One row of a column: a node, or the 全部 choice (code ""). */
type Row = { code: string; name: string; node?: OrgTreeNode };

export function OrgCascader({ value, onChange, orgType = "dept", limitTo, allLabel, label = "组织", disabled }: Props) {
  const { data: roots = [], isLoading } = useOrgTree(orgType);
  // Named by its own visually hidden <label> (the `label` prop), never by aria-label: an aria-label
  // hiding the shown path fails WCAG 2.5.3 (label in name, axe's label-content-name-mismatch). Not
  // the Field's label either, whose required star would become part of the name.
  const id = useId();
  const box = useRef<HTMLDivElement>(null);
  const field = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  /** The opened node's code (its path is every column shown) and the highlighted row. */
  const [opened, setOpened] = useState(value);
  const [cursor, setCursor] = useState({ col: 0, row: 0 });
  const chosenPath = useMemo(() => orgPath(roots, value), [roots, value]);
  const path = useMemo(() => orgPath(roots, opened), [roots, opened]);
  const allChoosable = allLabel !== undefined && withinDepartments("", limitTo);

  const columns: Row[][] = [[...(allLabel !== undefined ? [{ code: "", name: allLabel }] : []), ...roots.map((n) => ({ code: n.orgCode, name: n.orgName, node: n }))]];
  path.forEach((n) => n.children?.length && columns.push(n.children.map((c) => ({ code: c.orgCode, name: c.orgName, node: c }))));
  const choosable = (r: Row) => (r.node ? withinDepartments(r.code, limitTo) : allChoosable);

  // The highlighted row keeps the DOM focus while the panel is open.
  useEffect(() => {
    if (open) box.current?.querySelector<HTMLElement>(`[data-cell="${cursor.col}-${cursor.row}"]`)?.focus();
  }, [open, cursor]);

  function show() {
    if (disabled) return;
    setOpened(value);
    const p = orgPath(roots, value);
    const col = Math.max(0, p.length - 1);
    const list = col === 0 ? columns[0] : (p[col - 1]?.children ?? []).map((c) => ({ code: c.orgCode }));
    setCursor({
      col,
      row: Math.max(
        0,
        list.findIndex((r) => r.code === (p[col]?.orgCode ?? "")),
      ),
    });
    setOpen(true);
  }
  function hide() {
    setOpen(false);
    field.current?.focus();
  }
  function choose(r: Row) {
    if (!choosable(r)) return;
    if (r.node) onChange(r.code, r.node);
    else onChange("");
  }
  /** Opens a row: its children become the next column. */
  function enter(col: number, r: Row) {
    setOpened(r.node ? r.code : (path[col - 1]?.orgCode ?? ""));
  }
  function click(col: number, row: number) {
    const r = columns[col][row];
    setCursor({ col, row });
    enter(col, r);
    choose(r);
    // A leaf that may be chosen ends the pick; one outside the user's departments leaves the panel open.
    if (!r.node?.children?.length && choosable(r)) hide();
  }

  function key(e: KeyboardEvent) {
    const { col, row } = cursor;
    const r = columns[col]?.[row];
    if (!r) return;
    const go = (next: { col: number; row: number }) => {
      e.preventDefault();
      setCursor(next);
    };
    if (e.key === "ArrowDown") go({ col, row: Math.min(row + 1, columns[col].length - 1) });
    else if (e.key === "ArrowUp") go({ col, row: Math.max(row - 1, 0) });
    else if (e.key === "ArrowRight" && r.node?.children?.length) {
      enter(col, r);
      go({ col: col + 1, row: 0 });
    } else if (e.key === "ArrowLeft" && col > 0) {
      const parent = path[col - 1];
      setOpened(path[col - 2]?.orgCode ?? "");
      go({
        col: col - 1,
        row: Math.max(
          0,
          columns[col - 1].findIndex((x) => x.code === parent?.orgCode),
        ),
      });
    } else if (e.key === "Enter" || e.key === " ") {
      e.preventDefault();
      if (!choosable(r)) return;
      choose(r);
      hide();
    }
  }

  const shown = chosenPath.length ? chosenPath.map((n) => n.orgName).join(" / ") : value === "" && allLabel !== undefined ? allLabel : "";
  return (
    <div ref={box} className="relative inline-block w-64 max-w-full">
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <button
        ref={field}
        id={id}
        type="button"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-busy={isLoading || undefined}
        disabled={disabled}
        onClick={() => (open ? hide() : show())}
        onKeyDown={(e) => {
          if (e.key === "ArrowDown" && !open) {
            e.preventDefault();
            show();
          }
        }}
        className={`${fieldClass} flex w-full items-center justify-between gap-2 text-left`}
      >
        <span className={`truncate ${shown ? "" : "text-slate-400"}`}>{shown || (isLoading ? "正在读取…" : "请选择")}</span>
        <svg viewBox="0 0 16 16" aria-hidden="true" className="h-3.5 w-3.5 shrink-0 fill-current text-slate-400">
          <path d="M4 6l4 4 4-4z" />
        </svg>
      </button>
      <PickerPopover anchor={box} open={open} onClose={(how) => (how === "escape" ? hide() : setOpen(false))} label={`${label}选择`}>
        <div className="flex max-h-72" onKeyDown={key}>
          {columns.map((rows, col) => (
            <ul key={col} role="listbox" aria-label={`${label}第${col + 1}级`} className="min-w-36 overflow-y-auto border-r border-slate-100 py-1 last:border-r-0">
              {rows.map((r, row) => {
                const on = path[col]?.orgCode === r.code || (r.code === "" && value === "" && col === 0);
                const may = choosable(r);
                return (
                  <li
                    key={r.code || "all"}
                    role="option"
                    data-cell={`${col}-${row}`}
                    tabIndex={cursor.col === col && cursor.row === row ? 0 : -1}
                    aria-selected={value === r.code && (r.node !== undefined || allLabel !== undefined)}
                    aria-disabled={may ? undefined : true}
                    onClick={() => click(col, row)}
                    className={`flex cursor-pointer items-center justify-between gap-3 px-3 py-1.5 outline-none focus:bg-blue-50 ${
                      on ? "bg-slate-50 font-medium" : ""
                    } ${value === r.code && may ? "text-blue-600" : may ? "text-slate-700" : "text-slate-400"}`}
                  >
                    <span className="truncate">{r.name}</span>
                    {r.node?.children?.length ? <span aria-hidden="true">›</span> : null}
                  </li>
                );
              })}
            </ul>
          ))}
        </div>
      </PickerPopover>
    </div>
  );
}
