import type { ReactNode } from "react";
import { Link } from "@tanstack/react-router";
import { screenLink, screenTo, type MenuNode } from "../menu.ts";
import { focusRing, isHere, type Here } from "./sidebarPlace.ts";

/**
 * The folded menu: an icon rail with one letter per folder. A folder chosen on the rail opens the
 * menu again at that folder (`onOpenFolder`); a top-level entry opens its screen.
 */
export function SidebarRail({
  folders,
  here,
  currentFolder,
  onOpenFolder,
  toggler,
}: {
  folders: MenuNode[] | undefined;
  here: Here;
  currentFolder: number | undefined;
  onOpenFolder: (id: number) => void;
  toggler: ReactNode;
}) {
  return (
    <aside aria-label="侧边栏" className="flex w-14 shrink-0 flex-col border-r border-slate-200 bg-(--xy-menu-bg) py-3 text-(--xy-menu-fg)">
      <nav aria-label="功能菜单" className="min-h-0 flex-1 overflow-y-auto px-2">
        <ul className="space-y-1">
          <li>
            <Link
              to="/homepage"
              title="首页"
              aria-label="首页"
              className={`grid h-9 place-items-center rounded hover:bg-black/5 ${focusRing}`}
              activeProps={{ className: "bg-(--xy-menu-active-bg)! text-(--xy-menu-active-fg)", "aria-current": "page" }}
            >
              <svg aria-hidden viewBox="0 0 20 20" fill="currentColor" className="size-4">
                <path d="M10.7 2.3a1 1 0 0 0-1.4 0l-7 7A1 1 0 0 0 3 11h1v6a1 1 0 0 0 1 1h3v-4h4v4h3a1 1 0 0 0 1-1v-6h1a1 1 0 0 0 .7-1.7l-7-7Z" />
              </svg>
            </Link>
          </li>
          {folders?.map((folder) => (
            <RailItem key={folder.id} folder={folder} current={folder.path ? isHere(folder, here) : folder.id === currentFolder} onOpenFolder={onOpenFolder} />
          ))}
        </ul>
      </nav>
      <div className="px-2 pt-2">{toggler}</div>
    </aside>
  );
}

function RailItem({ folder, current, onOpenFolder }: { folder: MenuNode; current: boolean; onOpenFolder: (id: number) => void }) {
  const look = `grid h-9 w-full place-items-center rounded text-sm font-medium ${current ? "bg-(--xy-menu-active-bg) text-(--xy-menu-active-fg)" : "hover:bg-black/5"} ${focusRing}`;
  const letter = <span aria-hidden>{folder.typename.slice(0, 1)}</span>;
  if (folder.path) {
    const { splat, search } = screenLink(folder);
    return (
      <li>
        <Link to={screenTo(splat)} search={search} title={folder.typename} aria-label={folder.typename} className={look}>
          {letter}
        </Link>
      </li>
    );
  }
  return (
    <li>
      <button type="button" title={folder.typename} aria-label={folder.typename} className={look} onClick={() => onOpenFolder(folder.id)}>
        {letter}
      </button>
    </li>
  );
}
