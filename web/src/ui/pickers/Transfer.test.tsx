import { describe, expect, it } from "vitest";
import { useState } from "react";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import "../test-utils.tsx";
import { Transfer, type TransferItem } from "./Transfer.tsx";

const clients: TransferItem[] = [
  { key: "1", label: "张三" },
  { key: "2", label: "李四" },
  { key: "3", label: "王五" },
  { key: "4", label: "赵六", disabled: true },
];

function Pick({ initial = [] as string[] }) {
  const [keys, setKeys] = useState(initial);
  return (
    <>
      <Transfer items={clients} value={keys} onChange={setKeys} titles={["待选客户", "已选客户"]} />
      <output>{keys.join(",")}</output>
    </>
  );
}

describe("Transfer", () => {
  it("moves ticked items to the right in the order they were moved, and back", async () => {
    render(<Pick />);
    const left = screen.getByRole("region", { name: "待选客户" });
    await userEvent.click(within(left).getByLabelText("王五"));
    await userEvent.click(screen.getByRole("button", { name: "移到右侧" }));
    await userEvent.click(within(left).getByLabelText("张三"));
    await userEvent.click(screen.getByRole("button", { name: "移到右侧" }));
    expect(screen.getByRole("status")).toHaveTextContent("3,1");
    const right = screen.getByRole("region", { name: "已选客户" });
    expect(within(right).getByText("0/2")).toBeInTheDocument();
    await userEvent.click(within(right).getByLabelText("王五"));
    await userEvent.click(screen.getByRole("button", { name: "移到左侧" }));
    expect(screen.getByRole("status")).toHaveTextContent(/^1$/);
  });

  it("selects all on a side except disabled items, and searches", async () => {
    render(<Pick />);
    const left = screen.getByRole("region", { name: "待选客户" });
    await userEvent.click(within(left).getByLabelText("全选待选客户"));
    await userEvent.click(screen.getByRole("button", { name: "移到右侧" }));
    expect(screen.getByRole("status")).toHaveTextContent("1,2,3");
    expect(within(left).getByText("赵六")).toBeInTheDocument();
    const right = screen.getByRole("region", { name: "已选客户" });
    await userEvent.type(within(right).getByLabelText("搜索已选客户"), "李");
    expect(within(right).queryByText("张三")).not.toBeInTheDocument();
    expect(within(right).getByText("李四")).toBeInTheDocument();
  });
});
