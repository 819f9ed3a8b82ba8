import { describe, expect, it, vi } from "vitest";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import "./test-utils.tsx";
import { DataTable } from "./DataTable.tsx";
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

  it("shows the loading, empty and error states", async () => {
    const { rerender } = render(<DataTable columns={columns} rows={[]} rowId={id} loading />);
    expect(screen.getByText("正在读取数据…")).toBeInTheDocument();
    rerender(<DataTable columns={columns} rows={[]} rowId={id} />);
    expect(screen.getByText("暂无数据")).toBeInTheDocument();
    const onRetry = vi.fn();
    rerender(<DataTable columns={columns} rows={[]} rowId={id} error="读取出错" onRetry={onRetry} />);
    expect(screen.getByRole("alert")).toHaveTextContent("读取出错");
    await userEvent.click(screen.getByRole("button", { name: "重试" }));
    expect(onRetry).toHaveBeenCalled();
    rerender(<DataTable columns={columns} rows={rows} rowId={id} loading />);
    expect(screen.getByText("海景酒店")).toBeInTheDocument();
    expect(screen.getByText("正在读取数据…")).toBeInTheDocument();
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
