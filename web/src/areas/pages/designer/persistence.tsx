import { useMemo } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { useApi } from "../../../lib/screen.tsx";
import { invalidateRoutes } from "../../../lib/routeQuery.ts";
import { unwrap } from "../../../lib/query.ts";
import type { DataOf } from "../../../lib/contract.ts";
import { toast } from "../../../lib/toast.ts";
import { defaultPageDocument, parsePageDocument, type PageDocument } from "./model.ts";
import type { PageRecord } from "./panels.tsx";

/**
 * Where the designer reads and writes pages: custompage/view gives the record and its document
 * (configJson, already migrated by the server), custompage/save stores both. The record's fields
 * the designer does not edit (parent, code, menu flags, bound functions) travel back as they came.
 */
const VIEW = "GET /gateway/api/manage/custompage/view";
const SAVE = "POST /gateway/api/manage/custompage/save";

type View = DataOf<typeof VIEW>;
/** The record's fields the designer sends back as they came (the save route's, without the document and the designer's own). */
export type PageRow = Partial<Pick<View, "id" | "code" | "isMenu" | "url" | "icon" | "jumpJson" | "sysModuleId" | "columnCode" | "columnName" | "branchId">> & { parentId: number };
export type LoadedPage = { row: PageRow; record: PageRecord; doc: PageDocument };

type RowFields = Pick<View, "id" | "parentId" | "code" | "isMenu" | "url" | "icon" | "jumpJson" | "sysModuleId" | "columnCode" | "columnName" | "branchId">;
/** The record's fields the designer sends back, from the view or from a node of the menu tree (the same record without its document). */
export const rowOf = (v: RowFields): PageRow => ({
  id: v.id,
  parentId: v.parentId,
  code: v.code,
  isMenu: v.isMenu,
  url: v.url,
  icon: v.icon,
  jumpJson: v.jumpJson,
  sysModuleId: v.sysModuleId,
  columnCode: v.columnCode,
  columnName: v.columnName,
  branchId: v.branchId,
});

/** A page not yet chosen in the tree (R554: order 99, R559: enabled), with a new page's document: to try the designer; saving needs a page of the tree. */
export const blankPage = (parentId: number): LoadedPage => ({ row: { parentId }, record: { name: "新页面", seq: 99, enableStatus: 1 }, doc: defaultPageDocument() });

export function usePages() {
  const api = useApi();
  const qc = useQueryClient();
  return useMemo(
    () => ({
      /** The page by id, or undefined when it could not be read (the reason has been shown). */
      async load(id: number): Promise<LoadedPage | undefined> {
        const reply = await api.call(VIEW, { id });
        if (reply.code !== "200" || !reply.data) {
          if (reply.code !== "401" && reply.code !== "403") toast.error(reply.desc || "获取数据失败，请重试");
          return undefined;
        }
        const v = reply.data;
        const parsed = parsePageDocument(v.configJson);
        if (!parsed.ok) toast.warning(`页面配置有误，已按新页面打开：${parsed.msg}`);
        return { row: rowOf(v), record: { name: v.name, seq: v.seq, enableStatus: v.enableStatus }, doc: parsed.ok ? parsed.doc : defaultPageDocument() };
      },
      /** Stores the page; its id once stored, or undefined when refused (the reason has been shown). */
      async save(row: PageRow, record: PageRecord, doc: PageDocument): Promise<number | undefined> {
        try {
          const r = await unwrap(api.call(SAVE, { ...row, ...record, configJson: JSON.stringify(doc) }), "save");
          await invalidateRoutes(qc, ["GET /gateway/api/manage/custompage/"]);
          return r.data?.id;
        } catch {
          return undefined;
        }
      },
    }),
    [api, qc],
  );
}
