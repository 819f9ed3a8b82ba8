import { describe, expect, it, vi } from "vitest";
import { useState } from "react";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import "../test-utils.tsx";
import { Modal } from "./Modal.tsx";

describe("Modal", () => {
  it.each([500, 600, 800, 1200] as const)("is %i wide at most", (width) => {
    render(
      <Modal open title="编辑" width={width} onClose={() => {}}>
        内容
      </Modal>,
    );
    const panel = screen.getByRole("dialog").querySelector("[data-width]") as HTMLElement;
    expect(panel.style.width).toBe(`${width}px`);
    expect(panel.style.maxWidth).toBe("calc(100vw - 2rem)");
  });

  it("fills the window when fullscreen", () => {
    render(
      <Modal open title="信息编辑" width="full" onClose={() => {}}>
        内容
      </Modal>,
    );
    const panel = screen.getByRole("dialog").querySelector("[data-width]") as HTMLElement;
    expect(panel.className).toMatch(/h-screen w-screen/);
    expect(panel.style.width).toBe("");
  });

  it("shows title, body and footer, and closes from the × and Escape", async () => {
    const onClose = vi.fn();
    render(
      <Modal open title="支付通道" width={800} onClose={onClose} footer={<button>保存</button>}>
        <p>商户号</p>
      </Modal>,
    );
    expect(screen.getByRole("dialog", { name: "支付通道" })).toBeInTheDocument();
    expect(screen.getByText("商户号")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "保存" })).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "关闭" }));
    await userEvent.keyboard("{Escape}");
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it("renders nothing when closed", () => {
    render(
      <Modal open={false} title="x" onClose={() => {}}>
        内容
      </Modal>,
    );
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });
  it("keeps the focus inside while open and gives it back to the opener when closed", async () => {
    function Host() {
      const [open, setOpen] = useState(false);
      return (
        <>
          <button onClick={() => setOpen(true)}>打开</button>
          <button>页面上的按钮</button>
          <Modal open={open} title="编辑" onClose={() => setOpen(false)} footer={<button onClick={() => setOpen(false)}>保存</button>}>
            <input aria-label="名称" />
          </Modal>
        </>
      );
    }
    render(<Host />);
    const opener = screen.getByRole("button", { name: "打开" });
    await userEvent.click(opener);
    const dialog = await screen.findByRole("dialog");
    // Tab and Shift+Tab go round the dialog's own controls, never to the page behind it.
    for (let i = 0; i < 5; i++) {
      await userEvent.tab();
      expect(dialog).toContainElement(document.activeElement as HTMLElement);
    }
    await userEvent.tab({ shift: true });
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
    await userEvent.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    await waitFor(() => expect(opener).toHaveFocus());
  });
});
