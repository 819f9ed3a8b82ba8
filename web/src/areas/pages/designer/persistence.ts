import { useMemo, type ComponentType } from "react";
import { defaultPageDocument, type PageDocument } from "./model.ts";
import type { PageRecord } from "./panels.tsx";

/**
 * Where the designer reads and writes pages. Until the pages routes exist the document lives in the
 * designer's state only (the screen works, saving keeps nothing).
 */
export type LoadedPage = { record: PageRecord; doc: PageDocument };
export type MenuTreeProps = { selectedId?: number; onOpen: (id: number) => void };

export type Pages = {
  blank: () => LoadedPage;
  load: (id: number) => Promise<LoadedPage | undefined>;
  /** The page's id once stored, or undefined when the save was refused (the reason has been shown). */
  save: (id: number | undefined, record: PageRecord, doc: PageDocument) => Promise<number | undefined>;
  MenuTree: ComponentType<MenuTreeProps>;
};

const NEW_RECORD: PageRecord = { name: "新页面", seq: 99, enableStatus: 1 };

function NoTree() {
  return null;
}

export function usePages(): Pages {
  return useMemo(
    () => ({
      blank: () => ({ record: NEW_RECORD, doc: defaultPageDocument() }),
      load: async () => undefined,
      save: async (id) => id ?? 0,
      MenuTree: NoTree,
    }),
    [],
  );
}
