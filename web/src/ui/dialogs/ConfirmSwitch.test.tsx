import { describe, expect, it, vi } from "vitest";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { renderBlock } from "../test-utils.tsx";
import { ConfirmSwitch } from "./ConfirmSwitch.tsx";

describe("ConfirmSwitch", () => {
  it("flips only after 启禁确认 and the server's yes", async () => {
    const onChange = vi.fn(async () => true);
    renderBlock(<ConfirmSwitch value={1} onChange={onChange} />);
    const sw = screen.getByRole("switch");
    expect(sw).toHaveAttribute("aria-checked", "true");
    await userEvent.click(sw);
    expect(await screen.findByText("启禁确认")).toBeInTheDocument();
    expect(sw).toHaveAttribute("aria-checked", "true");
    await userEvent.click(screen.getByRole("button", { name: "确定" }));
    await waitFor(() => expect(sw).toHaveAttribute("aria-checked", "false"));
    expect(onChange).toHaveBeenCalledWith(0);
  });

  it("stays put when the question is cancelled or the server refuses", async () => {
    const onChange = vi.fn(async () => false);
    renderBlock(<ConfirmSwitch value={2} on={1} off={2} onChange={onChange} />);
    const sw = screen.getByRole("switch");
    expect(sw).toHaveAttribute("aria-checked", "false");
    await userEvent.click(sw);
    await userEvent.click(await screen.findByRole("button", { name: "取消" }));
    expect(onChange).not.toHaveBeenCalled();
    await userEvent.click(sw);
    await userEvent.click(await screen.findByRole("button", { name: "确定" }));
    await waitFor(() => expect(onChange).toHaveBeenCalledWith(1));
    expect(sw).toHaveAttribute("aria-checked", "false");
  });

  it("says 你没有启禁用权限 without the right and asks nothing", async () => {
    const onChange = vi.fn(async () => true);
    renderBlock(<ConfirmSwitch value={1} onChange={onChange} allowed={false} />);
    await userEvent.click(screen.getByRole("switch"));
    expect(await screen.findByText("你没有启禁用权限")).toBeInTheDocument();
    expect(screen.queryByText("启禁确认")).not.toBeInTheDocument();
    expect(onChange).not.toHaveBeenCalled();
  });
});
