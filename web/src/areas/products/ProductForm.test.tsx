import { describe, expect, it } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { ALL_RIGHTS, mockApi, renderScreen, type Call } from "../../ui/test-utils.tsx";
import ProductList from "./ProductList.tsx";
import type { ProductType } from "./productQueries.ts";

const TYPES: ProductType[] = [
  { id: 1, typeName: "会员周次", contractType: "HY", productUnit: "周", hasAccount: 1, hasRci: 1, hasMemberLevel: 1, hasDelete: 1 },
  { id: 2, typeName: "体验产品", contractType: "TY", productUnit: "次", hasAccount: 0, hasRci: 0, hasMemberLevel: 0, hasDelete: 0 },
];

function server() {
  return mockApi({
    "GET /xiangyu/api/hotel/product/list": () => ({ code: "200", desc: "", dataList: [], pageParams: { maxCount: 0 } as never }),
    "GET /xiangyu/api/hotel/product/typelist": () => ({ code: "200", desc: "", dataList: TYPES }),
    "GET /gateway/api/organization/app/list": () => ({ code: "200", desc: "", dataList: [] }),
    "GET /gateway/api/manage/users/info": () => ({ code: "200", desc: "", data: { userId: 1, deptCodes: [""] } }),
    "POST /xiangyu/api/hotel/product/save": (c: Call) => ({ code: "200", desc: "保存成功", data: { id: 9, ...c.body } }),
    "POST /xiangyu/api/hotel/product/typedelete": () => ({ code: "200", desc: "删除成功" }),
  });
}

async function fill(input: HTMLElement, text: string) {
  await userEvent.clear(input);
  await userEvent.click(input);
  await userEvent.paste(text);
}

const open = () => renderScreen(<ProductList />, { screen: { functionId: 2201, title: "产品列表", rights: ALL_RIGHTS } });

async function newProduct() {
  await userEvent.click(await screen.findByRole("button", { name: "新增产品" }));
  const dialog = await screen.findByRole("dialog", { name: "新增产品" });
  await waitFor(() => expect(within(dialog).getByRole("option", { name: "会员周次" })).toBeInTheDocument());
  await userEvent.selectOptions(within(dialog).getByLabelText(/产品类型/), "会员周次");
  await fill(within(dialog).getByLabelText(/产品名称/), "五年会籍");
  await fill(within(dialog).getByLabelText(/数量/), "5");
  await userEvent.click(within(dialog).getByRole("radio", { name: "通用（所有门店）" }));
  return dialog;
}

describe("product form", () => {
  it("shows the split cap from the amounts and refuses a larger split sum with the server's message", { timeout: 20_000 }, async () => {
    const api = server();
    open();
    const dialog = await newProduct();
    expect(within(dialog).getByText("填写产品金额后显示可分账的上限")).toBeInTheDocument();
    await fill(within(dialog).getByLabelText(/产品金额/), "50000");
    await fill(within(dialog).getByLabelText(/集团独立收款/), "10000");
    // floor(30 × (50000 − 10000) / 50000) = 24
    expect(within(dialog).getByText(/最多 24%/)).toBeInTheDocument();
    await fill(within(dialog).getByLabelText("集团分账%"), "10");
    await fill(within(dialog).getByLabelText("代理分账%"), "10");
    await fill(within(dialog).getByLabelText("渠道分账%"), "5");
    expect(within(dialog).getByText("分账合计比例不能大于24")).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole("button", { name: "保存" }));
    await waitFor(() => expect(screen.getAllByText("分账合计比例不能大于24")).toHaveLength(2));
    expect(api.last("POST /xiangyu/api/hotel/product/save")).toBeUndefined();

    await fill(within(dialog).getByLabelText("渠道分账%"), "4");
    expect(within(dialog).queryByText("分账合计比例不能大于24")).not.toBeInTheDocument();
    expect(within(dialog).getByText(/分账合计 24%，最多 24%/)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole("button", { name: "保存" }));
    await waitFor(() => expect(api.last("POST /xiangyu/api/hotel/product/save")).toBeTruthy());
    expect(api.last("POST /xiangyu/api/hotel/product/save")!.body).toMatchObject({
      productType: "1",
      productName: "五年会籍",
      proCount: "5",
      amount: "50000",
      groupAmount: "10000",
      profitsharingAmount: "10",
      agentAmount: "10",
      channelAmount: "4",
      shop: "0",
      idisplay: "1",
      onlineSales: "0",
      picJson: "[]",
    });
  });

  it("says the group amount must stay below the amount, and a shop is required", { timeout: 20_000 }, async () => {
    const api = server();
    open();
    await userEvent.click(await screen.findByRole("button", { name: "新增产品" }));
    const dialog = await screen.findByRole("dialog", { name: "新增产品" });
    await userEvent.click(within(dialog).getByRole("button", { name: "保存" }));
    expect(await within(dialog).findByText("产品名称不能为空")).toBeInTheDocument();
    expect(within(dialog).getByText("必须指定门店")).toBeInTheDocument();
    expect(within(dialog).getByText("产品类型不能为空")).toBeInTheDocument();
    await fill(within(dialog).getByLabelText(/产品金额/), "10000");
    await fill(within(dialog).getByLabelText(/集团独立收款/), "10000");
    expect(within(dialog).getByText("集团独立收款金额不能大于等于产品金额")).toBeInTheDocument();
    expect(api.last("POST /xiangyu/api/hotel/product/save")).toBeUndefined();
  });

  it("keeps a type with products from deletion in type management", async () => {
    const api = server();
    open();
    await userEvent.click(await screen.findByRole("button", { name: "产品类型管理" }));
    const dialog = await screen.findByRole("dialog", { name: "产品类型管理" });
    const used = await within(dialog).findByRole("button", { name: "删除：会员周次" });
    expect(used).toBeDisabled();
    expect(used).toHaveAttribute("title", "该类型已被使用，不能删除");
    await userEvent.click(within(dialog).getByRole("button", { name: "删除：体验产品" }));
    const question = await screen.findByRole("dialog", { name: /删除确认/ });
    expect(question).toHaveTextContent("确定删除产品类型「体验产品」吗？");
    await userEvent.click(within(question).getByRole("button", { name: "删除" }));
    await waitFor(() => expect(api.last("POST /xiangyu/api/hotel/product/typedelete")?.body).toEqual({ ids: "2" }));
  });
});
