import { describe, expect, it } from "vitest";
import { HISTORY_LIMIT, designerReducer, initDesigner, isDirty, type DesignerAction, type DesignerState } from "./store.ts";

type C = { kind: string; title?: string };
type D = { title: string; content: { display: boolean; data: C[] } };
const doc = (...kinds: string[]): D => ({ title: "首页", content: { display: true, data: kinds.map((kind) => ({ kind })) } });
const run = (s: DesignerState<D>, ...actions: DesignerAction<D, C>[]) => actions.reduce((st, a) => designerReducer<D, C>(st, a), s);
const kinds = (s: DesignerState<D>) => s.present.doc.content.data.map((c) => c.kind);

describe("designer store", () => {
  it("adds at the end or at a position, selects the new component and gives it a key", () => {
    let s = run(initDesigner<D, C>(doc("Banner")), { type: "add", component: { kind: "Menu" } });
    expect(kinds(s)).toEqual(["Banner", "Menu"]);
    expect(s.selection).toEqual({ type: "component", key: s.present.keys[1] });
    s = run(s, { type: "add", component: { kind: "Search" }, index: 0 });
    expect(kinds(s)).toEqual(["Search", "Banner", "Menu"]);
    expect(new Set(s.present.keys).size).toBe(3);
  });

  it("moves a component with its key and ignores moves outside the list", () => {
    const s0 = initDesigner<D, C>(doc("A", "B", "C"));
    const s = run(s0, { type: "move", from: 0, to: 2 });
    expect(kinds(s)).toEqual(["B", "C", "A"]);
    expect(s.present.keys).toEqual([s0.present.keys[1], s0.present.keys[2], s0.present.keys[0]]);
    expect(run(s, { type: "move", from: 0, to: 3 })).toBe(s);
    expect(run(s, { type: "move", from: -1, to: 0 })).toBe(s);
  });

  it("deletes and duplicates by key; deleting the selected one selects the global settings", () => {
    const s0 = initDesigner<D, C>(doc("A", "B"));
    const [a, b] = s0.present.keys;
    let s = run(s0, { type: "select", selection: { type: "component", key: b! } }, { type: "remove", key: b! });
    expect(kinds(s)).toEqual(["A"]);
    expect(s.selection).toEqual({ type: "global" });
    s = run(s, { type: "updateComponent", key: a!, patch: { title: "x" } }, { type: "duplicate", key: a! });
    expect(s.present.doc.content.data).toEqual([
      { kind: "A", title: "x" },
      { kind: "A", title: "x" },
    ]);
    // A copy, not the same object: editing one leaves the other.
    s = run(s, { type: "updateComponent", key: s.present.keys[1]!, patch: { title: "y" } });
    expect(s.present.doc.content.data.map((c) => c.title)).toEqual(["x", "y"]);
  });

  it("undoes and redoes every kind of edit, and a new edit drops the redo steps", () => {
    const s0 = initDesigner<D, C>(doc("A"));
    let s = run(s0, { type: "add", component: { kind: "B" } }, { type: "move", from: 1, to: 0 }, { type: "remove", key: s0.present.keys[0]! });
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
    let s = run(initDesigner<D, C>(doc()), { type: "add", component: { kind: "Banner" } });
    expect(s.selection.type).toBe("component");
    s = run(s, { type: "undo" });
    expect(s.selection).toEqual({ type: "global" });
    s = run(s, { type: "redo" });
    expect(kinds(s)).toEqual(["Banner"]);
  });

  it("edits of the same field coalesce into one undo step; another field starts a new one", () => {
    const s0 = initDesigner<D, C>(doc("A"));
    const k = s0.present.keys[0]!;
    const s = run(
      s0,
      { type: "updateComponent", key: k, patch: { title: "a" }, field: "title" },
      { type: "updateComponent", key: k, patch: { title: "ab" }, field: "title" },
      { type: "updateDoc", update: (d) => ({ ...d, title: "T" }), field: "title" },
    );
    expect(s.past).toHaveLength(2);
    const u = run(s, { type: "undo" });
    expect(u.present.doc.title).toBe("首页");
    expect(u.present.doc.content.data[0]!.title).toBe("ab");
    expect(run(u, { type: "undo" }).present.doc.content.data[0]!.title).toBeUndefined();
  });

  it("keeps at most HISTORY_LIMIT steps back", () => {
    let s = initDesigner<D, C>(doc());
    for (let i = 0; i < HISTORY_LIMIT + 20; i++) s = run(s, { type: "add", component: { kind: `K${i}` } });
    expect(s.past).toHaveLength(HISTORY_LIMIT);
    while (s.past.length) s = run(s, { type: "undo" });
    expect(kinds(s)).toHaveLength(20);
  });

  it("is dirty after an edit and clean again after undoing it or saving", () => {
    let s = initDesigner<D, C>(doc("A"));
    expect(isDirty(s)).toBe(false);
    s = run(s, { type: "add", component: { kind: "B" } });
    expect(isDirty(s)).toBe(true);
    expect(isDirty(run(s, { type: "undo" }))).toBe(false);
    expect(isDirty(run(s, { type: "saved", doc: s.present.doc }))).toBe(false);
  });
});
