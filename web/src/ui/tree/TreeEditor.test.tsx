import { describe, expect, it, vi } from "vitest";
import { useEffect, useState } from "react";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { renderBlock } from "../test-utils.tsx";
import { DELETE_WARNING, TreeEditor, type TreeFormContext } from "./TreeEditor.tsx";

type Node = { id: number; name: string; parentId: number; hasChild: boolean };

/** An in-memory tree the fake calls read and write. */
function store() {
  const nodes: Node[] = [
    { id: 1, name: "华南", parentId: 0, hasChild: true },
    { id: 2, name: "广州", parentId: 1, hasChild: false },
    { id: 3, name: "华东", parentId: 0, hasChild: false },
  ];
  let next = 10;
  const children = vi.fn(async (n: Node) => nodes.filter((x) => x.parentId === n.id).map((x) => ({ ...x, hasChild: nodes.some((c) => c.parentId === x.id) })));
  return {
    nodes,
    children,
    add: (parentId: number, name: string) => {
      const n = { id: next++, name, parentId, hasChild: false };
      nodes.push(n);
      return n;
    },
    rename: (id: number, name: string) => {
      const n = nodes.find((x) => x.id === id)!;
      n.name = name;
      return { ...n };
    },
    remove: vi.fn(async (n: Node) => {
      const gone = new Set([n.id]);
      for (const x of nodes) if (gone.has(x.parentId)) gone.add(x.id);
      for (let i = nodes.length - 1; i >= 0; i--) if (gone.has(nodes[i].id)) nodes.splice(i, 1);
      return true;
    }),
  };
}

function NameForm({ ctx, db }: { ctx: TreeFormContext<Node>; db: ReturnType<typeof store> }) {
  const start = ctx.target.kind === "edit" ? ctx.target.node.name : "";
  const [name, setName] = useState(start);
  useEffect(() => ctx.setDirty(name !== start), [name, start, ctx]);
  const where = ctx.target.path.map((n) => n.name).join(" / ");
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        ctx.saved(ctx.target.kind === "create" ? db.add(ctx.target.parent.id, name) : db.rename(ctx.target.node.id, name));
      }}
    >
      <p>{ctx.target.kind === "create" ? `新增于 ${where}` : `编辑 ${where}`}</p>
      <input aria-label="名称" value={name} onChange={(e) => setName(e.target.value)} />
      <button type="submit">保存</button>
    </form>
  );
}

const root: Node = { id: 0, name: "组织架构", parentId: -1, hasChild: true };

function setup(opts: { canDelete?: boolean } = {}) {
  const db = store();
  renderBlock(
    <TreeEditor<Node>
      treeKey={["test-tree"]}
      root={root}
      label={(n) => n.name}
      loadChildren={db.children}
      canEdit={(n) => n.id !== 0}
      canDelete={(n) => n.id !== 0 && opts.canDelete !== false}
      onDelete={db.remove}
      renderForm={(ctx) => <NameForm ctx={ctx} db={db} />}
      help="请在左侧选择节点"
      title="组织架构"
    />,
  );
  return db;
}

const item = (name: string) => screen.findByRole("treeitem", { name });
const rowButton = async (name: string, action: string) => within(await item(name)).getAllByRole("button", { name: `${action}：${name}` })[0];

