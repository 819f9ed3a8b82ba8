import { describe, expect, it, vi } from "vitest";
import { act, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { mockApi, renderBlock, type Call } from "../test-utils.tsx";
import { ClientFinder, PAUSE_MS, type FoundClient } from "./ClientFinder.tsx";

const CLIENTS: FoundClient[] = [
  { id: 7, clientName: "张三", mobile: "13800000007", memberCode: "M007", shop: "001001", status: 2 },
  { id: 8, clientName: "张三丰", mobile: "13800000008", memberCode: "", shop: "001002", status: 1 },
];
const ORG = [{ id: 1, orgCode: "001", orgName: "广州分公司", hasChild: true, children: [{ id: 2, orgCode: "001001", orgName: "天河店", hasChild: false, children: [] }] }];

function server() {
  return mockApi({
    "GET /xiangyu/api/client/searchclient": (c: Call) => ({
      code: "200",
      desc: "",
      dataList: CLIENTS.filter((x) => x.clientName.includes(c.query.keyword!) || x.mobile.includes(c.query.keyword!)),
    }),
    "GET /gateway/api/organization/app/list": () => ({ code: "200", desc: "", dataList: ORG }),
  });
}

function Harness({ onPick, initial = null }: { onPick?: (c: FoundClient | null) => void; initial?: FoundClient | null }) {
  const [value, setValue] = useState<FoundClient | null>(initial);
  return (
    <ClientFinder
      label="客户"
      value={value}
      onChange={(c) => {
        setValue(c);
        onPick?.(c);
      }}
    />
  );
}

describe("ClientFinder", () => {
  it("searches once typing pauses, with the screen's function, and picks with the keyboard", async () => {
    const api = server();
    const onPick = vi.fn();
    renderBlock(<Harness onPick={onPick} />, { functionId: 1908 });
    const input = screen.getByRole("combobox", { name: "客户" });
    await userEvent.type(input, "张三");
    expect(await screen.findByRole("option", { name: /张三丰/ })).toBeInTheDocument();
    // One search for the whole word, not one per keystroke.
    const searches = api.calls.filter((c) => c.path === "/xiangyu/api/client/searchclient");
    expect(searches.map((c) => c.query.keyword)).toEqual(["张三"]);
    expect(searches[0]!.headers.functionId).toBe("1908");
    // Member code and the shop's name help tell namesakes apart.
    expect(screen.getByRole("option", { name: /张三 13800000007/ })).toHaveTextContent("会员编号 M007");
    await waitFor(() => expect(screen.getByRole("option", { name: /张三 13800000007/ })).toHaveTextContent("天河店"));

    await userEvent.keyboard("{ArrowDown}{ArrowDown}{Enter}");
    expect(onPick).toHaveBeenLastCalledWith(CLIENTS[1]);
    expect(input).toHaveValue("张三丰（13800000008）");
  });

  it("says when nothing matches, and clears a choice with ×", async () => {
    server();
    const onPick = vi.fn();
    renderBlock(<Harness onPick={onPick} initial={{ id: 7, clientName: "张三", mobile: "13800000007" }} />);
    expect(screen.getByRole("combobox", { name: "客户" })).toHaveValue("张三（13800000007）");
    await userEvent.click(screen.getByRole("button", { name: "清除客户" }));
    expect(onPick).toHaveBeenLastCalledWith(null);
    expect(screen.getByRole("combobox", { name: "客户" })).toHaveValue("");
    await userEvent.type(screen.getByRole("combobox", { name: "客户" }), "李四");
    expect(await screen.findByText("没有找到相关客户")).toBeInTheDocument();
  });

  it("does not search for blanks", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const api = server();
      renderBlock(<Harness />);
      const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
      await user.type(screen.getByRole("combobox", { name: "客户" }), "   ");
      // Well past the typing pause after which a search would start.
      await act(async () => void vi.advanceTimersByTime(PAUSE_MS * 4));
      expect(api.calls.filter((c) => c.path === "/xiangyu/api/client/searchclient")).toEqual([]);
    } finally {
      vi.useRealTimers();
    }
  });
});
