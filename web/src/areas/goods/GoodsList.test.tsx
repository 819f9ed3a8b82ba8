import { describe, expect, it } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { ALL_RIGHTS, mockApi, renderScreen, type Call } from "../../ui/test-utils.tsx";
import type { Rights } from "../../lib/screen.tsx";
import GoodsList from "./GoodsList.tsx";
import type { Goods } from "./goodsQueries.ts";
import { CLASSES, goods, me } from "./goodsTestData.ts";

/** 商品列表 (R405): class and name filters, the shelf switch after its question, batch delete. */
const ROWS = [
  goods({ id: 3, goodsName: "温泉理疗体验", price: 199, status: 1 }),
  goods({ id: 2, goodsName: "海滨度假纪念册", goodsType: "goods", goodsClass: "002001", goodsClassName: "特产礼品", price: -1, status: 0 }),
  goods({ id: 1, goodsName: "景区门票兑换码", goodsType: "virtual", goodsClass: "002001", goodsClassName: "特产礼品", price: 120, status: 1 }),
];

type PassReply = { code: string; desc: string; data?: { id: number; status: number } };
/** A goods service over a copy of `initial`: the shelf switch's write changes what the list answers next. */
function server(initial: Goods[] = ROWS, refuse?: PassReply) {
  const rows = initial.map((g) => ({ ...g }));
  const passed = (c: Call): PassReply => {
    if (refuse) return refuse;
    const g = rows.find((r) => r.id === Number(c.body.id))!;
    g.status = Number(c.body.status);
    return { code: "200", desc: "操作成功", data: { id: g.id, status: g.status } };
  };
  return mockApi({
    "GET /goods/api/goods/list": (c) => {
      const list = rows.filter((g) => (!c.query.goodsClass || g.goodsClass.startsWith(c.query.goodsClass)) && (!c.query.keyword || g.goodsName.includes(c.query.keyword)));
      return { code: "200", desc: "", dataList: list, pageParams: { maxCount: list.length } as never };
    },
    "GET /gateway/api/manage/users/info": () => me,
    "GET /gateway/api/organization/app/list": () => ({ code: "200", desc: "", dataList: CLASSES }),
    "POST /goods/api/goods/passed": passed,
    "POST /goods/api/goods/delete": () => ({ code: "200", desc: "删除成功" }),
  });
}

const open = (rights: Rights = ALL_RIGHTS, search?: Record<string, string>) => renderScreen(<GoodsList />, { screen: { functionId: 2401, title: "商品列表", rights }, search });
const listCalls = (api: ReturnType<typeof server>) => api.calls.filter((c) => c.path === "/goods/api/goods/list");

