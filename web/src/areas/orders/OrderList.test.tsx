import { describe, expect, it, vi } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { ALL_RIGHTS, mockApi, renderScreen, type Call } from "../../ui/test-utils.tsx";
import { ApiClient } from "../../lib/api.ts";
import OrderList from "./OrderList.tsx";
import { EXPORT_CAP, fetchAllPages } from "./ExportFiltered.tsx";
import type { OrderRow } from "./orderQueries.ts";

const written = vi.fn((..._args: unknown[]) => ({ toFile: async () => {} }));
vi.mock("write-excel-file/browser", () => ({ default: written }));

const row = (id: number, status: number): Partial<OrderRow> => ({
  id,
  orderId: id,
  checkinType: "discount",
  checkinTypeName: "折扣酒店",
  orderName: `订单${id}`,
  status,
  statusName: "",
  price: 398,
  payType: 1,
  clientName: "张三",
  hotelName: "享域广州天河商务酒店",
  roomName: "商务大床房",
  checkinStartdate: "2030-03-06",
  checkinEnddate: "2030-03-08",
  checkinDays: 2,
  checkinRoomCount: 1,
  bookingTime: "2030-03-01 10:00:00",
  shop: "001001",
});

function server(rows: Partial<OrderRow>[]) {
  return mockApi({
    "GET /xiangyu/api/order/manage/list": () => ({ code: "200", desc: "", dataList: rows, pageParams: { maxCount: rows.length } as never }),
    "GET /gateway/api/manage/appcenter/styleparam/list": () => ({ code: "200", desc: "", dataList: [{ styleid: "1", stylename: "待审核" }] }),
    "GET /gateway/api/organization/app/list": () => ({ code: "200", desc: "", dataList: [] }),
    "GET /gateway/api/manage/users/info": () => ({ code: "200", desc: "", data: { userId: 1, deptCodes: [""] } }),
    "POST /xiangyu/api/order/manage/delete": () => ({ code: "200", desc: "删除成功" }),
  });
}

describe("order list", () => {
  it("links each row by its status (R125–R127) and adds the stay's columns for discount orders (R122)", async () => {
    const api = server([row(1, 1), row(4, 4), row(6, 6), row(7, 7), row(8, 8)]);
    renderScreen(<OrderList />, { screen: { rights: ALL_RIGHTS, params: { checkinType: "discount" } } });
    await screen.findByRole("button", { name: "立即处理：1 订单1" });
    expect(api.last("GET /xiangyu/api/order/manage/list")!.query).toMatchObject({ checkinType: "discount", currentPage: "1", pageSize: "20" });
    expect(screen.getByRole("columnheader", { name: "酒店 / 客房" })).toBeInTheDocument();
    expect(screen.getByRole("columnheader", { name: "入离日期" })).toBeInTheDocument();
    expect(screen.queryByRole("columnheader", { name: "订单类别" })).not.toBeInTheDocument();
    const links = (id: number) => screen.getAllByRole("button", { name: new RegExp(`：${id} 订单${id}$`) }).map((b) => b.textContent);
    expect(links(1)).toEqual(["立即处理"]);
    expect(links(4)).toEqual(["查看详情", "电话回访"]);
    expect(links(6)).toEqual(["查看详情", "电话回访", "删除"]);
    expect(links(7)).toEqual(["立即处理"]);
    expect(links(8)).toEqual(["查看详情", "删除"]);

    await userEvent.click(screen.getByRole("button", { name: "删除：8 订单8" }));
    await userEvent.click(await screen.findByRole("button", { name: "删除" }));
    await waitFor(() => expect(api.last("POST /xiangyu/api/order/manage/delete")?.body).toEqual({ orderId: "8" }));
  });

  it("shows no stay columns on the all-orders list and no delete without D", async () => {
    server([row(8, 8)]);
    renderScreen(<OrderList />, { screen: { rights: { ...ALL_RIGHTS, d: false } } });
    await screen.findByRole("button", { name: "查看详情：8 订单8" });
    expect(screen.queryByRole("columnheader", { name: "酒店 / 客房" })).not.toBeInTheDocument();
    expect(screen.getByRole("columnheader", { name: "订单类别" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "删除：8 订单8" })).not.toBeInTheDocument();
  });

  it("reads every page of the filter for the export, 200 at a time, up to the cap", async () => {
    const pages: Call[] = [];
    mockApi({
      "GET /xiangyu/api/order/manage/list": (c) => {
        pages.push(c);
        const page = Number(c.query.currentPage);
        const size = Number(c.query.pageSize);
        const total = 450;
        const n = Math.max(0, Math.min(size, total - (page - 1) * size));
        return { code: "200", desc: "", dataList: Array.from({ length: n }, (_, i) => ({ id: (page - 1) * size + i + 1 })), pageParams: { maxCount: total } as never };
      },
    });
    const { rows, total } = await fetchAllPages(new ApiClient(1703), "GET /xiangyu/api/order/manage/list", { checkinType: "discount", orderStatus: "4", shop: "001" });
    expect(rows).toHaveLength(450);
    expect(total).toBe(450);
    expect(pages.map((p) => [p.query.currentPage, p.query.pageSize, p.query.checkinType, p.query.orderStatus, p.query.shop])).toEqual([
      ["1", "200", "discount", "4", "001"],
      ["2", "200", "discount", "4", "001"],
      ["3", "200", "discount", "4", "001"],
    ]);
    expect(EXPORT_CAP).toBe(10_000);
  });

  it("asks before exporting, then writes the stay's dates, numbers as numbers and 周次抵扣 for week-paid orders, on a named sheet", async () => {
    const api = server([row(4, 4), { ...row(5, 4), checkinType: "club", checkinTypeName: "会员酒店", payType: 2, price: 0 }]);
    renderScreen(<OrderList />, { screen: { rights: ALL_RIGHTS, title: "全部订单" } });
    await screen.findByRole("button", { name: "查看详情：4 订单4" });
    const reads = () => api.calls.filter((c) => `${c.method} ${c.path}` === "GET /xiangyu/api/order/manage/list").length;
    const before = reads();
    await userEvent.click(screen.getByRole("button", { name: "导出" }));
    const question = await screen.findByRole("dialog", { name: /导出确认/ });
    expect(question).toHaveTextContent("确定按当前筛选条件导出全部订单吗？");
    expect(reads()).toBe(before);
    await userEvent.click(within(question).getByRole("button", { name: "确定" }));
    await waitFor(() => expect(written).toHaveBeenCalled());
    const [sheet, options] = written.mock.calls[0] as [unknown[][], { sheet: string }];
    expect(options.sheet).toBe("全部订单");
    const header = (sheet[0] as { value: string }[]).map((h) => h.value);
    const cell = (r: number, name: string) => sheet[r]![header.indexOf(name)];
    expect(header).toEqual(expect.arrayContaining(["订单号", "入住日期", "离店日期", "晚数", "间数", "支付金额"]));
    expect(cell(1, "订单号")).toBe(4);
    expect(cell(1, "入住日期")).toBe("2030-03-06");
    expect(cell(1, "离店日期")).toBe("2030-03-08");
    expect(cell(1, "晚数")).toBe(2);
    expect(cell(1, "支付金额")).toEqual({ value: 398, type: Number, format: "#,##0.00" });
    expect(cell(2, "支付金额")).toBe("周次抵扣");
  });
});