describe("TreeEditor", () => {
  it("is one tab stop walked with the arrow keys: Down/Up move, Right opens and enters, Left closes and climbs, Enter selects", async () => {
    setup();
    const tree = screen.getByRole("tree", { name: "组织架构" });
    await item("华南");
    // Tab reaches the tree once, on the root; the node buttons are not tab stops.
    await userEvent.tab();
    const top = screen.getByRole("treeitem", { name: "组织架构" });
    expect(top).toHaveFocus();
    expect(
      within(tree)
        .getAllByRole("treeitem")
        .filter((t) => t.tabIndex === 0),
    ).toEqual([top]);
    expect(top).toHaveAttribute("aria-expanded", "true");

    await userEvent.keyboard("{ArrowDown}");
    expect(await item("华南")).toHaveFocus();
    expect(await item("华南")).toHaveAttribute("aria-expanded", "false");
    await userEvent.keyboard("{ArrowDown}");
    expect(await item("华东")).toHaveFocus();
    await userEvent.keyboard("{ArrowUp}");
    expect(await item("华南")).toHaveFocus();

    // Right opens a closed node, then enters its first child; a leaf stays put.
    await userEvent.keyboard("{ArrowRight}");
    expect(await item("华南")).toHaveAttribute("aria-expanded", "true");
    await item("广州");
    expect(await item("华南")).toHaveFocus();
    await userEvent.keyboard("{ArrowRight}");
    expect(await item("广州")).toHaveFocus();
    expect(await item("广州")).not.toHaveAttribute("aria-expanded");
    await userEvent.keyboard("{ArrowRight}");
    expect(await item("广州")).toHaveFocus();

    // Enter selects: the form edits the node.
    await userEvent.keyboard("{Enter}");
    expect(screen.getByText("编辑 组织架构 / 华南 / 广州")).toBeInTheDocument();
    expect(await item("广州")).toHaveAttribute("aria-selected", "true");

    // Left on a leaf goes to its parent; Left on an open node closes it.
    await userEvent.keyboard("{ArrowLeft}");
    expect(await item("华南")).toHaveFocus();
    await userEvent.keyboard("{ArrowLeft}");
    expect(await item("华南")).toHaveAttribute("aria-expanded", "false");
    expect(screen.queryByRole("treeitem", { name: "广州" })).toBeNull();
    await userEvent.keyboard("{End}");
    expect(await item("华东")).toHaveFocus();
    await userEvent.keyboard("{Home}");
    expect(top).toHaveFocus();

    // The focused node's actions follow it in the tab order, and only its.
    await userEvent.keyboard("{ArrowDown}");
    await userEvent.tab();
    expect(screen.getByRole("button", { name: "添加下级：华南" })).toHaveFocus();
    expect(screen.getByRole("button", { name: "添加下级：华东" }).tabIndex).toBe(-1);

    // A click closing the branch that holds the tab stop hands it to the node closed.
    await userEvent.tab({ shift: true });
    expect(await item("华南")).toHaveFocus();
    await userEvent.keyboard("{ArrowRight}");
    await item("广州");
    await userEvent.keyboard("{ArrowRight}");
    expect(await item("广州")).toHaveFocus();
    await userEvent.click(within(await item("华南")).getAllByRole("button", { name: "收起" })[0]);
    expect((await item("华南")).tabIndex).toBe(0);
  }, 20_000);

  it("loads the root's children at once and a node's children when it is opened", async () => {
    const db = setup();
    expect(await item("华南")).toBeInTheDocument();
    expect(screen.getByText("请在左侧选择节点")).toBeInTheDocument();
    expect(screen.queryByRole("treeitem", { name: "广州" })).not.toBeInTheDocument();
    expect(db.children).toHaveBeenCalledTimes(1);
    await userEvent.click(within(await item("华南")).getAllByRole("button", { name: "展开" })[0]);
    expect(await item("广州")).toBeInTheDocument();
    expect(db.children).toHaveBeenLastCalledWith(expect.objectContaining({ id: 1 }));
  });

  it("edits the selected node and reloads its parent's children after saving", async () => {
    const db = setup();
    await userEvent.click(within(await item("华东")).getByRole("button", { name: "华东" }));
    expect(screen.getByText("编辑 组织架构 / 华东")).toBeInTheDocument();
    const name = screen.getByLabelText("名称");
    await userEvent.clear(name);
    await userEvent.type(name, "华东分公司");
    await userEvent.click(screen.getByRole("button", { name: "保存" }));
    expect(await item("华东分公司")).toBeInTheDocument();
    expect(db.nodes.find((n) => n.id === 3)!.name).toBe("华东分公司");
    expect(screen.getByText("编辑 组织架构 / 华东分公司")).toBeInTheDocument();
  });

  it("adds children one after another under the same parent, even under a leaf", async () => {
    setup();
    await userEvent.click(await rowButton("华东", "添加下级"));
    expect(screen.getByText("新增于 组织架构 / 华东")).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText("名称"), "上海店");
    await userEvent.click(screen.getByRole("button", { name: "保存" }));
    expect(await item("上海店")).toBeInTheDocument();
    // The form starts again, blank, under the same parent.
    expect(screen.getByText("新增于 组织架构 / 华东")).toBeInTheDocument();
    expect(screen.getByLabelText("名称")).toHaveValue("");
    await userEvent.type(screen.getByLabelText("名称"), "杭州店");
    await userEvent.click(screen.getByRole("button", { name: "保存" }));
    expect(await item("杭州店")).toBeInTheDocument();
    expect(
      within((await item("华东")).parentElement!)
        .getAllByRole("treeitem")
        // The node itself, then its children (the group follows the node's row).
        .slice(1)
        .map((n) => document.getElementById(n.getAttribute("aria-labelledby")!)?.textContent),
    ).toEqual(["上海店", "杭州店"]);
  });

  it("asks before add child drops an edited name", async () => {
    setup();
    await userEvent.click(within(await item("华东")).getByRole("button", { name: "华东" }));
    await userEvent.type(screen.getByLabelText("名称"), "X");
    await userEvent.click(await rowButton("华南", "添加下级"));
    const dialog = await screen.findByRole("dialog");
    await userEvent.click(within(dialog).getByRole("button", { name: "取消" }));
    expect(screen.getByLabelText("名称")).toHaveValue("华东X");
    await userEvent.click(await rowButton("华南", "添加下级"));
    await userEvent.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "确定" }));
    await waitFor(() => expect(screen.getByText("新增于 组织架构 / 华南")).toBeInTheDocument());
    expect(screen.getByLabelText("名称")).toHaveValue("");
  });

  it("does not ask when the name was not changed", async () => {
    setup();
    await userEvent.click(within(await item("华东")).getByRole("button", { name: "华东" }));
    await userEvent.click(await rowButton("华南", "添加下级"));
    expect(screen.getByText("新增于 组织架构 / 华南")).toBeInTheDocument();
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });

  it("deletes after warning that children go too, and clears the form that showed it", async () => {
    const db = setup();
    await userEvent.click(within(await item("华南")).getAllByRole("button", { name: "展开" })[0]);
    await userEvent.click(within(await item("广州")).getByRole("button", { name: "广州" }));
    expect(screen.getByText("编辑 组织架构 / 华南 / 广州")).toBeInTheDocument();
    await userEvent.click(await rowButton("华南", "删除"));
    expect(await screen.findByText(DELETE_WARNING)).toBeInTheDocument();
    await userEvent.click(within(screen.getByRole("dialog")).getByRole("button", { name: "删除" }));
    await waitFor(() => expect(screen.queryByRole("treeitem", { name: "华南" })).not.toBeInTheDocument());
    expect(db.remove).toHaveBeenCalledWith(expect.objectContaining({ id: 1 }));
    expect(screen.getByText("请在左侧选择节点")).toBeInTheDocument();
  });

  it("keeps everything when the delete is cancelled or refused", async () => {
    const db = setup();
    db.remove.mockResolvedValueOnce(false);
    await userEvent.click(await rowButton("华东", "删除"));
    await userEvent.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "取消" }));
    expect(db.remove).not.toHaveBeenCalled();
    await userEvent.click(await rowButton("华东", "删除"));
    await userEvent.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "删除" }));
    await waitFor(() => expect(db.remove).toHaveBeenCalledTimes(1));
    expect(await item("华东")).toBeInTheDocument();
  });

  it("refreshes a node's children on request", async () => {
    const db = setup();
    await item("华南");
    db.add(0, "华北");
    expect(screen.queryByRole("treeitem", { name: "华北" })).not.toBeInTheDocument();
    await userEvent.click(await rowButton("组织架构", "刷新"));
    expect(await item("华北")).toBeInTheDocument();
  });

  it("offers no delete where it is not allowed, and the root opens only the help", async () => {
    setup({ canDelete: false });
    await item("华南");
    expect(screen.queryByRole("button", { name: /^删除/ })).not.toBeInTheDocument();
    await userEvent.click(within(await item("组织架构")).getByRole("button", { name: "组织架构" }));
    expect(screen.getByText("请在左侧选择节点")).toBeInTheDocument();
  });
});
