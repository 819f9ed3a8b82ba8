import { PageMenuTree, type PageNode } from "../menu/index.ts";
import { Palette } from "./Palette.tsx";
import type { ComponentKind } from "./model.ts";
import { DesignerTabs } from "./DesignerTabs.tsx";

export type PagesTab = "menu" | "components";

/**
 * The left column: the pages' menu tree (where a page is chosen, added, renamed or deleted) and,
 * one tab away, the component palette.
 */
export function PagesColumn({
  tab,
  onTab,
  pageId,
  onOpen,
  onChanged,
  onDeleted,
  onAdd,
}: {
  tab: PagesTab;
  onTab: (t: PagesTab) => void;
  pageId?: number;
  onOpen: (p: PageNode) => void;
  onChanged: (p: PageNode) => void;
  onDeleted: (ids: number[]) => void;
  onAdd: (kind: ComponentKind) => void;
}) {
  return (
    <aside aria-label="页面菜单与组件" className="flex min-h-0 flex-col overflow-hidden rounded-md border border-slate-200 bg-white">
      <DesignerTabs
        label="左侧"
        tabs={[
          ["menu", "菜单"],
          ["components", "组件"],
        ]}
        value={tab}
        onChange={onTab}
      />
      <div className="min-h-0 flex-1 overflow-auto">
        {/* The tree stays mounted behind the palette: the page chosen in it (its toolbar's target) and the levels opened survive a look at the palette. */}
        <div className={tab === "menu" ? "h-full" : "hidden"}>
          <PageMenuTree selectedId={pageId} onOpen={onOpen} onChanged={onChanged} onDeleted={onDeleted} />
        </div>
        {tab === "components" && <Palette onAdd={onAdd} />}
      </div>
    </aside>
  );
}
