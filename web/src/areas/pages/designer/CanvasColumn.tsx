import type { ComponentKind } from "./model.ts";
import type { Selection } from "./store.ts";
import { DesignCanvas, PagePreview } from "./Canvas.tsx";
import { DesignerTabs } from "./DesignerTabs.tsx";
import type { Action, Design } from "./design.ts";

export type CanvasTab = "design" | "preview";

/** The centre column: the page in Design (select, move, remove, duplicate its components) or in Preview. */
export function CanvasColumn({
  tab,
  onTab,
  doc,
  selection,
  dropTarget,
  dragKind,
  dispatch,
  onDuplicate,
}: {
  tab: CanvasTab;
  onTab: (t: CanvasTab) => void;
  doc: Design;
  selection: Selection;
  dropTarget?: string;
  dragKind?: ComponentKind;
  dispatch: (a: Action) => void;
  onDuplicate: (key: string) => void;
}) {
  return (
    <section className="flex min-h-0 flex-col overflow-hidden rounded-md border border-slate-200 bg-slate-100">
      <DesignerTabs
        label="画布"
        tabs={[
          ["design", "设计"],
          ["preview", "预览"],
        ]}
        value={tab}
        onChange={onTab}
      />
      <div className="min-h-0 flex-1 overflow-auto p-4">
        {tab === "design" ? (
          <DesignCanvas
            doc={doc}
            title={doc.record.name}
            selection={selection}
            dropTarget={dropTarget}
            dragKind={dragKind}
            onSelect={(s) => dispatch({ type: "select", selection: s })}
            onMove={(list, from, to) => dispatch({ type: "move", list, from, to })}
            onRemove={(key) => dispatch({ type: "remove", key })}
            onDuplicate={onDuplicate}
          />
        ) : (
          <PagePreview doc={doc} title={doc.record.name} />
        )}
      </div>
    </section>
  );
}
