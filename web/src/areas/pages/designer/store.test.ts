import { describe, expect, it } from "vitest";
import { HISTORY_LIMIT, designerReducer, initDesigner, isDirty, type DesignerAction, type DesignerState } from "./store.ts";

type C = { id: string; kind: string; title?: string };
type D = { title: string; content: { display: boolean; data: C[] }; header: { components: C[] } };
const doc = (...kinds: string[]): D => ({ title: "首页", content: { display: true, data: kinds.map((kind) => ({ id: "", kind })) }, header: { components: [] } });
/** A page with components in its navigation bar too. */
const withHeader = (header: string[], ...content: string[]): D => ({ ...doc(...content), header: { components: header.map((kind) => ({ id: "", kind })) } });
const run = (s: DesignerState<D>, ...actions: DesignerAction<D, C>[]) => actions.reduce((st, a) => designerReducer<D, C>(st, a), s);
const kinds = (s: DesignerState<D>) => s.present.content.data.map((c) => c.kind);
const keys = (s: DesignerState<D>) => s.present.content.data.map((c) => c.id);
const headerKinds = (s: DesignerState<D>) => s.present.header.components.map((c) => c.kind);
const headerKeys = (s: DesignerState<D>) => s.present.header.components.map((c) => c.id);

describe("designer store", () => {
  it("adds at the end or at a position, selects the new component and gives it a key", () => {
    let s = run(initDesigner<D, C>(doc("Banner")), { type: "add", component: { id: "", kind: "Menu" } });
    expect(kinds(s)).toEqual(["Banner", "Menu"]);
    expect(s.selection).toEqual({ type: "component", key: keys(s)[1] });
    s = run(s, { type: "add", component: { id: "", kind: "Search" }, index: 0 });
    expect(kinds(s)).toEqual(["Search", "Banner", "Menu"]);
    expect(new Set(keys(s)).size).toBe(3);
  });

  it("moves a component with its key and ignores moves outside the list", () => {
    const s0 = initDesigner<D, C>(doc("A", "B", "C"));
    const s = run(s0, { type: "move", from: 0, to: 2 });
    expect(kinds(s)).toEqual(["B", "C", "A"]);
    expect(keys(s)).toEqual([keys(s0)[1], keys(s0)[2], keys(s0)[0]]);
    expect(run(s, { type: "move", from: 0, to: 3 })).toBe(s);
    expect(run(s, { type: "move", from: -1, to: 0 })).toBe(s);
  });

  it("deletes and duplicates by key; deleting the selected one selects the global settings", () => {
    const s0 = initDesigner<D, C>(doc("A", "B"));
    const [a, b] = keys(s0);
    let s = run(s0, { type: "select", selection: { type: "component", key: b! } }, { type: "remove", key: b! });
    expect(kinds(s)).toEqual(["A"]);
    expect(s.selection).toEqual({ type: "global" });
    s = run(s, { type: "updateComponent", key: a!, patch: { title: "x" } }, { type: "duplicate", key: a! });
    expect(s.present.content.data.map(({ kind, title }) => ({ kind, title }))).toEqual([
      { kind: "A", title: "x" },
      { kind: "A", title: "x" },
    ]);
    expect(new Set(keys(s)).size).toBe(2);
    // A copy, not the same object: editing one leaves the other.
    s = run(s, { type: "updateComponent", key: keys(s)[1]!, patch: { title: "y" } });
    expect(s.present.content.data.map((c) => c.title)).toEqual(["x", "y"]);
  });

  it("undoes and redoes every kind of edit, and a new edit drops the redo steps", () => {
    const s0 = initDesigner<D, C>(doc("A"));
    let s = run(s0, { type: "add", component: { id: "", kind: "B" } }, { type: "move", from: 1, to: 0 }, { type: "remove", key: keys(s0)[0]! });
    expect(kinds(s)).toEqual(["B"]);
    s = run(s, { type: "undo" });
    expect(kinds(s)).toEqual(["B", "A"]);
    s = run(s, { type: "undo" }, { type: "undo" });
    expect(kinds(s)).toEqual(["A"]);
    expect(run(s, { type: "undo" })).toBe(s);
    s = run(s, { type: "redo" });
    expect(kinds(s)).toEqual(["A", "B"]);
    s = run(s, { type: "updateDoc", update: (d) => ({ ...d, title: "新" }) });
    expect(s.future).toEqual([]);
    expect(run(s, { type: "redo" })).toBe(s);
  });

  it("undo after deleting the selected component's neighbour keeps the selection; after undoing its addition selects global", () => {
    let s = run(initDesigner<D, C>(doc()), { type: "add", component: { id: "", kind: "Banner" } });
    expect(s.selection.type).toBe("component");
    s = run(s, { type: "undo" });
    expect(s.selection).toEqual({ type: "global" });
    s = run(s, { type: "redo" });
    expect(kinds(s)).toEqual(["Banner"]);
  });

  it("edits of the same field coalesce into one undo step; another field starts a new one", () => {
    const s0 = initDesigner<D, C>(doc("A"));
    const k = keys(s0)[0]!;
    const s = run(
      s0,
      { type: "updateComponent", key: k, patch: { title: "a" }, field: "title" },
      { type: "updateComponent", key: k, patch: { title: "ab" }, field: "title" },
      { type: "updateDoc", update: (d) => ({ ...d, title: "T" }), field: "title" },
    );
    expect(s.past).toHaveLength(2);
    const u = run(s, { type: "undo" });
    expect(u.present.title).toBe("首页");
    expect(u.present.content.data[0]!.title).toBe("ab");
    expect(run(u, { type: "undo" }).present.content.data[0]!.title).toBeUndefined();
  });

  it("keeps at most HISTORY_LIMIT steps back", () => {
    let s = initDesigner<D, C>(doc());
    for (let i = 0; i < HISTORY_LIMIT + 20; i++) s = run(s, { type: "add", component: { id: "", kind: `K${i}` } });
    expect(s.past).toHaveLength(HISTORY_LIMIT);
    while (s.past.length) s = run(s, { type: "undo" });
    expect(kinds(s)).toHaveLength(20);
  });

  it("gives a loaded document's missing and repeated ids fresh ones, and is not dirty for it", () => {
    const d: D = {
      title: "",
      header: { components: [{ id: "a", kind: "H" }] },
      content: {
        display: true,
        data: [
          { id: "a", kind: "A" },
          { id: "a", kind: "B" },
          { id: "", kind: "C" },
        ],
      },
    };
    const s = initDesigner<D, C>(d);
    // Unique across both lists: the header's "a" came first and keeps it.
    expect(headerKeys(s)).toEqual(["a"]);
    expect(keys(s)[0]).not.toBe("a");
    expect(new Set([...headerKeys(s), ...keys(s)]).size).toBe(4);
    expect(keys(s).every(Boolean)).toBe(true);
    expect(isDirty(s)).toBe(false);
  });

  it("is dirty after an edit and clean again after undoing it or saving", () => {
    let s = initDesigner<D, C>(doc("A"));
    expect(isDirty(s)).toBe(false);
    s = run(s, { type: "add", component: { id: "", kind: "B" } });
    expect(isDirty(s)).toBe(true);
    expect(isDirty(run(s, { type: "undo" }))).toBe(false);
    expect(isDirty(run(s, { type: "saved", doc: s.present }))).toBe(false);
  });

  describe("the navigation bar's list (header) takes the same operations", () => {
    it("adds into the header at a position, keys unique across both lists, the content untouched", () => {
      const s0 = initDesigner<D, C>(withHeader(["Search"], "Banner"));
      let s = run(s0, { type: "add", component: { id: "", kind: "Menu" }, list: "header" });
      expect(headerKinds(s)).toEqual(["Search", "Menu"]);
      expect(s.present.content).toBe(s0.present.content);
      expect(s.selection).toEqual({ type: "component", key: headerKeys(s)[1] });
      s = run(s, { type: "add", component: { id: "", kind: "LFTabs" }, list: "header", index: 0 });
      expect(headerKinds(s)).toEqual(["LFTabs", "Search", "Menu"]);
      expect(new Set([...headerKeys(s), ...keys(s)]).size).toBe(4);
    });

    it("moves within the header only; a move of the content leaves the header", () => {
      const s0 = initDesigner<D, C>(withHeader(["A", "B", "C"], "X", "Y"));
      let s = run(s0, { type: "move", from: 2, to: 0, list: "header" });
      expect(headerKinds(s)).toEqual(["C", "A", "B"]);
      expect(kinds(s)).toEqual(["X", "Y"]);
      expect(run(s, { type: "move", from: 0, to: 3, list: "header" })).toBe(s);
      s = run(s, { type: "move", from: 0, to: 1 });
      expect(kinds(s)).toEqual(["Y", "X"]);
      expect(headerKinds(s)).toEqual(["C", "A", "B"]);
    });

    it("selects, edits, duplicates and deletes a header component by its key", () => {
      const s0 = initDesigner<D, C>(withHeader(["Search", "Menu"], "Search"));
      const [search] = headerKeys(s0);
      let s = run(s0, { type: "select", selection: { type: "component", key: search! } }, { type: "updateComponent", key: search!, patch: { title: "找" } });
      expect(s.present.header.components[0]!.title).toBe("找");
      expect(s.present.content.data[0]!.title).toBeUndefined();
      s = run(s, { type: "duplicate", key: search! });
      expect(headerKinds(s)).toEqual(["Search", "Search", "Menu"]);
      expect(s.present.header.components[1]!.title).toBe("找");
      expect(kinds(s)).toEqual(["Search"]);
      s = run(s, { type: "select", selection: { type: "component", key: search! } }, { type: "remove", key: search! });
      expect(headerKinds(s)).toEqual(["Search", "Menu"]);
      expect(headerKeys(s)[0]).not.toBe(search);
      expect(s.selection).toEqual({ type: "global" });
    });

    it("undoes and redoes header edits; undoing the addition of the selected header component selects global", () => {
      const s0 = initDesigner<D, C>(withHeader([], "Banner"));
      let s = run(s0, { type: "add", component: { id: "", kind: "Search" }, list: "header" }, { type: "add", component: { id: "", kind: "Menu" }, list: "header" });
      s = run(s, { type: "move", from: 1, to: 0, list: "header" });
      expect(headerKinds(s)).toEqual(["Menu", "Search"]);
      s = run(s, { type: "undo" });
      expect(headerKinds(s)).toEqual(["Search", "Menu"]);
      expect(s.selection.type).toBe("component");
      s = run(s, { type: "undo" });
      expect(headerKinds(s)).toEqual(["Search"]);
      expect(s.selection).toEqual({ type: "global" });
      s = run(s, { type: "redo" }, { type: "redo" });
      expect(headerKinds(s)).toEqual(["Menu", "Search"]);
      expect(kinds(s)).toEqual(["Banner"]);
      expect(isDirty(run(s, { type: "undo" }, { type: "undo" }, { type: "undo" }))).toBe(false);
    });
  });

  it("a change stored elsewhere reaches every snapshot: not dirty, not undone, unsaved edits kept", () => {
    let s = initDesigner<D, C>(doc("A"));
    const rename = (d: D): D => ({ ...d, title: "改名" });
    expect(isDirty(run(s, { type: "stored", update: rename }))).toBe(false);
    s = run(s, { type: "add", component: { id: "", kind: "B" } }, { type: "stored", update: rename });
    expect(s.present.title).toBe("改名");
    expect(kinds(s)).toEqual(["A", "B"]);
    expect(isDirty(s)).toBe(true);
    s = run(s, { type: "undo" });
    expect(s.present.title).toBe("改名");
    expect(isDirty(s)).toBe(false);
    expect(run(s, { type: "redo" }).present.title).toBe("改名");
  });
});
