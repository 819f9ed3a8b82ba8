import { describe, expect, it } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import { previousMonth } from "@xiangyu/core/finance/splitBill/rules";
import { today } from "@xiangyu/core/kernel/clock";
import { mockApi, renderScreen } from "../../../ui/test-utils.tsx";
import type { MenuEntry } from "../../menu.ts";
import HomeCharts from "./HomeCharts.tsx";

/**
 * The workbench's charts (issue 36): each shown only for the screen it summarises, read with that
 * screen's function, titled with a link to it — here 未来30天入住率 and 分账月份状态.
 */
const entry = (id: number, typename: string, path: string, params = ""): MenuEntry =>
  ({ id, typename, path, params, folder: "业务", fatherid: 0, module: "", seq: 0, children: [] }) as unknown as MenuEntry;
const days = (taken: number) => [{ date: "2026-12-01", week: "星期二", taken, total: 10 }];

const panel = async (title: string) => (await screen.findByRole("heading", { name: title })).closest("section")!;

describe("the workbench's charts", () => {
  it("a club-hotel clerk: the occupancy of the club hotels, read with 会员酒店 and linked to it; no other chart", async () => {
    const api = mockApi({
      "GET /xiangyu/api/hotel/occupancy": () => ({
        code: "200",
        desc: "",
        data: { startDate: "2026-12-01", endDate: "2026-12-01", hotelsCapped: false, updatedAt: "2026-12-01 09:40:02", types: [{ hotelType: 1, hotels: 2, days: days(4) }] },
      }),
    });
    renderScreen(<HomeCharts entries={[entry(1601, "会员酒店", "/hotel/hotel", "hotelType=1")]} />);
    const box = await panel("未来30天入住率");
    expect(await within(box).findByText("统计于 09:40")).toBeInTheDocument();
    expect(within(box).getByRole("link", { name: "查看会员酒店" }).getAttribute("href")).toContain("/hotel/hotel");
    await waitFor(() => expect(api.last("GET /xiangyu/api/hotel/occupancy")?.headers.functionId).toBe("1601"));
    expect(api.last("GET /xiangyu/api/hotel/occupancy")?.query).toEqual({ days: "30" });
    expect(screen.queryByRole("heading", { name: "分账月份状态" })).toBeNull();
    expect(screen.queryByRole("heading", { name: "本月电邀漏斗" })).toBeNull();
  });

  it("a finance user: the split month the summary opens on, one list read per split type with 月度分账汇总's function", async () => {
    const { year, month } = previousMonth(today());
    const api = mockApi({
      "GET /xiangyu/api/finance/splitbillsetlist": () => ({
        code: "200",
        desc: "",
        dataList: [
          { splitbillType: 1, typeName: "集团", proportion: 10 },
          { splitbillType: 2, typeName: "门店", proportion: 20 },
        ],
      }),
      "GET /xiangyu/api/finance/splitbilllist": (c) => ({ code: "200", desc: "", dataList: c.query.splitbillType === "2" ? [{ id: 1, isSplitbill: 0, totalPrice: 12.5 }] : [] }),
    });
    renderScreen(<HomeCharts entries={[entry(1902, "月度分账汇总", "/finance/splitbill")]} />);
    const box = await panel("分账月份状态");
    expect(within(box).getByText(`${year}年${month}月`)).toBeInTheDocument();
    expect(within(box).getByRole("link", { name: "查看月度分账汇总" })).toBeInTheDocument();
    await waitFor(() => expect(api.calls.filter((c) => c.path === "/xiangyu/api/finance/splitbilllist")).toHaveLength(2));
    for (const c of api.calls) expect(c.headers.functionId).toBe("1902");
    expect(api.last("GET /xiangyu/api/finance/splitbilllist")?.query).toMatchObject({ year: String(year), month: String(month) });
    expect(screen.queryByRole("heading", { name: "未来30天入住率" })).toBeNull();
  });

  it("says 暂无数据 when no room is offered, and shows nothing without a summarised screen", async () => {
    mockApi({
      "GET /xiangyu/api/hotel/occupancy": () => ({
        code: "200",
        desc: "",
        data: { startDate: "2026-12-01", endDate: "2026-12-01", hotelsCapped: false, types: [{ hotelType: 2, hotels: 0, days: [] }] },
      }),
    });
    renderScreen(<HomeCharts entries={[entry(1602, "折扣酒店", "/hotel/hotel", "hotelType=2")]} />);
    expect(await within(await panel("未来30天入住率")).findByText("暂无数据")).toBeInTheDocument();
    const { container } = renderScreen(<HomeCharts entries={[entry(1101, "信息发布", "/content/info")]} />);
    expect(container.querySelector("section")).toBeNull();
  });
});
