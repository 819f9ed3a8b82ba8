import { describe, expect, it } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { ALL_RIGHTS, mockApi, renderBlock } from "../../ui/test-utils.tsx";
import type { Rights } from "../../lib/screen.tsx";
import { MembershipViewer } from "./MembershipViewer.tsx";
import { InUseProducts } from "./InUseProducts.tsx";
import { client, clientsServer, summary } from "./clientsTestServer.ts";
import type { ClientNames } from "./lookups.ts";

const names: ClientNames = { status: (s) => (String(s) === "2" ? "会员" : "客户"), level: (l) => (l ? "金卡" : ""), channel: () => "线上推广" };
const member = client({ id: 12, clientName: "周会员", status: 2, memberLevel: "3" });
const viewer = (rights: Rights = ALL_RIGHTS) => renderBlock(<MembershipViewer client={member} names={names} onClose={() => {}} />, { functionId: 2001, rights });
const panel = async () => within(await screen.findByRole("group", { name: "会员周次存储" }));

describe("MembershipViewer", () => {
  it("shows per product type the total, used and remaining weeks with weekday and weekend nights (R298)", async () => {
    const api = mockApi(clientsServer());
    viewer();
    const p = await panel();
    expect(p.getByText("10周")).toBeInTheDocument();
    expect(p.getByText("1周")).toBeInTheDocument();
    expect(p.getByText("8周")).toBeInTheDocument();
    expect(p.getAllByText("平日(晚)")).toHaveLength(2);
    expect(p.getAllByText("周末(晚)")).toHaveLength(2);
    // used: 3 weekday nights, 0 weekend; remaining: 2 and 2
    expect(p.getAllByText(/平日\(晚\)/).map((e) => e.textContent)).toEqual(["平日(晚) 3", "平日(晚) 2"]);
    expect(p.getAllByText(/周末\(晚\)/).map((e) => e.textContent)).toEqual(["周末(晚) 0", "周末(晚) 2"]);
    expect(screen.getByText("hy001")).toBeInTheDocument();
    expect(screen.getByText("RCI-1")).toBeInTheDocument();
    expect(screen.getByText("周会员")).toBeInTheDocument();
    expect(api.last("GET /xiangyu/api/client/membershiptotallist")!.query).toEqual({ id: "12" });
  });

  it("reveals a password only through the server and hides it again (R297)", async () => {
    const api = mockApi(clientsServer());
    viewer();
    await panel();
    expect(screen.getByTestId("password-1")).toHaveTextContent("••••••");
    // The RCI password is not set: nothing to reveal.
    expect(screen.queryByTestId("password-2")).toBeNull();
    await userEvent.click(screen.getByRole("button", { name: "显示" }));
    await waitFor(() => expect(screen.getByTestId("password-1")).toHaveTextContent("Hy@secret"));
    expect(api.last("POST /xiangyu/api/client/membershippassword")!.body).toEqual({ id: "12", productTypeId: "7", type: "1" });
    expect(api.last("POST /xiangyu/api/client/membershippassword")!.headers.functionId).toBe("2001");
    await userEvent.click(screen.getByRole("button", { name: "隐藏" }));
    expect(screen.getByTestId("password-1")).toHaveTextContent("••••••");
  });

  it("offers reveal and settings only with E, the validity change only with P (R300, R301)", async () => {
    mockApi(clientsServer());
    viewer({ ...ALL_RIGHTS, e: false, p: false });
    await panel();
    expect(screen.queryByRole("button", { name: "显示" })).toBeNull();
    expect(screen.queryByRole("button", { name: "账号设置" })).toBeNull();
    expect(screen.queryByRole("button", { name: "RCI设置" })).toBeNull();
    await userEvent.click(screen.getByRole("button", { name: "产品明细" }));
    const detail = await screen.findByRole("dialog", { name: "会员周次 · 产品明细" });
    await within(detail).findByText("十年会籍");
    expect(within(detail).queryByRole("button", { name: /修改有效期/ })).toBeNull();
  });

  it("changes a purchase's validity from the product detail and reads it again (R299, R301)", { timeout: 20_000 }, async () => {
    const api = mockApi(clientsServer());
    viewer();
    await userEvent.click(await screen.findByRole("button", { name: "产品明细" }));
    const detail = await screen.findByRole("dialog", { name: "会员周次 · 产品明细" });
    const line = within((await within(detail).findByText("十年会籍")).closest("tr")!);
    expect(line.getByText("2035-06-30 23:59:59")).toBeInTheDocument();
    expect(line.getByText("是")).toBeInTheDocument();
    expect(line.getByText("100000.00")).toBeInTheDocument();
    const reads = api.calls.filter((c) => c.path.endsWith("/membershiplist")).length;
    await userEvent.click(line.getByRole("button", { name: "修改有效期：十年会籍" }));
    const modal = await screen.findByRole("dialog", { name: "修改有效期" });
    const date = within(modal).getByLabelText(/新有效期/);
    expect(date).toHaveValue("2035-06-30");
    await userEvent.clear(date);
    await userEvent.click(within(modal).getByRole("button", { name: "保存" }));
    expect(await within(modal).findByText("有效期不能为空")).toBeInTheDocument();
    await userEvent.type(date, "2036-12-31");
    await userEvent.click(within(modal).getByRole("button", { name: "保存" }));
    await waitFor(() => expect(api.last("POST /xiangyu/api/client/shipdurationsave")!.body).toEqual({ id: "31", productName: "十年会籍", shipDuration: "2036-12-31" }));
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "修改有效期" })).toBeNull());
    await waitFor(() => expect(api.calls.filter((c) => c.path.endsWith("/membershiplist")).length).toBeGreaterThan(reads));
  });

  it("saves the account with a blank password meaning 'keep the stored one'", async () => {
    const api = mockApi(clientsServer());
    viewer();
    await panel();
    await userEvent.click(screen.getByRole("button", { name: "账号设置" }));
    const modal = await screen.findByRole("dialog", { name: "会员周次 · 账号设置" });
    expect(within(modal).getByLabelText("账号")).toHaveValue("hy001");
    expect(within(modal).getByText("已设置；留空则不修改")).toBeInTheDocument();
    await userEvent.clear(within(modal).getByLabelText("账号"));
    await userEvent.type(within(modal).getByLabelText("账号"), "hy002");
    await userEvent.click(within(modal).getByRole("button", { name: "保存" }));
    await waitFor(() => expect(api.last("POST /xiangyu/api/client/membershipsave")).toBeDefined());
    expect(api.last("POST /xiangyu/api/client/membershipsave")!.body).toMatchObject({ id: "12", productTypeId: "7", type: "1", account: "hy002", password: "" });
  });

  it("shows the room vouchers beside the stored weeks: usable per kind, then every batch with its source", async () => {
    const batch = { bindingHotelNames: [], revokedCount: 0, remark: "", createTime: "2026-11-20 10:00:00", ticketType: 0, priceType: 1, expired: false, status: 1 };
    const api = mockApi(
      clientsServer({
        vouchers: {
          code: "200",
          desc: "",
          data: {
            totals: [
              { ticketType: 0, priceType: 1, useScope: 2, issued: 4, used: 0, remaining: 4, pending: 0, expired: 0 },
              { ticketType: 0, priceType: 1, useScope: 3, issued: 12, used: 1, remaining: 9, pending: 0, expired: 2 },
              { ticketType: 0, priceType: 2, useScope: 1, issued: 0, used: 0, remaining: 0, pending: 3, expired: 0 },
            ],
            capped: false,
            cap: 200,
          },
          dataList: [
            {
              ...batch,
              id: 3,
              batchNo: "202011200003",
              useScope: 3,
              ticketCount: 2,
              usedCount: 0,
              remainingCount: 2,
              ticketDuration: "2020-01-01 23:59:59",
              expired: true,
              source: "purchase",
              sourceId: "TB1",
            },
            {
              ...batch,
              id: 2,
              batchNo: "202611200002",
              priceType: 2,
              useScope: 1,
              ticketCount: 3,
              usedCount: 0,
              remainingCount: 3,
              ticketDuration: "2099-06-30 23:59:59",
              status: 0,
              source: "gift",
              sourceId: "7",
              bindingHotelNames: ["享域广州天河商务酒店"],
            },
            {
              ...batch,
              id: 1,
              batchNo: "202611200001",
              useScope: 3,
              ticketCount: 10,
              usedCount: 1,
              remainingCount: 9,
              ticketDuration: "2099-12-31 23:59:59",
              source: "exchange",
              sourceId: "41",
            },
          ],
        },
      }),
    );
    viewer();
    const tiles = within(await screen.findByRole("group", { name: "房券余额" }));
    expect(tiles.getByLabelText("平日免费券可用")).toHaveTextContent("9张");
    expect(tiles.getByLabelText("周末免费券可用")).toHaveTextContent("4张");
    expect(tiles.getByLabelText("全周半价券可用")).toHaveTextContent("0张");
    expect(within(tiles.getByLabelText("平日免费券")).getByText("已过期 2")).toBeInTheDocument();
    expect(within(tiles.getByLabelText("全周半价券")).getByText("待审核 3")).toBeInTheDocument();
    const row = (no: string) => within(screen.getByText(no).closest("tr")!);
    await screen.findByText("202611200001");
    expect(row("202611200001").getByText("房券兑换单 #41")).toBeInTheDocument();
    expect(row("202611200001").getByText("通用")).toBeInTheDocument();
    expect(row("202611200002").getByText("待审核")).toBeInTheDocument();
    expect(row("202611200002").getByText("享域广州天河商务酒店")).toBeInTheDocument();
    expect(row("202011200003").getByText("2020-01-01（已过期）")).toBeInTheDocument();
    expect(api.last("GET /xiangyu/api/client/vouchers")!.query).toEqual({ clientId: "12" });
  });

  it("says 暂无房券 when the client holds no room vouchers", async () => {
    mockApi(clientsServer());
    viewer();
    expect(await screen.findByText("暂无房券")).toBeInTheDocument();
    expect(screen.queryByRole("group", { name: "房券余额" })).toBeNull();
  });

  it("says 客户产品存储信息不存在 when nothing is stored (R303)", async () => {
    mockApi(clientsServer({ totals: [] }));
    viewer();
    expect(await screen.findByText("客户产品存储信息不存在")).toBeInTheDocument();
  });
});

describe("InUseProducts", () => {
  it("lists the purchases of every product type held, with what is left", async () => {
    const api = mockApi(clientsServer({ totals: [summary(), summary({ productTypeId: 8, productTypeName: "体验产品", shipUnit: "次", hasAccount: 0, hasRci: 0 })] }));
    renderBlock(<InUseProducts client={member} onClose={() => {}} />, { functionId: 2001, rights: ALL_RIGHTS });
    const weeks = within(await screen.findByRole("region", { name: "会员周次" }));
    expect(weeks.getByText(/剩余 8周 · 平日\(晚\) 2 · 周末\(晚\) 2/)).toBeInTheDocument();
    await screen.findByRole("region", { name: "体验产品" });
    await waitFor(() =>
      expect(
        api.calls
          .filter((c) => c.path.endsWith("/membershiplist"))
          .map((c) => c.query.productTypeId)
          .sort(),
      ).toEqual(["7", "8"]),
    );
  });
});
