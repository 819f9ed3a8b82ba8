import { describe, expect, it, vi } from "vitest";
import { act, render, screen } from "@testing-library/react";
import "../test-utils.tsx";
import { Toaster } from "./Toaster.tsx";
import { toast, toastListeners } from "../../lib/toast.ts";

describe("Toaster", () => {
  it("shows a success toast for 2 s, and 5 s when it carries the server's text", () => {
    vi.useFakeTimers();
    render(<Toaster />);
    act(() => {
      toast.success("保存成功");
      toast.success("保存成功", "已保存3条记录");
    });
    expect(screen.getByText("保存成功")).toBeInTheDocument();
    expect(screen.getByText("已保存3条记录")).toBeInTheDocument();
    act(() => void vi.advanceTimersByTime(2001));
    expect(screen.queryByText("保存成功")).not.toBeInTheDocument();
    expect(screen.getByText("已保存3条记录")).toBeInTheDocument();
    act(() => void vi.advanceTimersByTime(3000));
    expect(screen.queryByText("已保存3条记录")).not.toBeInTheDocument();
    vi.useRealTimers();
  });

  it("shows errors as red alerts for 3 s, stacked under earlier toasts", () => {
    vi.useFakeTimers();
    render(<Toaster />);
    act(() => {
      toast.info("正在读取数据");
      toast.error("读取出错");
    });
    const alert = screen.getByRole("alert");
    expect(alert).toHaveTextContent("读取出错");
    expect(alert.className).toMatch(/red/);
    const stack = alert.parentElement!;
    expect(stack.children[0]).toHaveTextContent("正在读取数据");
    expect(stack.children[1]).toBe(alert);
    act(() => void vi.advanceTimersByTime(2999));
    expect(screen.getByRole("alert")).toBeInTheDocument();
    act(() => void vi.advanceTimersByTime(2));
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
    vi.useRealTimers();
  });

  it("stops listening when unmounted", () => {
    const before = toastListeners();
    const { unmount } = render(<Toaster />);
    expect(toastListeners()).toBe(before + 1);
    unmount();
    expect(toastListeners()).toBe(before);
    expect(() => toast.error("x")).not.toThrow();
  });
});
