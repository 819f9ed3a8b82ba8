import { useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { Modal } from "../../../ui/dialogs/Modal.tsx";
import { Button } from "../../../ui/Button.tsx";
import { useApi } from "../../../lib/screen.tsx";
import { pageQueries, splitList, useSavePage, type MenuNode, type PageNode } from "../pageQueries.ts";

/** The console's screens (functions with a path), folder by folder. */
function screensOf(nodes: MenuNode[], folder = ""): { code: string; name: string; folder: string }[] {
  return nodes.flatMap((n) => (n.children?.length ? screensOf(n.children, n.typename) : n.path ? [{ code: String(n.id), name: n.typename, folder }] : []));
}

/**
 * Chooses the back-end functions a page is bound to (R582): their codes and names are stored
 * comma-separated (columnCode, columnName). The document is sent blank, so it is kept.
 */
export function FunctionsDialog({ page, onClose, onSaved }: { page: PageNode; onClose: () => void; onSaved: (p: PageNode) => void }) {
  const api = useApi();
  const menu = useQuery(pageQueries.functions(api));
  const [chosen, setChosen] = useState<Set<string>>(() => new Set(splitList(page.columnCode)));
  const save = useSavePage();
  const screens = screensOf(menu.data?.dataList ?? []);
  const toggle = (code: string) =>
    setChosen((s) => {
      const next = new Set(s);
      if (next.has(code)) next.delete(code);
      else next.add(code);
      return next;
    });
  const submit = async () => {
    const picked = screens.filter((s) => chosen.has(s.code));
    // Codes no longer in the menu (another tenant's, removed) are kept as they were.
    const unknown = splitList(page.columnCode).filter((c) => chosen.has(c) && !screens.some((s) => s.code === c));
    const names = splitList(page.columnName);
    const codes = [...unknown, ...picked.map((s) => s.code)];
    const labels = [...unknown.map((c) => names[splitList(page.columnCode).indexOf(c)] ?? c), ...picked.map((s) => s.name)];
    const r = await save
      .mutateAsync({
        id: page.id,
        parentId: page.parentId,
        name: page.name,
        code: page.code,
        seq: page.seq,
        isMenu: page.isMenu,
        url: page.url,
        icon: page.icon,
        jumpJson: page.jumpJson,
        enableStatus: page.enableStatus,
        sysModuleId: page.sysModuleId,
        branchId: page.branchId,
        columnCode: codes.join(","),
        columnName: labels.join(","),
        configJson: "",
      })
      .catch(() => null);
    if (r?.data) onSaved(r.data);
  };
  return (
    <Modal
      open
      title="选择后台功能"
      width={600}
      onClose={onClose}
      footer={
        <>
          <Button onClick={onClose}>取消</Button>
          <Button variant="primary" busy={save.isPending} onClick={() => void submit()}>
            确定
          </Button>
        </>
      }
    >
      {menu.isPending ? (
        <p className="text-sm text-slate-500">加载中…</p>
      ) : (
        <div className="text-sm" aria-label="后台功能">
          {[...new Set(screens.map((s) => s.folder))].map((f) => (
            <fieldset key={f} className="mb-2">
              <legend className="font-medium text-slate-600">{f}</legend>
              <div className="grid grid-cols-2 gap-x-4">
                {screens
                  .filter((s) => s.folder === f)
                  .map((s) => (
                    <label key={s.code} className="flex items-center gap-2 py-0.5">
                      <input type="checkbox" checked={chosen.has(s.code)} onChange={() => toggle(s.code)} />
                      {s.name}
                      <span className="text-xs text-slate-400">{s.code}</span>
                    </label>
                  ))}
              </div>
            </fieldset>
          ))}
        </div>
      )}
    </Modal>
  );
}
