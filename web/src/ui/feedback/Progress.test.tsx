import { describe, expect, it } from "vitest";
import { render, screen } from "@testing-library/react";
import "../test-utils.tsx";
import { Progress } from "./Progress.tsx";
import { Button } from "../Button.tsx";
import { Panel } from "../Panel.tsx";

describe("Progress", () => {
  it("shows the rounded percentage, kept within 0–100", () => {
    const { rerender } = render(<Progress value={42.6} label="上传中" />);
    expect(screen.getByRole("progressbar", { name: "上传中" })).toHaveAttribute("aria-valuenow", "43");
    expect(screen.getByText("43%")).toBeInTheDocument();
    rerender(<Progress value={140} />);
    expect(screen.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "100");
  });

  it("has no value while the length of the work is unknown", () => {
    render(<Progress label="正在导出" />);
    expect(screen.getByRole("progressbar", { name: "正在导出" })).not.toHaveAttribute("aria-valuenow");
  });
});

describe("Button and Panel", () => {
  it("a busy button cannot be pressed again", () => {
    render(<Button busy>保存</Button>);
    expect(screen.getByRole("button", { name: "保存" })).toBeDisabled();
    expect(screen.getByRole("button", { name: "保存" })).toHaveAttribute("aria-busy", "true");
  });

  it("a panel shows its title and actions", () => {
    render(
      <Panel title="基本信息" actions={<Button>编辑</Button>}>
        内容
      </Panel>,
    );
    expect(screen.getByRole("heading", { name: "基本信息" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "编辑" })).toBeInTheDocument();
  });
});
