import { describe, expect, it } from "vitest";
import { screen, within } from "@testing-library/react";
import { mockApi, renderScreen } from "../../../ui/test-utils.tsx";
import type { MenuEntry } from "../../menu.ts";
import { Todos, type Todo } from "./Todos.tsx";

/**
 * The workbench's to-dos for three roles (issue 36): each shows the counts the server gave for the
 * functions in the user's menu, each a link to that menu entry's list with the to-do's filter.
 */
const entry = (id: number, typename: string, path: string, params = "", folder = "业务"): MenuEntry =>
  ({ id, typename, path, params, folder, fatherid: 0, module: "", seq: 0, children: [] }) as unknown as MenuEntry;
const todo = (key: string, functionId: number, label: string, count: number | null, filter: Record<string, string> = {}): Todo => ({ key, functionId, label, count, filter });

function show(todos: Todo[], entries: MenuEntry[]) {
  mockApi({ "GET /gateway/api/manage/workbench/todos": () => ({ code: "200", desc: "", dataList: todos }) });
  return renderScreen(<Todos entries={entries} />);
}

async function tiles() {
  const card = (await screen.findByRole("heading", { name: /^待办事项（\d+）$/ })).closest("section")!;
  return within(card)
    .queryAllByRole("link")
    .map((a) => ({ text: a.textContent, href: decodeURIComponent(a.getAttribute("href") ?? "") }));
}

describe("the workbench's to-dos", () => {
  it("a cashier: the purchases waiting at the cashier's review, linked to 收银复核", async () => {
    show([todo("purchases.cashier", 1905, "待收银复核", 3)], [entry(1905, "收银复核", "/finance/buypassedbycashier", "", "财务管理")]);
    expect(await tiles()).toEqual([{ text: "3待收银复核", href: "/finance/buypassedbycashier?functionId=1905" }]);
    expect(screen.getByRole("heading", { name: "待办事项（3）" })).toBeInTheDocument();
  });

  it("a reservation clerk: the category list's orders by status, each opening the list filtered by that status", async () => {
    show(
      [
        todo("orders.1702.review", 1702, "待审核订单", 8, { orderStatus: "1" }),
        todo("orders.1702.change", 1702, "代客/变更待审核", 0, { orderStatus: "2" }),
        todo("orders.1702.refund", 1702, "申请退订待处理", 2, { orderStatus: "7" }),
      ],
      [entry(1702, "会员酒店订单", "/order/list", "checkinType=club", "订单管理")],
    );
    expect(await tiles()).toEqual([
      { text: "8待审核订单", href: "/order/list?functionId=1702&checkinType=club&orderStatus=1" },
      { text: "0代客/变更待审核", href: "/order/list?functionId=1702&checkinType=club&orderStatus=2" },
      { text: "2申请退订待处理", href: "/order/list?functionId=1702&checkinType=club&orderStatus=7" },
    ]);
    expect(screen.getByRole("heading", { name: "待办事项（10）" })).toBeInTheDocument();
  });

  it("a super administrator: every function's to-dos, an uncounted one as a dash, and none whose function the menu lacks", async () => {
    show(
      [
        todo("giftWeeks.waiting", 1804, "赠送周次待审核", 4, { status: "0" }),
        todo("workOrders.appointed", 2101, "已应邀待到场", null, { status: "1122" }),
        todo("pushes.failed", 1110, "推送失败", 1, { status: "2" }),
        todo("goods.goods.review", 2403, "商品订单待审核", 5, { orderStatus: "2" }),
      ],
      [entry(1804, "赠送周次", "/order/giftweek"), entry(2101, "电邀工单", "/client/workorder"), entry(2403, "商品订单", "/goodsproduct/order", "goodsType=goods")],
    );
    expect(await tiles()).toEqual([
      { text: "4赠送周次待审核", href: "/order/giftweek?functionId=1804&status=0" },
      { text: "—已应邀待到场", href: "/client/workorder?functionId=2101&status=1122" },
      { text: "5商品订单待审核", href: "/goodsproduct/order?functionId=2403&goodsType=goods&orderStatus=2" },
    ]);
    expect(screen.getByRole("heading", { name: "待办事项（9）" })).toBeInTheDocument();
  });

  it("says so when there is nothing to count", async () => {
    show([], [entry(2001, "客户列表", "/client/manage")]);
    expect(await screen.findByText("你的功能没有需要处理的待办事项。")).toBeInTheDocument();
  });
});
