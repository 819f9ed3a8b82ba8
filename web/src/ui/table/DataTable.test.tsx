import { describe, expect, it, vi } from "vitest";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import "../test-utils.tsx";
import { DataTable } from "./DataTable.tsx";
import { SKELETON_ROWS } from "./DataTableStates.tsx";
import type { Column } from "./columns.ts";

type Hotel = { id: number; name: string; city: string };
const rows: Hotel[] = [
  { id: 2, name: "海景酒店", city: "三亚" },
  { id: 1, name: "山居酒店", city: "桂林" },
];
const columns: Column<Hotel>[] = [
  { id: "id", header: "ID", sortable: true },
  { id: "name", header: "酒店名称", cell: (r) => <a href={`#/hotel/${r.id}`}>{r.name}</a> },
  { id: "city", header: "城市" },
];
const id = (r: Hotel) => String(r.id);

describe("DataTable", () => {
  it("renders cells from the column definitions and hides hidden columns", () => {
    render(<DataTable columns={columns} rows={rows} rowId={id} hidden={{ city: false }} />);
    expect(screen.getByRole("link", { name: "海景酒店" })).toHaveAttribute("href", "#/hotel/2");
    expect(screen.queryByRole("columnheader", { name: "城市" })).not.toBeInTheDocument();
  });

  it("shows grey skeleton rows in the real columns while the first page loads, then the empty and error states", async () => {
    const { rerender, container } = render(<DataTable columns={columns} rows={[]} rowId={id} loading />);
    expect(screen.getByRole("status")).toHaveTextContent("正在读取数据…");
    const skeleton = container.querySelectorAll("tbody tr[data-skeleton]");
    expect(skeleton).toHaveLength(SKELETON_ROWS);
    expect(skeleton[0].querySelectorAll("td")).toHaveLength(columns.length);
    expect(screen.getAllByRole("columnheader").map((h) => h.textContent)).toEqual(["ID", "酒店名称", "城市"]);
    expect(screen.queryByText("暂无数据")).not.toBeInTheDocument();
    rerender(<DataTable columns={columns} rows={[]} rowId={id} />);
    expect(container.querySelector("tr[data-skeleton]")).toBeNull();
    expect(screen.getByText("暂无数据")).toBeInTheDocument();
    const onRetry = vi.fn();
    rerender(<DataTable columns={columns} rows={[]} rowId={id} error="读取出错" onRetry={onRetry} />);
    expect(screen.getByRole("alert")).toHaveTextContent("读取出错");
    await userEvent.click(screen.getByRole("button", { name: "重试" }));
    expect(onRetry).toHaveBeenCalled();
    // A reload keeps the rows on screen under a notice, no skeleton.
    rerender(<DataTable columns={columns} rows={rows} rowId={id} loading />);
    expect(screen.getByText("海景酒店")).toBeInTheDocument();
    expect(screen.getByText("正在读取数据…")).toBeInTheDocument();
    expect(container.querySelector("tr[data-skeleton]")).toBeNull();
  });

  it("keeps the header row sticky inside a table that scrolls", () => {
    const { container } = render(<DataTable columns={columns} rows={rows} rowId={id} maxHeight="300px" />);
    expect((container.firstChild as HTMLElement).style.maxHeight).toBe("300px");
    for (const th of screen.getAllByRole("columnheader")) expect(th).toHaveClass("sticky", "top-0");
  });

  it("holds the first column (after the selection boxes) at the left and the 操作 column at the right while rows scroll sideways", () => {
    const withActions: Column<Hotel>[] = [...columns, { id: "actions", header: "操作", cell: (r) => <button type="button">编辑{r.name}</button> }];
    const { rerender } = render(<DataTable columns={withActions} rows={rows} rowId={id} />);
    const head = (name: string) => screen.getByRole("columnheader", { name });
    expect(head("ID")).toHaveClass("sticky", "left-0");
    expect(head("操作")).toHaveClass("sticky", "right-0");
    expect(head("酒店名称")).not.toHaveClass("left-0");
    const actionsCell = screen.getByRole("button", { name: "编辑海景酒店" }).closest("td")!;
    expect(actionsCell).toHaveClass("sticky", "right-0", "bg-white", "whitespace-nowrap");
    rerender(<DataTable columns={withActions} rows={rows} rowId={id} selectable selected={[]} />);
    expect(head("ID")).toHaveClass("sticky", "left-10");
    expect(screen.getByRole("checkbox", { name: "全选" }).closest("th")).toHaveClass("sticky", "left-0");
    // A last column that is not the actions' stays where it is, as does a first column marked pin: false.
    rerender(<DataTable columns={[{ ...columns[0], pin: false }, ...columns.slice(1)]} rows={rows} rowId={id} />);
    expect(head("ID")).not.toHaveClass("left-0");
    expect(head("城市")).not.toHaveClass("right-0");
  });

  it("sorts by a column's sort key: a creation-time column asks for id, newest first on the first click", async () => {
    const onSortChange = vi.fn();
    const timed: Column<Hotel & { createTime: string }>[] = [
      { id: "name", header: "酒店名称" },
      { id: "createTime", header: "创建时间", sortable: true, sortKey: "id", nowrap: true },
    ];
    const { rerender } = render(<DataTable columns={timed} rows={[]} rowId={id} sort={{ sort: "name", order: "asc" }} onSortChange={onSortChange} />);
    // The address names another key: the time column is not marked, and a click starts descending.
    expect(screen.getByRole("columnheader", { name: /创建时间/ })).not.toHaveAttribute("aria-sort");
    await userEvent.click(screen.getByRole("button", { name: /创建时间/ }));
    expect(onSortChange).toHaveBeenLastCalledWith("id", "desc");
    rerender(<DataTable columns={timed} rows={[]} rowId={id} sort={{ sort: "id", order: "desc" }} onSortChange={onSortChange} />);
    expect(screen.getByRole("columnheader", { name: /创建时间/ })).toHaveAttribute("aria-sort", "descending");
    expect(within(screen.getByRole("columnheader", { name: "酒店名称" })).queryByRole("button")).not.toBeInTheDocument();
  });

  it("marks the sorted column and asks for the other order on a click", async () => {
    const onSortChange = vi.fn();
    render(<DataTable columns={columns} rows={rows} rowId={id} sort={{ sort: "id", order: "desc" }} onSortChange={onSortChange} />);
    expect(screen.getByRole("columnheader", { name: /ID/ })).toHaveAttribute("aria-sort", "descending");
    expect(within(screen.getByRole("columnheader", { name: "城市" })).queryByRole("button")).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: /ID/ }));
    expect(onSortChange).toHaveBeenCalledWith("id", "asc");
  });

  it("reports selected row ids, all at once from the header", async () => {
    const onSelectedChange = vi.fn();
    const { rerender } = render(<DataTable columns={columns} rows={rows} rowId={id} selectable selected={[]} onSelectedChange={onSelectedChange} />);
    await userEvent.click(screen.getByRole("checkbox", { name: "全选" }));
    expect(onSelectedChange).toHaveBeenLastCalledWith(["2", "1"]);
    rerender(<DataTable columns={columns} rows={rows} rowId={id} selectable selected={["1"]} onSelectedChange={onSelectedChange} />);
    expect((screen.getByRole("checkbox", { name: "全选" }) as HTMLInputElement).indeterminate).toBe(true);
    await userEvent.click(screen.getAllByRole("checkbox", { name: "选择" })[0]);
    expect(onSelectedChange).toHaveBeenLastCalledWith(["2", "1"]);
  });
});
