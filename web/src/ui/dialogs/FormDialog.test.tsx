import { describe, expect, it, vi } from "vitest";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import "../test-utils.tsx";
import { FormDialog } from "./FormDialog.tsx";

describe("FormDialog", () => {
  it("sends once while busy, and 取消 closes without sending", async () => {
    let finish!: () => void;
    const onSubmit = vi.fn(() => new Promise<void>((r) => (finish = r)));
    const onClose = vi.fn();
    render(
      <FormDialog title="尾款处理" submitText="完成支付" onSubmit={onSubmit} onClose={onClose}>
        <p>尾款金额</p>
      </FormDialog>,
    );
    const dialog = screen.getByRole("dialog", { name: "尾款处理" });
    expect(dialog).toHaveTextContent("尾款金额");
    const send = screen.getByRole("button", { name: "完成支付" });
    await userEvent.click(send);
    expect(send).toBeDisabled();
    await userEvent.click(send);
    expect(onSubmit).toHaveBeenCalledTimes(1);
    finish();
    await waitFor(() => expect(send).not.toBeDisabled());
    await userEvent.click(screen.getByRole("button", { name: "取消" }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });
});
