import { describe, expect, it, vi } from "vitest";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { renderBlock } from "../test-utils.tsx";
import { FormFooter } from "./FormFooter.tsx";

describe("FormFooter", () => {
  it("offers 取消 and a submitting 保存 to one who may write", async () => {
    const onClose = vi.fn();
    const onSubmit = vi.fn((e: Event) => e.preventDefault());
    renderBlock(
      <form onSubmit={(e) => onSubmit(e.nativeEvent)}>
        <FormFooter mayWrite onClose={onClose} />
      </form>,
    );
    await userEvent.click(screen.getByRole("button", { name: "保存" }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    await userEvent.click(screen.getByRole("button", { name: "取消" }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it("offers only 关闭 to one who may only look", () => {
    renderBlock(<FormFooter mayWrite={false} onClose={() => {}} />);
    expect(screen.getByRole("button", { name: "关闭" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "保存" })).not.toBeInTheDocument();
  });
});