describe("goods list", () => {
  it("shows each item's type, class, price (negative: 未报价) and shelf state", { timeout: 20_000 }, async () => {
    server();
    open();
    const spring = await screen.findByRole("row", { name: /温泉理疗体验/ });
    expect(within(spring).getByText("预约服务")).toBeInTheDocument();
    expect(within(spring).getByText("康体理疗")).toBeInTheDocument();
    expect(within(spring).getByText("¥199.00")).toBeInTheDocument();
    expect(within(spring).getByRole("switch", { name: "上架：温泉理疗体验" })).toHaveAttribute("aria-checked", "true");
    const album = screen.getByRole("row", { name: /海滨度假纪念册/ });
    expect(within(album).getByText("实物商品")).toBeInTheDocument();
    expect(within(album).getByText("未报价")).toBeInTheDocument();
    expect(within(album).getByRole("switch", { name: "上架：海滨度假纪念册" })).toHaveAttribute("aria-checked", "false");
    expect(within(screen.getByRole("row", { name: /景区门票兑换码/ })).getByText("虚拟商品")).toBeInTheDocument();
  });

  it("filters by a class of the goodsclass tree and by name", { timeout: 20_000 }, async () => {
    const api = server();
    const { search } = open();
    await screen.findByRole("row", { name: /温泉理疗体验/ });
    // The class filter reads the goods-class tree, not the departments.
    expect(api.last("GET /gateway/api/organization/app/list")!.query).toMatchObject({ orgType: "goodsclass" });
    await userEvent.click(screen.getByRole("button", { name: "商品分类" }));
    await userEvent.click(within(screen.getByRole("listbox", { name: "商品分类第1级" })).getByRole("option", { name: "会员商城" }));
    await waitFor(() => expect(listCalls(api).at(-1)!.query).toMatchObject({ goodsClass: "002", currentPage: "1" }));
    expect(search()).toMatchObject({ goodsClass: "002" });
    await waitFor(() => expect(screen.queryByRole("row", { name: /温泉理疗体验/ })).not.toBeInTheDocument());
    expect(screen.getByRole("row", { name: /海滨度假纪念册/ })).toBeInTheDocument();

    await userEvent.type(screen.getByRole("searchbox", { name: "关键字" }), "门票");
    await userEvent.click(screen.getByRole("button", { name: "查询" }));
    await waitFor(() => expect(listCalls(api).at(-1)!.query).toMatchObject({ goodsClass: "002", keyword: "门票" }));
    await waitFor(() => expect(screen.queryByRole("row", { name: /海滨度假纪念册/ })).not.toBeInTheDocument());
    expect(screen.getByRole("row", { name: /景区门票兑换码/ })).toBeInTheDocument();
  });

  it("asks before taking an item off the shelf and sends nothing when the question is cancelled", { timeout: 20_000 }, async () => {
    const api = server();
    open();
    const sw = await screen.findByRole("switch", { name: "上架：温泉理疗体验" });
    await userEvent.click(sw);
    const question = await screen.findByRole("dialog", { name: /启禁确认/ });
    expect(question).toHaveTextContent("确定要下架该商品吗？");
    await userEvent.click(within(question).getByRole("button", { name: "取消" }));
    expect(sw).toHaveAttribute("aria-checked", "true");
    expect(api.last("POST /goods/api/goods/passed")).toBeUndefined();

    await userEvent.click(sw);
    await userEvent.click(within(await screen.findByRole("dialog", { name: /启禁确认/ })).getByRole("button", { name: "确定" }));
    await waitFor(() => expect(api.last("POST /goods/api/goods/passed")?.body).toEqual({ id: "3", status: "0" }));
    await waitFor(() => expect(screen.getByRole("switch", { name: "上架：温泉理疗体验" })).toHaveAttribute("aria-checked", "false"));

    // Putting one on the shelf asks its own question.
    await userEvent.click(screen.getByRole("switch", { name: "上架：海滨度假纪念册" }));
    const onShelf = await screen.findByRole("dialog", { name: /启禁确认/ });
    expect(onShelf).toHaveTextContent("确定要上架该商品吗？");
    // Answered, so no question is left waiting in the confirm queue for the next test.
    await userEvent.click(within(onShelf).getByRole("button", { name: "取消" }));
    expect(api.calls.filter((c) => c.path === "/goods/api/goods/passed")).toHaveLength(1);
  });

  it("keeps the switch where it was when the server refuses", { timeout: 20_000 }, async () => {
    server(ROWS, { code: "400", desc: "请先设置规格再上架" });
    open();
    const sw = await screen.findByRole("switch", { name: "上架：海滨度假纪念册" });
    await userEvent.click(sw);
    await userEvent.click(within(await screen.findByRole("dialog", { name: /启禁确认/ })).getByRole("button", { name: "确定" }));
    expect(await screen.findByText("请先设置规格再上架")).toBeInTheDocument();
    expect(sw).toHaveAttribute("aria-checked", "false");
  });

  it("without P the switch only says 你没有启禁用权限", { timeout: 20_000 }, async () => {
    const api = server();
    open({ ...ALL_RIGHTS, p: false });
    await userEvent.click(await screen.findByRole("switch", { name: "上架：温泉理疗体验" }));
    expect(await screen.findByText("你没有启禁用权限")).toBeInTheDocument();
    expect(screen.queryByRole("dialog", { name: /启禁确认/ })).not.toBeInTheDocument();
    expect(api.last("POST /goods/api/goods/passed")).toBeUndefined();
  });

  it("deletes the selected items after the question, and refuses an empty selection", { timeout: 20_000 }, async () => {
    const api = server();
    open();
    await screen.findByRole("row", { name: /温泉理疗体验/ });
    const toolbarDelete = () => screen.getAllByRole("button", { name: "删除" })[0]!;
    await userEvent.click(toolbarDelete());
    expect(await screen.findByText("并没有选择删除项")).toBeInTheDocument();
    expect(api.last("POST /goods/api/goods/delete")).toBeUndefined();

    await userEvent.click(within(screen.getByRole("row", { name: /温泉理疗体验/ })).getByRole("checkbox", { name: "选择" }));
    await userEvent.click(within(screen.getByRole("row", { name: /景区门票兑换码/ })).getByRole("checkbox", { name: "选择" }));
    await userEvent.click(toolbarDelete());
    const question = await screen.findByRole("dialog", { name: /删除确认/ });
    await userEvent.click(within(question).getByRole("button", { name: "删除" }));
    await waitFor(() => expect(api.last("POST /goods/api/goods/delete")?.body).toEqual({ ids: "3,1" }));
    expect(await screen.findByText("删除成功")).toBeInTheDocument();
  });

  it("without D there is neither selection nor delete; without A no 新增商品", { timeout: 20_000 }, async () => {
    server();
    open({ a: false, d: false, e: true, p: true, r: true, s: true });
    await screen.findByRole("row", { name: /温泉理疗体验/ });
    expect(screen.queryByRole("checkbox", { name: "选择" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "删除" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "新增商品" })).not.toBeInTheDocument();
    // The spec modal's button stays: reading specs needs no letter.
    expect(screen.getByRole("button", { name: "规格：温泉理疗体验" })).toBeInTheDocument();
  });
});
