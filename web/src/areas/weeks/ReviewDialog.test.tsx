import { describe, expect, it, vi } from "vitest";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import "../../ui/test-utils.tsx";
import { ReviewDialog } from "./ReviewDialog.tsx";

const OPTIONS = [
  { value: 1, label: "通过" },
  { value: 2, label: "不通过" },
];

describe("the review dialog", () => {
  it("says 请选择审核状态！ without a choice and sends nothing (R221)", async () => {
    const onSubmit = vi.fn(async () => true);
    render(<ReviewDialog title="赠送周次审核" summary="张三：赠送 2 周" options={OPTIONS} onSubmit={onSubmit} onClose={() => undefined} />);
    await userEvent.click(screen.getByRole("button", { name: "确定" }));
    expect(await screen.findByText("请选择审核状态！")).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("sends the chosen result and closes when it succeeded, stays open when refused", async () => {
    const onClose = vi.fn();
    const onSubmit = vi.fn(async (choice: number) => choice === 2);
    render(<ReviewDialog title="赠送周次审核" summary="张三：赠送 2 周" options={OPTIONS} onSubmit={onSubmit} onClose={onClose} />);
    await userEvent.click(screen.getByRole("radio", { name: "通过" }));
    await userEvent.click(screen.getByRole("button", { name: "确定" }));
    expect(onSubmit).toHaveBeenLastCalledWith(1);
    expect(onClose).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole("radio", { name: "不通过" }));
    await userEvent.click(screen.getByRole("button", { name: "确定" }));
    expect(onSubmit).toHaveBeenLastCalledWith(2);
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
