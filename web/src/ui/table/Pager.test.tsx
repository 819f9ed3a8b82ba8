import { describe, expect, it, vi } from "vitest";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import "../test-utils.tsx";
import { Pager, pageWindow } from "./Pager.tsx";

describe("Pager", () => {
  it("shows the first, the last and the pages around the current one", () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(6, 12)).toEqual([1, 0, 4, 5, 6, 7, 8, 0, 12]);
    expect(pageWindow(2, 5)).toEqual([1, 2, 3, 4, 5]);
  });

  it("offers 20/30/50/100 per page and moves between pages", async () => {
    const onPage = vi.fn();
    const onSize = vi.fn();
    render(<Pager page={1} size={20} total={95} onPage={onPage} onSize={onSize} />);
    expect(screen.getByText("共 95 条")).toBeInTheDocument();
    expect([...(screen.getByLabelText("每页条数") as HTMLSelectElement).options].map((o) => o.value)).toEqual(["20", "30", "50", "100"]);
    expect(screen.getByRole("button", { name: "上一页" })).toBeDisabled();
    await userEvent.click(screen.getByRole("button", { name: "下一页" }));
    expect(onPage).toHaveBeenLastCalledWith(2);
    await userEvent.click(screen.getByRole("button", { name: "5" }));
    expect(onPage).toHaveBeenLastCalledWith(5);
    await userEvent.selectOptions(screen.getByLabelText("每页条数"), "100");
    expect(onSize).toHaveBeenCalledWith(100);
  });

  it("jumps to a typed page, kept within the pages there are", async () => {
    const onPage = vi.fn();
    render(<Pager page={1} size={20} total={95} onPage={onPage} onSize={() => {}} />);
    await userEvent.type(screen.getByLabelText("前往页码"), "9{Enter}");
    expect(onPage).toHaveBeenLastCalledWith(5);
    await userEvent.type(screen.getByLabelText("前往页码"), "3{Enter}");
    expect(onPage).toHaveBeenLastCalledWith(3);
  });

  it("labels a capped total as a lower bound and offers the pages it covers", async () => {
    const onPage = vi.fn();
    render(<Pager page={49} size={20} total={1000} capped onPage={onPage} onSize={() => {}} />);
    expect(screen.getByText("共 1,000+ 条")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "50" })).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText("前往页码"), "99{Enter}");
    expect(onPage).toHaveBeenLastCalledWith(50);
  });
});
