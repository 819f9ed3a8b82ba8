import { Suspense, lazy } from "react";
import type { PageNode } from "../pageQueries.ts";
import { NameDialog } from "./NameDialog.tsx";
import { MoveCopyDialog } from "./MoveCopyDialog.tsx";
import { FunctionsDialog } from "./FunctionsDialog.tsx";
import { ApiProxyDialog } from "./ApiProxyDialog.tsx";

// Loaded when opened: its paged table is not part of opening the designer (npm run bench -- console).
const FormEntriesDialog = lazy(() => import("./FormEntriesDialog.tsx").then((m) => ({ default: m.FormEntriesDialog })));

/** The dialog the menu tree's toolbar opened, with the page it acts on. */
export type Dialog =
  | { kind: "add"; parent: PageNode | null }
  | { kind: "rename"; page: PageNode }
  | { kind: "move"; page: PageNode }
  | { kind: "functions"; page: PageNode }
  | { kind: "proxy" }
  | { kind: "entries"; page: PageNode };

/** The open dialog of the menu tree; `onAdded` gets a new page, `onRenamed` a renamed one, `onChanged` any page stored. */
export function PageMenuDialogs({
  dialog,
  setDialog,
  onAdded,
  onRenamed,
  onChanged,
}: {
  dialog: Dialog | null;
  setDialog: (d: Dialog | null) => void;
  onAdded: (p: PageNode, parent: PageNode | null) => void;
  onRenamed: (p: PageNode) => void;
  onChanged?: (p: PageNode) => void;
}) {
  return (
    <>
      {dialog?.kind === "add" && (
        <NameDialog
          parent={dialog.parent}
          onClose={() => setDialog(null)}
          onSaved={(p) => {
            setDialog(null);
            onAdded(p, dialog.parent);
          }}
        />
      )}
      {dialog?.kind === "rename" && (
        <NameDialog
          parent={null}
          page={dialog.page}
          onClose={() => setDialog(null)}
          onSaved={(p) => {
            setDialog(null);
            onRenamed(p);
          }}
        />
      )}
      {dialog?.kind === "move" && <MoveCopyDialog module={dialog.page} onClose={() => setDialog(null)} onDone={() => setDialog(null)} />}
      {dialog?.kind === "functions" && (
        <FunctionsDialog
          page={dialog.page}
          onClose={() => setDialog(null)}
          onSaved={(p) => {
            setDialog(null);
            onChanged?.(p);
          }}
        />
      )}
      {dialog?.kind === "proxy" && <ApiProxyDialog onClose={() => setDialog(null)} />}
      {dialog?.kind === "entries" && (
        <Suspense fallback={null}>
          <FormEntriesDialog page={dialog.page} onClose={() => setDialog(null)} />
        </Suspense>
      )}
    </>
  );
}
