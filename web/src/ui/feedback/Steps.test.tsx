import { describe, expect, it, vi } from "vitest";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import "../test-utils.tsx";
import { Steps, Wizard } from "./Steps.tsx";

describe("Steps", () => {
  it("marks done, current and later steps", () => {
    render(<Steps titles={["小程序信息", "支付商户", "分账接收方"]} current={1} />);
    const items = screen.getAllByRole("listitem");
    expect(items[0]).toHaveTextContent("✓");
    expect(items[1]).toHaveAttribute("aria-current", "step");
    expect(items[2]).toHaveTextContent("3");
  });
});

describe("Wizard", () => {
  it("walks four steps, checking each before moving on, and finishes on the last", async () => {
    const ok = { value: false };
    const onFinish = vi.fn();
    render(
      <Wizard
        onFinish={onFinish}
        finishText="确认提交"
        steps={[
          { title: "选择客户", content: <p>客户</p>, validate: () => ok.value },
          { title: "选择酒店", content: <p>酒店</p> },
          { title: "选择房券", content: <p>房券</p> },
          { title: "确认", content: <p>确认内容</p> },
        ]}
      />,
    );
    await userEvent.click(screen.getByRole("button", { name: "下一步" }));
    expect(screen.getByText("客户")).toBeInTheDocument();
    ok.value = true;
    await userEvent.click(screen.getByRole("button", { name: "下一步" }));
    expect(await screen.findByText("酒店")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "上一步" }));
    expect(screen.getByText("客户")).toBeInTheDocument();
    for (let i = 0; i < 3; i++) await userEvent.click(screen.getByRole("button", { name: "下一步" }));
    expect(screen.getByText("确认内容")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "确认提交" }));
    await waitFor(() => expect(onFinish).toHaveBeenCalledTimes(1));
  });
});
