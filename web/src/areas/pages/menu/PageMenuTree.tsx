import { useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { confirm } from "../../../ui/dialogs/Confirm.tsx";
import { useApi, useScreen } from "../../../lib/screen.tsx";
import { pageQueries, useDeletePage, type PageNode } from "../pageQueries.ts";
import { PageMenuToolbar } from "./PageMenuToolbar.tsx";
import { PageMenuDialogs, type Dialog } from "./PageMenuDialogs.tsx";
import { Level } from "./PageTreeLevel.tsx";

/**
 * The designer's Menu tab: the tree of pages per terminal (its top nodes are the terminals'
 * modules), read a level at a time. Choosing a page opens it in the designer (`onOpen`); the
 * toolbar acts on the chosen page: add below, rename, delete with its children (after a
 * confirmation), move/copy the module, bind back-end functions; and the API proxy mapping table.
 * Buttons follow the screen's rights (A add and copy, E rename, move and bind, D delete).
 */
export const DELETE_PAGE_WARNING = "删除该页面将同时删除其下所有页面，且删除后不可恢复，确定删除吗？";

type Props = {
  /** The page the designer shows. */
  selectedId?: number;
  onOpen: (page: PageNode) => void;
  /** A page's record stored from here (renamed, functions bound): the designer showing it takes the stored fields. */
  onChanged?: (page: PageNode) => void;
  /** Pages removed (the chosen one and everything below it): the designer closes them. */
  onDeleted?: (ids: number[]) => void;
};

export function PageMenuTree({ selectedId, onOpen, onChanged, onDeleted }: Props) {
  const { rights } = useScreen();
  const api = useApi();
  const [picked, setChosen] = useState<PageNode | null>(null);
  // The chosen page as its level reads it now (the same query as the tree's, so no extra call): the dialogs
  // send the whole record back, and after the designer saved a new name the node picked earlier is stale.
  const level = useQuery({ ...pageQueries.level(api, picked?.parentId ?? 0), enabled: picked !== null });
  const chosen = picked && (level.data?.dataList?.find((n) => n.id === picked.id) ?? picked);
  const [expanded, setExpanded] = useState<Set<number>>(() => new Set([0]));
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const remove = useDeletePage();

  const toggle = (id: number, on = !expanded.has(id)) =>
    setExpanded((s) => {
      const next = new Set(s);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const choose = (p: PageNode) => {
    setChosen(p);
    onOpen(p);
  };
  const del = async () => {
    if (!chosen) return;
    if (!(await confirm({ title: "删除确认", message: DELETE_PAGE_WARNING, okText: "删除", danger: true }))) return;
    const ok = await remove.mutateAsync({ id: chosen.id }).then(
      () => true,
      () => false,
    );
    if (!ok) return;
    onDeleted?.([chosen.id]);
    setChosen(null);
  };

  return (
    <div className="flex h-full min-h-0 flex-col text-sm">
      <PageMenuToolbar rights={rights} chosen={chosen} deleting={remove.isPending} onDelete={() => void del()} setDialog={setDialog} />
      <ul role="tree" aria-label="页面菜单" className="min-h-0 flex-1 overflow-auto p-2">
        <Level parentId={0} depth={0} expanded={expanded} toggle={toggle} chosenId={chosen?.id ?? selectedId} choose={choose} />
      </ul>
      <PageMenuDialogs
        dialog={dialog}
        setDialog={setDialog}
        onAdded={(p, parent) => {
          if (parent) toggle(parent.id, true);
          choose(p);
        }}
        onRenamed={(p) => {
          setChosen(p);
          onChanged?.(p);
        }}
        onChanged={onChanged}
      />
    </div>
  );
}
