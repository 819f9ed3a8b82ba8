import { focusRing } from "./sidebarPlace.ts";

/** The button that folds the menu to an icon rail and opens it again. */
export function SidebarToggle({ collapsed, onToggle }: { collapsed: boolean; onToggle: () => void }) {
  return (
    <button
      type="button"
      onClick={onToggle}
      aria-label={collapsed ? "展开菜单" : "收起菜单"}
      title={collapsed ? "展开菜单" : "收起菜单"}
      aria-expanded={!collapsed}
      className={`flex h-8 w-full items-center rounded px-3 text-sm hover:bg-black/5 ${collapsed ? "justify-center px-0" : "gap-2"} ${focusRing}`}
    >
      <svg aria-hidden viewBox="0 0 20 20" fill="currentColor" className={`size-4 transition-transform ${collapsed ? "rotate-180" : ""}`}>
        <path d="M12.7 5.3a1 1 0 0 1 0 1.4L9.4 10l3.3 3.3a1 1 0 0 1-1.4 1.4l-4-4a1 1 0 0 1 0-1.4l4-4a1 1 0 0 1 1.4 0Z" />
      </svg>
      {!collapsed && <span>收起菜单</span>}
    </button>
  );
}
