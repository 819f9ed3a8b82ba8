import { describe, expect, it } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { ALL_RIGHTS, mockApi, renderScreen } from "../../ui/test-utils.tsx";
import ProductOrders from "./ProductOrders.tsx";
import type { PriceOrder } from "./productQueries.ts";

const order = (o: Partial<PriceOrder>): PriceOrder => ({
  id: 1,
  orderId: "CP20250101000001",
  clientId: 7,
  clientName: "张三",
  mobile: "13800000007",
  productId: 11,
  productName: "十年会籍",
  productType: 1,
  duration: 10,
  proCount: 10,
  amount: 100000,
  groupAmount: 20000,
  payAmount: 70000,
  remark: "",
  shop: "001001",
  contractType: "HY",
  status: 0,
  createUser: "admin",
  createTime: "2025-01-01 10:00:00",
  buyTime: "",
  ...o,
});

/** A waiting order and a bought one; the sandbox notice marks the waiting one bought, as the server does. */
function server() {
  const rows = [order({}), order({ id: 2, orderId: "CP20250101000002", clientName: "李四", status: 1, buyTime: "2025-01-02 10:00:00" })];
  return mockApi({
    "GET /xiangyu/api/order/productprice/list": () => ({ code: "200", desc: "", dataList: rows.map((r) => ({ ...r })), pageParams: { maxCount: rows.length } as never }),
    "GET /gateway/api/organization/app/list": () => ({ code: "200", desc: "", dataList: [] }),
    "GET /gateway/api/manage/users/info": () => ({ code: "200", desc: "", data: { userId: 1, deptCodes: [""] } }),
    "POST /xiangyu/api/pay/sandbox/pay": (c) => {
      const r = rows.find((x) => x.orderId === c.body.outTradeNo)!;
      r.status = 1;
      return { code: "200", desc: "", data: { completed: true } };
    },
  });
}

const open = (rights = ALL_RIGHTS) => renderScreen(<ProductOrders />, { screen: { functionId: 2202, title: "会员购买单", rights } });

describe("membership purchase orders: 模拟支付", () => {
  it("pays a waiting order after confirmation with its number and amount, then shows it bought", async () => {
    const api = server();
    open();
    // Found afresh for each click: the rows render again when the store names arrive.
    await screen.findByRole("button", { name: "模拟支付：张三 十年会籍" });
    const pay = () => screen.getByRole("button", { name: "模拟支付：张三 十年会籍" });
    // A bought order has nothing to pay.
    expect(screen.queryByRole("button", { name: "模拟支付：李四 十年会籍" })).toBeNull();

    // Cancelling the question sends nothing.
    await userEvent.click(pay());
    // The question's dialog loads on first use: give it time on a busy machine.
    const ask = await screen.findByRole("dialog", { name: /模拟支付/ }, { timeout: 5_000 });
    expect(ask).toHaveTextContent("确定模拟客户支付 70000.00 元吗？单号 CP20250101000001 将完成购买。");
    await userEvent.click(within(ask).getByRole("button", { name: "取消" }));
    await waitFor(() => expect(screen.queryByRole("dialog", { name: /模拟支付/ })).toBeNull());
    expect(api.last("POST /xiangyu/api/pay/sandbox/pay")).toBeUndefined();

    await userEvent.click(pay());
    await userEvent.click(within(await screen.findByRole("dialog", { name: /模拟支付/ })).getByRole("button", { name: "支付" }));
    await waitFor(() => expect(api.last("POST /xiangyu/api/pay/sandbox/pay")?.body).toEqual({ outTradeNo: "CP20250101000001", totalFee: "70000" }));
    expect(api.last("POST /xiangyu/api/pay/sandbox/pay")?.headers).toMatchObject({ functionId: "2202" });
    // The list is read again: the order is bought and the button gone.
    await waitFor(() => expect(screen.queryByRole("button", { name: /^模拟支付：/ })).toBeNull());
  }, 20_000);

  it("is not offered without the A right", async () => {
    server();
    open({ ...ALL_RIGHTS, a: false });
    await screen.findByText("CP20250101000001");
    expect(screen.queryByRole("button", { name: /^模拟支付/ })).toBeNull();
  });
});
