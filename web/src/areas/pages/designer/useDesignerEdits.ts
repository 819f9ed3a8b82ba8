import { toast } from "../../../lib/toast.ts";
import { partsShown } from "../../../designedPage/DesignedPage.tsx";
import { listOf, locate, type DesignerState } from "./store.ts";
import { applyPageRules, defaultComponent, inHeader, roomFor, type AnyComponent, type Component, type ComponentKind, type ComponentListName, type PageDocument } from "./model.ts";
import type { Action, Design } from "./design.ts";

/**
 * The edits that read the page before they go to the store: the selected component, adding one
 * (where it was dropped, or after the selection) and duplicating one, each refused with a warning
 * when its list has no room; and a change of the document, the page rules applied to it.
 */
export function useDesignerEdits(state: DesignerState<Design>, dispatch: (a: Action) => void) {
  const doc = state.present;
  const place = state.selection.type === "component" ? locate(doc, state.selection.key) : undefined;
  const selected = place ? (listOf(doc, place.list)[place.index] as AnyComponent) : undefined;

  /** Adds a component where it was dropped, or (pressed in the palette) after the selected one — into the navigation bar when it or one of its components is selected and takes the kind. */
  const add = (kind: ComponentKind, at?: { list: ComponentListName; index: number }) => {
    // Only into a bar the page shows: a hidden one (guide page, another top area) keeps what it has but takes nothing new.
    const headerChosen = partsShown(doc).header && ((state.selection.type === "part" && state.selection.part === "header") || place?.list === "header");
    const target =
      at ??
      (headerChosen && inHeader(kind)
        ? { list: "header" as const, index: place?.list === "header" ? place.index + 1 : doc.header.components.length }
        : { list: "content" as const, index: place?.list === "content" ? place.index + 1 : doc.content.data.length });
    const refused = roomFor(doc, target.list, kind);
    if (refused) {
      toast.warning(refused);
      return;
    }
    dispatch({ type: "add", component: defaultComponent(kind), index: target.index, list: target.list });
  };
  const duplicate = (key: string) => {
    const at = locate(doc, key);
    const c = at && (listOf(doc, at.list)[at.index] as Component);
    const refused = at && c ? roomFor(doc, at.list, c.kind) : null;
    if (refused) toast.warning(refused);
    else dispatch({ type: "duplicate", key });
  };
  const docChange = (update: (d: PageDocument) => PageDocument, field: string) =>
    dispatch({ type: "updateDoc", update: (d) => ({ ...applyPageRules(update(d)), record: d.record }), field });

  return { selected, add, duplicate, docChange };
}
