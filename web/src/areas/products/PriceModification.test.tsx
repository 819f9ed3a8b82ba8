import { describe, expect, it } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { ALL_RIGHTS, chooseOption, mockApi, renderScreen, type Call } from "../../ui/test-utils.tsx";
import PriceModification from "./PriceModification.tsx";
import type { PriceOrder, Product } from "./productQueries.ts";

/** amount 100000, group 20000, splits 10 + 5 + 5 = 20 → lowest price floor(30 × 20000 / 10) = 60000. */
const product = (p: Partial<Product> & { id: number; productName: string }): Product => ({
  productType: 1,
  productTypeName: "会员周次",
  productUnit: "周",
  contractType: "HY",
  duration: 10,
  proCount: 10,
  amount: 100000,
  groupAmount: 20000,
  profitsharingAmount: 10,
  agentAmount: 5,
  channelAmount: 5,
  idisplay: 1,
  onlineSales: 0,
  picJson: "[]",
  shop: "0",
  createTime: "",
  ...p,
});
const PRODUCTS = [
  product({ id: 11, productName: "十年会籍" }),
  product({ id: 12, productName: "满分账套餐", groupAmount: 5000, profitsharingAmount: 20, agentAmount: 10, channelAmount: 0 }),
];
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

function server(rows: PriceOrder[] = []) {
  return mockApi({
    "GET /xiangyu/api/order/productprice/list": () => ({ code: "200", desc: "", dataList: rows, pageParams: { maxCount: rows.length } as never }),
    "GET /xiangyu/api/hotel/product/alllist": () => ({ code: "200", desc: "", dataList: PRODUCTS }),
    "GET /xiangyu/api/client/searchclient": () => ({
      code: "200",
      desc: "",
      dataList: [{ id: 7, clientName: "张三", mobile: "13800000007", memberCode: "", shop: "001001", status: 2 }],
    }),
    "GET /gateway/api/organization/app/list": () => ({ code: "200", desc: "", dataList: [] }),
    "GET /gateway/api/manage/users/info": () => ({ code: "200", desc: "", data: { userId: 1, deptCodes: [""] } }),
    "POST /xiangyu/api/order/productprice/save": (c: Call) => ({ code: "200", desc: "保存成功", data: order({ id: 2, payAmount: Number(c.body.payAmount) }) }),
  });
}

/** Types a whole value at once (a paste): the live messages follow every change all the same. */
async function fill(input: HTMLElement, text: string) {
  await userEvent.clear(input);
  await userEvent.click(input);
  await userEvent.paste(text);
}

const open = (rights = ALL_RIGHTS) => renderScreen(<PriceModification />, { screen: { functionId: 1908, title: "产品改价", rights } });

async function startNew() {
  await userEvent.click(await screen.findByRole("button", { name: "新增改价" }));
  const dialog = await screen.findByRole("dialog", { name: "新增改价" });
  await userEvent.type(within(dialog).getByLabelText(/客户/), "张三");
  await userEvent.click(await screen.findByRole("option", { name: /张三/ }));
  return dialog;
}

describe("price modification form", () => {
  it("shows the product's lowest price and the spec's messages while the price is typed", { timeout: 15_000 }, async () => {
    server();
    open();
    const dialog = await startNew();
    await chooseOption(within(dialog).getByLabelText(/会员套餐/), "十年会籍（会员周次）");
    const facts = within(dialog).getByRole("note", { name: "价格规则" });
    expect(facts).toHaveTextContent("集团独立收款：20000.00 元");
    expect(facts).toHaveTextContent("分账合计：20%");
    expect(facts).toHaveTextContent("最低价：60000 元");
    // Duration and count come from the product.
    expect(within(dialog).getByLabelText("年限")).toHaveValue("10");

    const price = within(dialog).getByLabelText(/支付金额/);
    await fill(price, "19999.99");
    expect(within(dialog).getByText("支付金额不能小于集团独立收款金额")).toBeInTheDocument();
    await fill(price, "59999.99");
    expect(within(dialog).getByText("支付金额不能小于60000")).toBeInTheDocument();
    await fill(price, "60000");
    expect(within(dialog).queryByText(/支付金额不能小于/)).not.toBeInTheDocument();
  });

  it("refuses a price below the minimum without calling the server, then saves the allowed one", { timeout: 15_000 }, async () => {
    const api = server();
    open();
    const dialog = await startNew();
    await chooseOption(within(dialog).getByLabelText(/会员套餐/), "十年会籍（会员周次）");
    const price = within(dialog).getByLabelText(/支付金额/);
    await fill(price, "50000");
    await userEvent.click(within(dialog).getByRole("button", { name: "保存" }));
    // The field says it, and so does the refusal's toast.
    await waitFor(() => expect(screen.getAllByText("支付金额不能小于60000")).toHaveLength(2));
    expect(api.last("POST /xiangyu/api/order/productprice/save")).toBeUndefined();

    await fill(price, "66000");
    await fill(within(dialog).getByLabelText("备注"), "老客户优惠");
    await userEvent.click(within(dialog).getByRole("button", { name: "保存" }));
    await waitFor(() => expect(api.last("POST /xiangyu/api/order/productprice/save")).toBeTruthy());
    expect(api.last("POST /xiangyu/api/order/productprice/save")!.body).toMatchObject({
      clientId: "7",
      productId: "11",
      payAmount: "66000",
      duration: "10",
      proCount: "10",
      remark: "老客户优惠",
    });
    expect(api.last("POST /xiangyu/api/order/productprice/save")!.body.id).toBe("");
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "新增改价" })).not.toBeInTheDocument());
  });

  it("requires client, package and price with the spec's words", async () => {
    const api = server();
    open();
    await userEvent.click(await screen.findByRole("button", { name: "新增改价" }));
    const dialog = await screen.findByRole("dialog", { name: "新增改价" });
    await userEvent.click(within(dialog).getByRole("button", { name: "保存" }));
    expect(await within(dialog).findByText("客户不能为空")).toBeInTheDocument();
    expect(within(dialog).getByText("会员套餐不能为空")).toBeInTheDocument();
    expect(within(dialog).getByText("支付金额不能为空")).toBeInTheDocument();
    expect(api.last("POST /xiangyu/api/order/productprice/save")).toBeUndefined();
  });

  it("binds only the group amount when the splits reach 30", { timeout: 15_000 }, async () => {
    server();
    open();
    const dialog = await startNew();
    await chooseOption(within(dialog).getByLabelText(/会员套餐/), "满分账套餐（会员周次）");
    expect(within(dialog).getByRole("note", { name: "价格规则" })).toHaveTextContent("最低价：不低于集团独立收款金额");
    await fill(within(dialog).getByLabelText(/支付金额/), "5000");
    expect(within(dialog).queryByText(/支付金额不能小于/)).not.toBeInTheDocument();
  });

  it("shows a bought order read-only and keeps it from deletion", async () => {
    server([order({ id: 5, status: 1, payAmount: 88000 })]);
    open();
    const del = await screen.findByRole("button", { name: "删除：张三 十年会籍" });
    expect(del).toBeDisabled();
    expect(del).toHaveAttribute("title", "该单已完成购买，不允许删除");
    await userEvent.click(screen.getByRole("button", { name: "查看：张三 十年会籍" }));
    const dialog = await screen.findByRole("dialog", { name: "查看改价" });
    expect(within(dialog).getByText("该单已完成购买，不允许修改。")).toBeInTheDocument();
    expect(within(dialog).queryByRole("button", { name: "保存" })).not.toBeInTheDocument();
    expect(within(dialog).getByLabelText(/支付金额/)).toHaveValue("88000");
  });
});
