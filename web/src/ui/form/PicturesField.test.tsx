import { describe, expect, it, vi } from "vitest";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { renderBlock } from "../test-utils.tsx";
import { PicturesField } from "./PicturesField.tsx";

const binding = (value: unknown, error?: string) => ({ name: "picJson", value, error, onChange: vi.fn(), onBlur: vi.fn() });

describe("PicturesField", () => {
  it("shows the bound URLs under its label and hands a change back to the form", async () => {
    const b = binding(["/a.png", "/b.png"]);
    renderBlock(<PicturesField label="客房图片" hint="最多3张" max={3} maxKB={2000} {...b} />);
    expect(screen.getByText("客房图片")).toBeInTheDocument();
    expect(screen.getByText("最多3张")).toBeInTheDocument();
    expect(screen.getByAltText("图片2")).toHaveAttribute("src", "/b.png");
    await userEvent.click(screen.getByRole("button", { name: "删除图片1" }));
    expect(b.onChange).toHaveBeenLastCalledWith(["/b.png"]);
  });

  it("shows the field's message instead of the hint, and no pictures for an empty value", () => {
    renderBlock(<PicturesField label="产品图片" hint="最多3张" max={3} maxKB={2000} {...binding(undefined, "图片不能超过3张")} />);
    expect(screen.getByRole("alert")).toHaveTextContent("图片不能超过3张");
    expect(screen.queryByText("最多3张")).not.toBeInTheDocument();
    expect(screen.queryByRole("img")).not.toBeInTheDocument();
  });

  it("offers no upload or delete when disabled", () => {
    renderBlock(<PicturesField label="酒店图片" max={3} maxKB={2000} disabled {...binding(["/a.png"])} />);
    expect(screen.getByAltText("图片1")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "上传图片" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "删除图片1" })).not.toBeInTheDocument();
  });
});
