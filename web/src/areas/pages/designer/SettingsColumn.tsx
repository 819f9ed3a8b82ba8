import { ComponentPanel, GlobalPanel, HeaderPanel, NavbarPanel, TabbarPanel } from "./panels.tsx";
import type { Selection } from "./store.ts";
import type { AnyComponent, Component, PageDocument } from "./model.ts";
import { DesignerTabs } from "./DesignerTabs.tsx";
import type { Action, Design } from "./design.ts";

export type SettingsTab = "global" | "component";

/** The right column: the page's global settings, or the settings of what is selected on the canvas (a component, the navigation bar, the banner, the tab bar). */
export function SettingsColumn({
  tab,
  onTab,
  doc,
  selection,
  selected,
  docChange,
  dispatch,
}: {
  tab: SettingsTab;
  onTab: (t: SettingsTab) => void;
  doc: Design;
  selection: Selection;
  selected?: AnyComponent;
  docChange: (update: (d: PageDocument) => PageDocument, field: string) => void;
  dispatch: (a: Action) => void;
}) {
  return (
    <aside aria-label="页面与组件设置" className="flex min-h-0 flex-col overflow-hidden rounded-md border border-slate-200 bg-white">
      <DesignerTabs
        label="设置"
        tabs={[
          ["global", "全局设置"],
          ["component", "组件设置"],
        ]}
        value={tab}
        onChange={onTab}
      />
      <div className="min-h-0 flex-1 overflow-auto" data-settings>
        {tab === "global" ? (
          <GlobalPanel
            doc={doc}
            record={doc.record}
            onChange={docChange}
            onRecord={(r, field) => dispatch({ type: "updateDoc", update: (d) => ({ ...d, record: { ...d.record, ...r } }), field: `record.${field}` })}
          />
        ) : selected ? (
          <ComponentPanel c={selected} onChange={(k, value) => dispatch({ type: "updateComponent", key: selected.id, patch: { [k]: value } as Partial<Component>, field: k })} />
        ) : selection.type === "part" && selection.part === "header" ? (
          <HeaderPanel doc={doc} onChange={docChange} />
        ) : selection.type === "part" && selection.part === "navbar" ? (
          <NavbarPanel doc={doc} onChange={docChange} />
        ) : selection.type === "part" && selection.part === "tabbar" ? (
          <TabbarPanel doc={doc} onChange={docChange} />
        ) : (
          <p className="p-4 text-sm text-slate-400">在画布上选择一个组件，或点击导航栏、页面横幅、底部菜单</p>
        )}
      </div>
    </aside>
  );
}
