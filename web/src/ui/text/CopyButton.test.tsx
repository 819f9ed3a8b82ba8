import { describe, expect, it, vi } from "vitest";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { renderBlock } from "../test-utils.tsx";
import { CopyButton } from "./CopyButton.tsx";

describe("CopyButton", () => {
  it("copies and says 复制成功", async () => {
    const writeText = vi.fn(async () => {});
    vi.stubGlobal("navigator", { ...navigator, clipboard: { writeText } });
    renderBlock(<CopyButton text="https://x.cn/a" />);
    await userEvent.click(screen.getByRole("button", { name: "复制" }));
    expect(writeText).toHaveBeenCalledWith("https://x.cn/a");
    expect(await screen.findByText("复制成功")).toBeInTheDocument();
  });

  it("says 不支持复制，请尝试手动复制 when the browser cannot copy", async () => {
    vi.stubGlobal("navigator", { ...navigator, clipboard: undefined });
    document.execCommand = () => false;
    renderBlock(<CopyButton text="abc" />);
    await userEvent.click(screen.getByRole("button", { name: "复制" }));
    expect(await screen.findByText("不支持复制，请尝试手动复制")).toBeInTheDocument();
  });
});
