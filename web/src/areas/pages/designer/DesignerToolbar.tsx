import { Button } from "../../../ui/Button.tsx";
import type { DesignerState } from "./store.ts";
import type { Action, Design } from "./design.ts";

/** The designer's top bar: the page's name and state (components, unsaved), undo and redo, reload and save. */
export function DesignerToolbar({
  state,
  dispatch,
  hasPage,
  dirty,
  saving,
  canSave,
  onSave,
  onReload,
}: {
  state: DesignerState<Design>;
  dispatch: (a: Action) => void;
  hasPage: boolean;
  dirty: boolean;
  saving: boolean;
  canSave: boolean;
  onSave: () => void;
  onReload?: () => void;
}) {
  return (
    <div className="flex shrink-0 items-center gap-2 rounded-md border border-slate-200 bg-white px-3 py-2">
      <span className="truncate text-sm font-medium text-slate-800" data-page-title>
        {state.present.record.name || "未命名页面"}
      </span>
      <span className="text-xs text-slate-400">{state.present.content.data.length}个组件</span>
      {!hasPage && <span className="text-xs text-amber-700">未选择页面：在“菜单”中选择或新增页面后可保存</span>}
      {dirty && (
        <span className="rounded bg-amber-50 px-1.5 text-xs text-amber-700" data-dirty>
          未保存
        </span>
      )}
      <span className="flex-1" />
      <Button size="sm" disabled={!state.past.length} onClick={() => dispatch({ type: "undo" })} title="撤销（Ctrl+Z）">
        ↶ 撤销
      </Button>
      <Button size="sm" disabled={!state.future.length} onClick={() => dispatch({ type: "redo" })} title="重做（Ctrl+Shift+Z）">
        ↷ 重做
      </Button>
      {onReload && (
        <Button size="sm" onClick={onReload}>
          重新读取
        </Button>
      )}
      <Button size="sm" variant="primary" busy={saving} disabled={!canSave} onClick={onSave}>
        保存
      </Button>
    </div>
  );
}
