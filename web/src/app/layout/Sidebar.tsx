import { useEffect, useState } from "react";
import { Link } from "@tanstack/react-router";
import { entriesOf, screenLink, screenTo, useMenu, type MenuNode } from "../menu.ts";
import { entryFor } from "../screen/registry.ts";
import { SidebarRail } from "./SidebarRail.tsx";
import { SidebarToggle } from "./SidebarToggle.tsx";
import { focusRing, isHere, useCurrent } from "./sidebarPlace.ts";

/** Whether the menu entry's screen exists yet (a line in its area's screens.ts); else it opens "该功能正在建设中". */
export const isBuilt = (entry: Pick<MenuNode, "path">) => !!entryFor(entry.path);

/**
 * The mark of an entry whose screen is not built yet, in the menu and the homepage's function map.
 * Screen readers hear it as the link's description (its title), so the link keeps the entry's name.
 */
export function BuildingTag() {
  return (
    <span aria-hidden className="ml-auto shrink-0 rounded bg-slate-100 px-1 text-[11px] leading-4 font-normal text-slate-600">
      建设中
    </span>
  );
}

/** The folded menu (an icon rail) is remembered in the browser, like the column choices. */
export const COLLAPSED_KEY = "xy.sidebar.collapsed";

function useCollapsed(): [boolean, (c: boolean) => void] {
  const [collapsed, setCollapsed] = useState(() => {
    try {
      return localStorage.getItem(COLLAPSED_KEY) === "1";
    } catch {
      return false;
    }
  });
  const set = (c: boolean) => {
    setCollapsed(c);
    try {
      if (c) localStorage.setItem(COLLAPSED_KEY, "1");
      else localStorage.removeItem(COLLAPSED_KEY);
    } catch {
      // A browser without storage keeps the choice until the page is left.
    }
  };
  return [collapsed, set];
}

/**
 * The left menu: the caller's menu tree (type/list), folders opening in place, the current screen
 * marked, entries without a screen yet marked 建设中. It folds to an icon rail (one letter per
 * folder); a folder chosen on the rail opens the menu again at that folder.
 */
export function Sidebar() {
  const menu = useMenu();
  const here = useCurrent();
  const [open, setOpen] = useState<Set<number>>(new Set());
  const [collapsed, setCollapsed] = useCollapsed();

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

  const row = `flex w-full items-center gap-2 rounded px-3 py-1.5 text-left text-sm ${focusRing}`;
  const toggler = <SidebarToggle collapsed={collapsed} onToggle={() => setCollapsed(!collapsed)} />;
  const openFolder = (id: number) => {
    setOpen((s) => new Set(s).add(id));
    setCollapsed(false);
  };

  if (collapsed) return <SidebarRail folders={menu.data} here={here} currentFolder={currentFolder} onOpenFolder={openFolder} toggler={toggler} />;

  return (
    // The fold button sits below the menu, outside its navigation landmark.
    <aside aria-label="侧边栏" className="flex w-[220px] shrink-0 flex-col border-r border-slate-200 bg-(--xy-menu-bg) py-3 text-(--xy-menu-fg)">
      <nav aria-label="功能菜单" className="min-h-0 flex-1 overflow-y-auto px-2">
        <Link
          to="/homepage"
          className={`${row} mb-1 hover:bg-black/5`}
          activeProps={{ className: "bg-(--xy-menu-active-bg)! text-(--xy-menu-active-fg) font-medium", "aria-current": "page" }}
        >
          首页
        </Link>
        {/* In the menu's own text colour: faded (opacity-60) it failed axe's contrast check when a screen was audited before the menu arrived. */}
        {menu.isPending && <p className="px-3 py-2 text-sm italic">正在读取菜单…</p>}
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
      <div className="mt-2 border-t border-black/5 px-2 pt-2">{toggler}</div>
    </aside>
  );
}

function MenuLink({ entry, current, className, indent = true }: { entry: MenuNode; current: boolean; className: string; indent?: boolean }) {
  const { splat, search } = screenLink(entry);
  const built = isBuilt(entry);
  return (
    <li>
      {/* Greyed with a tag, in colours that keep the contrast readable (axe). */}
      <Link
        to={screenTo(splat)}
        search={search}
        aria-current={current ? "page" : undefined}
        title={built ? undefined : "该功能正在建设中"}
        className={`${className} ${indent ? "pl-7" : ""} ${current ? "bg-(--xy-menu-active-bg) font-medium text-(--xy-menu-active-fg)" : "bg-(--xy-menu-item-bg) hover:bg-black/5"} ${built ? "" : "text-slate-500"}`}
      >
        {entry.typename}
        {!built && <BuildingTag />}
      </Link>
    </li>
  );
}
