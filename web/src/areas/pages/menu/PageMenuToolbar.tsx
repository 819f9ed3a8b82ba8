import { Button } from "../../../ui/Button.tsx";
import type { Rights } from "../../../lib/screen.tsx";
import type { PageNode } from "../pageQueries.ts";
import type { Dialog } from "./PageMenuDialogs.tsx";

/**
 * What the menu tree does to the chosen page (add below, rename, move/copy, bind functions, delete,
 * its form entries) and to the whole menu (add a module, the API proxy table), each shown to the
 * rights it needs: A add and copy, E rename, move and bind, D delete.
 */
export function PageMenuToolbar({
  rights,
  chosen,
  deleting,
  onDelete,
  setDialog,
}: {
  rights: Rights;
  chosen: PageNode | null;
  deleting: boolean;
  onDelete: () => void;
  setDialog: (d: Dialog) => void;
}) {
  return (
    <div className="flex flex-wrap gap-1 border-b border-slate-200 p-2" role="toolbar" aria-label="页面菜单操作">
      {rights.a && (
        <Button size="sm" onClick={() => setDialog({ kind: "add", parent: null })}>
          新增模块
        </Button>
      )}
      {rights.a && (
        <Button size="sm" disabled={!chosen} onClick={() => chosen && setDialog({ kind: "add", parent: chosen })}>
          新增下级
        </Button>
      )}
      {rights.e && (
        <Button size="sm" disabled={!chosen} onClick={() => chosen && setDialog({ kind: "rename", page: chosen })}>
          重命名
        </Button>
      )}
      {(rights.e || rights.a) && (
        <Button size="sm" disabled={!chosen} onClick={() => chosen && setDialog({ kind: "move", page: chosen })}>
          移动/复制
        </Button>
      )}
      {rights.e && (
        <Button size="sm" disabled={!chosen} onClick={() => chosen && setDialog({ kind: "functions", page: chosen })}>
          后台功能
        </Button>
      )}
      {rights.d && (
        <Button size="sm" disabled={!chosen} busy={deleting} onClick={onDelete}>
          删除
        </Button>
      )}
      <Button size="sm" onClick={() => setDialog({ kind: "proxy" })}>
        接口映射
      </Button>
      <Button size="sm" disabled={!chosen} onClick={() => chosen && setDialog({ kind: "entries", page: chosen })}>
        表单记录
      </Button>
    </div>
  );
}
