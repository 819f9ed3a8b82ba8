import { describe, expect, it } from "vitest";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import "../test-utils.tsx";
import { act } from "react";
import { confirm, ConfirmHost, dismissAll } from "./Confirm.tsx";

describe("confirm", () => {
  it("resolves true on OK, with the given title, message and button text", async () => {
    render(<ConfirmHost />);
    const answer = confirm({ title: "删除确认", message: "确定删除吗？", okText: "删除", danger: true });
    expect(await screen.findByText("删除确认")).toBeInTheDocument();
    expect(screen.getByText("确定删除吗？")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "删除" }));
    await expect(answer).resolves.toBe(true);
    await waitFor(() => expect(screen.queryByText("删除确认")).not.toBeInTheDocument());
  });

  it("resolves false on cancel and on Escape", async () => {
    render(<ConfirmHost />);
    const first = confirm({ title: "启禁确认", message: "确定禁用吗？" });
    await userEvent.click(await screen.findByRole("button", { name: "取消" }));
    await expect(first).resolves.toBe(false);
    const second = confirm({ title: "启禁确认", message: "确定启用吗？" });
    await screen.findByText("确定启用吗？");
    await userEvent.keyboard("{Escape}");
    await expect(second).resolves.toBe(false);
  });

  it("asks queued questions one after the other", async () => {
    render(<ConfirmHost />);
    const a = confirm({ title: "第一个", message: "甲" });
    const b = confirm({ title: "第二个", message: "乙" });
    await screen.findByText("第一个");
    expect(screen.queryByText("第二个")).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "确定" }));
    await expect(a).resolves.toBe(true);
    await userEvent.click(await screen.findByRole("button", { name: "取消" }));
    await expect(b).resolves.toBe(false);
  });

  it("cancels the open and queued questions when the screen changes (dismissAll)", async () => {
    render(<ConfirmHost />);
    const a = confirm({ title: "删除确认", message: "确定删除吗？" });
    const b = confirm({ title: "第二个", message: "乙" });
    await screen.findByText("删除确认");
    act(() => dismissAll());
    await expect(a).resolves.toBe(false);
    await expect(b).resolves.toBe(false);
    await waitFor(() => expect(screen.queryByText("删除确认")).not.toBeInTheDocument());
    expect(screen.queryByText("第二个")).not.toBeInTheDocument();
  });
});
