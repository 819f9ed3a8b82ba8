import { useEffect, useState } from "react";
import { useScreen } from "../../../lib/screen.tsx";
import { rowOf, blankPage } from "./persistence.tsx";
import { DesignerToolbar } from "./DesignerToolbar.tsx";
import { DesignerDnd } from "./DesignerDnd.tsx";
import { PagesColumn, type PagesTab } from "./PagesColumn.tsx";
import { CanvasColumn, type CanvasTab } from "./CanvasColumn.tsx";
import { SettingsColumn, type SettingsTab } from "./SettingsColumn.tsx";
import { useDesignerPage } from "./useDesignerPage.ts";
import { useDesignerEdits } from "./useDesignerEdits.ts";

/**
 * /custompage (自定义页面, function 1401): the page designer. Left: the pages' menu tree and the
 * component palette; centre: the page, in Design (edit) or Preview; right: the global settings or
 * the selected component's (or header's, banner's, tab bar's) settings. Every edit goes through the
 * designer store, so it can be undone (Ctrl+Z) and redone (Ctrl+Shift+Z / Ctrl+Y); leaving with
 * unsaved edits asks first. This file and everything it imports load as their own chunk (screens.ts).
 */
export default function DesignerScreen() {
  const { rights } = useScreen();
  // A page is chosen (or added) in the menu tree first; the palette is one tab away.
  const [left, setLeft] = useState<PagesTab>("menu");
  const [centre, setCentre] = useState<CanvasTab>("design");
  const [right, setRight] = useState<SettingsTab>("global");
  const { pageId, setRow, state, dispatch, dirty, saving, show, open, save, reload } = useDesignerPage(() => setRight("global"));
  const { selected, add, duplicate, docChange } = useDesignerEdits(state, dispatch);

  // A selection on the canvas opens the component settings; choosing the global tab shows the page's.
  useEffect(() => {
    if (state.selection.type !== "global") setRight("component");
  }, [state.selection]);

  const doc = state.present;
  return (
    <div className="flex h-[calc(100vh-7rem)] min-h-[560px] flex-col gap-2" data-designer>
      <DesignerToolbar
        state={state}
        dispatch={dispatch}
        hasPage={pageId !== undefined}
        dirty={dirty}
        saving={saving}
        canSave={pageId !== undefined && rights.e}
        onSave={() => void save()}
        onReload={pageId === undefined ? undefined : () => void reload()}
      />
      <DesignerDnd doc={doc} dispatch={dispatch} add={add}>
        {(dropTarget, dragKind) => (
          <div className="grid min-h-0 flex-1 grid-cols-[15rem_minmax(0,1fr)_20rem] gap-2">
            <PagesColumn
              tab={left}
              onTab={setLeft}
              pageId={pageId}
              onOpen={(p) => void open(p.id)}
              onChanged={(p) => {
                // The open page renamed (or its functions bound) in the tree: what the designer shows and will send back is the stored record, not the one it loaded.
                if (p.id !== pageId) return;
                setRow(rowOf(p));
                dispatch({ type: "stored", update: (d) => ({ ...d, record: { ...d.record, name: p.name } }) });
              }}
              onDeleted={(ids) => {
                if (pageId !== undefined && ids.includes(pageId)) show(blankPage(0));
              }}
              onAdd={(k) => add(k)}
            />
            <CanvasColumn
              tab={centre}
              onTab={setCentre}
              doc={doc}
              selection={state.selection}
              dropTarget={dropTarget}
              dragKind={dragKind}
              dispatch={dispatch}
              onDuplicate={duplicate}
            />
            <SettingsColumn tab={right} onTab={setRight} doc={doc} selection={state.selection} selected={selected} docChange={docChange} dispatch={dispatch} />
          </div>
        )}
      </DesignerDnd>
    </div>
  );
}
