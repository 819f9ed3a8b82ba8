import { describe, expect, it, vi } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { today } from "@xiangyu/core/kernel/clock";
import { ALL_RIGHTS, mockApi, renderScreen } from "../../ui/test-utils.tsx";
import Funnel from "./Funnel.tsx";
import type { FunnelRow } from "./workorderQueries.ts";

/** The funnel screen: this month by default, one row per store and inviter, a fen-exact 总计 row and the rates. */
const rows: FunnelRow[] = [
  { shop: "001001", shopName: "广州天河店", bookingUser: 7, bookingUserName: "李电邀", invited: 10, appointed: 6, present: 4, bought: 2, passed: 1, revenue: 30000.1 },
  { shop: "001002", shopName: "深圳南山店", bookingUser: 8, bookingUserName: "", invited: 5, appointed: 2, present: 1, bought: 1, passed: 1, revenue: 0.2 },
];

function server() {
  return mockApi({
    "GET /gateway/api/manage/users/info": () => ({
      code: "200",
      desc: "",
      data: { userId: 1, username: "admin", realname: "系统管理员", deptid: "", deptCodes: [""], branchid: 0, managelevel: 1 },
    }),
    "GET /gateway/api/organization/app/list": () => ({ code: "200", desc: "", dataList: [] }),
    "GET /xiangyu/api/client/workorder/funnel": () => ({ code: "200", desc: "", dataList: rows }),
  });
}

describe("work-order funnel", () => {
  it("reads this month's funnel and adds a 总计 row with the rates", async () => {
    const api = server();
    renderScreen(<Funnel />, { screen: { functionId: 2104, title: "电邀漏斗", rights: ALL_RIGHTS } });
    const tianhe = await screen.findByRole("row", { name: /广州天河店/ });
    const d = today();
    expect(api.last("GET /xiangyu/api/client/workorder/funnel")?.query).toMatchObject({ from: `${d.slice(0, 8)}01`, to: d });
    expect(api.last("GET /xiangyu/api/client/workorder/funnel")?.headers).toMatchObject({ functionId: "2104" });
    const cells = (row: HTMLElement) =>
      within(row)
        .getAllByRole("cell")
        .map((c) => c.textContent);
    expect(cells(tianhe)).toEqual(["广州天河店", "李电邀", "10", "6", "4", "2", "1", "30000.10", "40%", "10%"]);
    expect(cells(screen.getByRole("row", { name: /深圳南山店/ }))).toContain("未分配");
    // 30000.10 + 0.20 adds up to the fen, not 30000.300000000003.
    expect(cells(screen.getByRole("row", { name: /总计/ }))).toEqual(["总计", "", "15", "8", "5", "3", "2", "30000.30", "33.3%", "13.3%"]);
  }, 20_000);

  it("draws the steps as a funnel and the stores as bars above the table, from the same read", async () => {
    // jsdom has no canvas to measure text with; ECharts then estimates widths (a quiet stand-in, not a mock of ECharts).
    vi.spyOn(HTMLCanvasElement.prototype, "getContext").mockReturnValue(null);
    const api = server();
    renderScreen(<Funnel />, { screen: { functionId: 2104, title: "电邀漏斗", rights: ALL_RIGHTS } });
    // ECharts' aria module describes what is drawn after the chart's name (Chinese locale).
    const funnel = await screen.findByRole("img", { name: /^电邀漏斗（.+）。/ }, { timeout: 15_000 });
    expect(funnel.getAttribute("aria-label")).toContain("已电邀的数据是15，已应邀的数据是8，已到场的数据是5，已购买的数据是3，复核通过的数据是2");
    const stores = await screen.findByRole("img", { name: /^各门店电邀、到场与成交。/ });
    expect(stores.getAttribute("aria-label")).toContain("广州天河店的数据是10，深圳南山店的数据是5");
    expect(screen.getByText("点击门店的柱子，只看该门店")).toBeInTheDocument();
    expect(api.calls.filter((c) => c.path === "/xiangyu/api/client/workorder/funnel")).toHaveLength(1);
  }, 30_000);

  it("asks again for the chosen period", async () => {
    const api = server();
    renderScreen(<Funnel />, { screen: { functionId: 2104, title: "电邀漏斗", rights: ALL_RIGHTS } });
    await screen.findByRole("row", { name: /总计/ });
    const start = screen.getByRole("textbox", { name: "开始日期" });
    await userEvent.clear(start);
    await userEvent.type(start, "2026-10-01{Enter}");
    await userEvent.click(screen.getByRole("button", { name: "查询" }));
    await waitFor(() => expect(api.last("GET /xiangyu/api/client/workorder/funnel")?.query).toMatchObject({ from: "2026-10-01" }));
  }, 20_000);
});
