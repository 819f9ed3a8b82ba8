import { useEffect, useState } from "react";
import { Link, useRouterState } from "@tanstack/react-router";
import { entriesOf, screenLink, useMenu, type MenuNode } from "../menu.ts";

/** Where the user is: the path and the function id it was opened by. */
function useCurrent() {
  return useRouterState({
    select: (s) => ({ path: s.location.pathname.toLowerCase(), functionId: Number((s.location.search as Record<string, string>).functionId) || 0 }),
    structuralSharing: true,
  });
}

const isHere = (n: MenuNode, here: { path: string; functionId: number }) => n.id === here.functionId && n.path.toLowerCase() === here.path;

/** The left menu: the caller's menu tree (type/list), folders opening in place, the current screen marked. */
export function Sidebar() {
  const menu = useMenu();
  const here = useCurrent();
  const [open, setOpen] = useState<Set<number>>(new Set());

  // The folder holding the current screen opens by itself (after a reload or a shortcut).
  const currentFolder = menu.data?.find((f) => entriesOf(f.children ?? []).some((c) => isHere(c, here)))?.id;
  useEffect(() => {
    if (currentFolder) setOpen((s) => (s.has(currentFolder) ? s : new Set(s).add(currentFolder)));
  }, [currentFolder]);

  const toggle = (id: number) =>
    setOpen((s) => {
      const next = new Set(s);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  const row = "flex w-full items-center rounded px-3 py-1.5 text-left text-sm focus:outline-none focus-visible:ring-2 focus-visible:ring-(--xy-menu-active-fg)/50";
  return (
    <nav aria-label="功能菜单" className="w-[220px] shrink-0 overflow-y-auto border-r border-slate-200 bg-(--xy-menu-bg) px-2 py-3 text-(--xy-menu-fg)">
      <Link
        to="/homepage"
        className={`${row} mb-1 hover:bg-black/5`}
        activeProps={{ className: "bg-(--xy-menu-active-bg)! text-(--xy-menu-active-fg) font-medium", "aria-current": "page" }}
      >
        首页
      </Link>
      {menu.isPending && <p className="px-3 py-2 text-sm opacity-60">正在读取菜单…</p>}
      {menu.isError && <p className="px-3 py-2 text-sm text-red-600">菜单读取出错</p>}
      <ul className="space-y-0.5">
        {menu.data?.map((folder) => {
          if (folder.path) return <MenuLink key={folder.id} entry={folder} current={isHere(folder, here)} className={row} indent={false} />;
          const expanded = open.has(folder.id);
          return (
            <li key={folder.id}>
              <button type="button" aria-expanded={expanded} onClick={() => toggle(folder.id)} className={`${row} justify-between font-medium hover:bg-black/5`}>
                {folder.typename}
                <svg aria-hidden viewBox="0 0 20 20" fill="currentColor" className={`size-4 opacity-60 transition-transform ${expanded ? "rotate-90" : ""}`}>
                  <path d="M7.3 5.3a1 1 0 0 1 1.4 0l4 4a1 1 0 0 1 0 1.4l-4 4a1 1 0 0 1-1.4-1.4L10.6 10 7.3 6.7a1 1 0 0 1 0-1.4Z" />
                </svg>
              </button>
              {expanded && (
                <ul className="mt-0.5 space-y-0.5">
                  {/* Deeper folders are flattened: the menu stays two levels high. */}
                  {entriesOf(folder.children ?? []).map((entry) => (
                    <MenuLink key={entry.id} entry={entry} current={isHere(entry, here)} className={row} />
                  ))}
                </ul>
              )}
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

function MenuLink({ entry, current, className, indent = true }: { entry: MenuNode; current: boolean; className: string; indent?: boolean }) {
  const { splat, search } = screenLink(entry);
  return (
    <li>
      <Link
        to="/$"
        params={{ _splat: splat }}
        search={search}
        aria-current={current ? "page" : undefined}
        className={`${className} ${indent ? "pl-7" : ""} ${current ? "bg-(--xy-menu-active-bg) font-medium text-(--xy-menu-active-fg)" : "bg-(--xy-menu-item-bg) hover:bg-black/5"}`}
      >
        {entry.typename}
      </Link>
    </li>
  );
}
