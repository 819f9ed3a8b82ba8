import { describe, expect, it, vi } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { ALL_RIGHTS, mockApi, renderScreen, type Call } from "../../../ui/test-utils.tsx";
import { PageMenuTree, DELETE_PAGE_WARNING } from "./index.ts";
import type { PageNode } from "../pageQueries.ts";
import { BASE, functionTypes, pageNode as page } from "./testPages.ts";

/** The custompage routes over an in-memory list. */
function server(pages: PageNode[]) {
  let next = 100;
  const withKids = (n: PageNode) => ({ ...n, hasChild: pages.some((c) => c.parentId === n.id) });
  return {
    [`GET ${BASE}/list`]: (c: Call) => ({ code: "200", desc: "", dataList: pages.filter((n) => n.parentId === Number(c.query.parentId)).map(withKids) }),
    [`POST ${BASE}/save`]: (c: Call) => {
      const b = c.body;
      if (b.id) {
        const n = pages.find((x) => x.id === Number(b.id))!;
        Object.assign(n, { name: b.name, columnCode: b.columnCode ?? n.columnCode, columnName: b.columnName ?? n.columnName });
        return { code: "200", desc: "保存成功", data: withKids(n) };
      }
      const n = page({ id: next++, name: b.name, parentId: Number(b.parentId) });
      pages.push(n);
      return { code: "200", desc: "保存成功", data: n };
    },
    [`POST ${BASE}/delete`]: (c: Call) => {
      pages.splice(
        pages.findIndex((x) => x.id === Number(c.body.id)),
        1,
      );
      return { code: "200", desc: "删除成功" };
    },
    [`POST ${BASE}/moveSystemModule`]: () => ({ code: "500", desc: "移动失败，请重试" }),
    [`POST ${BASE}/copySystemModule`]: (c: Call) => ({ code: "200", desc: "复制成功", data: page({ id: next++, name: "copy", parentId: 0, code: `${c.body.oldModuleCode}_9` }) }),
    "GET /gateway/api/manage/type/list": functionTypes,
  };
}

const tree = () => [
  page({ id: 1, name: "小程序", parentId: 0, code: "weapp" }),
  page({ id: 2, name: "门户", parentId: 0, code: "portal" }),
  page({ id: 3, name: "首页", parentId: 1, code: "home" }),
];
const item = (name: string) => screen.findByRole("treeitem", { name: new RegExp(`^${name}`) });

describe("PageMenuTree", () => {
  it("shows the terminals' modules, opens a level and hands the chosen page to the designer", async () => {
    const api = mockApi(server(tree()));
    const onOpen = vi.fn();
    renderScreen(<PageMenuTree onOpen={onOpen} />, { screen: { functionId: 1401, rights: ALL_RIGHTS } });
    const mp = await item("小程序");
    expect(await item("门户")).toBeInTheDocument();
    await userEvent.click(within(mp).getByRole("button", { name: "展开" }));
    await userEvent.click(await screen.findByRole("button", { name: "首页" }));
    expect(onOpen).toHaveBeenLastCalledWith(expect.objectContaining({ id: 3, code: "home" }));
    expect(api.last(`GET ${BASE}/list`)!.query).toEqual({ parentId: "1" });
  });

  it("adds a page below the chosen one, and deletes it after the confirmation", async () => {
    const api = mockApi(server(tree()));
    const onDeleted = vi.fn();
    renderScreen(<PageMenuTree onOpen={() => {}} onDeleted={onDeleted} />, { screen: { functionId: 1401, rights: ALL_RIGHTS } });
    await userEvent.click(within(await item("门户")).getByRole("button", { name: "门户" }));
    await userEvent.click(screen.getByRole("button", { name: "新增下级" }));
    await userEvent.type(screen.getByLabelText(/名称/), "关于我们");
    await userEvent.click(screen.getByRole("button", { name: "确定" }));
    await waitFor(() => expect(api.last(`POST ${BASE}/save`)!.body).toMatchObject({ parentId: "2", name: "关于我们" }));
    await userEvent.click(await screen.findByRole("button", { name: "关于我们" }));
    await userEvent.click(screen.getByRole("button", { name: "删除" }));
    expect(await screen.findByText(DELETE_PAGE_WARNING)).toBeInTheDocument();
    await userEvent.click(within(screen.getByRole("dialog")).getByRole("button", { name: "删除" }));
    await waitFor(() => expect(api.last(`POST ${BASE}/delete`)!.body).toEqual({ id: "100" }));
    expect(onDeleted).toHaveBeenCalledWith([100]);
    await waitFor(() => expect(screen.queryByRole("button", { name: "关于我们" })).not.toBeInTheDocument());
  });

  it("moves or copies a module by codes; a failure shows the spec's words", async () => {
    const api = mockApi(server(tree()));
    renderScreen(<PageMenuTree onOpen={() => {}} />, { screen: { functionId: 1401, rights: ALL_RIGHTS } });
    await userEvent.click(within(await item("门户")).getByRole("button", { name: "门户" }));
    await userEvent.click(screen.getByRole("button", { name: "移动/复制" }));
    const dialog = screen.getByRole("dialog");
    // Modules by their Chinese names; the code is what is sent.
    expect(within(dialog).getByRole("option", { name: "小程序" })).toHaveValue("weapp");
    expect(within(dialog).queryByText(/weapp|portal/)).toBeNull();
    await userEvent.selectOptions(within(dialog).getByRole("combobox"), "weapp");
    await userEvent.click(within(dialog).getByRole("button", { name: "确定" }));
    expect(await screen.findByText("移动失败，请重试")).toBeInTheDocument();
    expect(api.last(`POST ${BASE}/moveSystemModule`)!.body).toEqual({ oldModuleCode: "portal", newModuleCode: "weapp" });
    await userEvent.click(within(dialog).getByLabelText("复制（生成新编码）"));
    await userEvent.click(within(dialog).getByRole("button", { name: "确定" }));
    await waitFor(() => expect(api.last(`POST ${BASE}/copySystemModule`)!.body).toEqual({ oldModuleCode: "portal", newModuleCode: "weapp" }));
  });

  it("binds back-end functions as comma-separated codes and names (R582)", async () => {
    const api = mockApi(server(tree()));
    renderScreen(<PageMenuTree onOpen={() => {}} />, { screen: { functionId: 1401, rights: ALL_RIGHTS } });
    await userEvent.click(within(await item("门户")).getByRole("button", { name: "门户" }));
    await userEvent.click(screen.getByRole("button", { name: "后台功能" }));
    await userEvent.click(await screen.findByLabelText(/自定义页面/));
    await userEvent.click(within(screen.getByRole("dialog")).getByRole("button", { name: "确定" }));
    await waitFor(() => expect(api.last(`POST ${BASE}/save`)!.body).toMatchObject({ id: "2", columnCode: "1401", columnName: "自定义页面" }));
    // The whole record, the document blank: the stored one is kept.
    expect(api.last(`POST ${BASE}/save`)!.body.configJson).toBe("");
  });

  it("offers only what the rights allow", async () => {
    mockApi(server(tree()));
    renderScreen(<PageMenuTree onOpen={() => {}} />, { screen: { functionId: 1401, rights: { ...ALL_RIGHTS, a: false, d: false, e: false } } });
    await item("门户");
    for (const name of ["新增模块", "新增下级", "重命名", "移动/复制", "后台功能", "删除"]) expect(screen.queryByRole("button", { name })).not.toBeInTheDocument();
  });

  it("shows the chosen page's form entries, each answer under its label", async () => {
    const entry = {
      id: 7,
      pageId: 2,
      clientId: 0,
      realname: "王小明",
      mobile: "13800138000",
      createTime: "2026-11-29 10:00:00",
      answers: [{ name: "memo", label: "备注", value: "想了解房券" }],
    };
    const api = mockApi({
      ...server(tree()),
      [`GET ${BASE}/formentries`]: () => ({
        code: "200",
        desc: "",
        dataList: [entry],
        pageParams: { maxCount: 1, currentPage: 1, pageSize: 20, maxPage: 1, sort: "id", order: "desc", keyword: "", keyValue: "" },
      }),
    });
    renderScreen(<PageMenuTree onOpen={() => {}} />, { screen: { functionId: 1401, rights: { ...ALL_RIGHTS, a: false, d: false, e: false } } });
    expect(await screen.findByRole("button", { name: "表单记录" })).toBeDisabled();
    await userEvent.click(within(await item("门户")).getByRole("button", { name: "门户" }));
    await userEvent.click(screen.getByRole("button", { name: "表单记录" }));
    const dialog = await screen.findByRole("dialog", { name: "表单记录：门户" });
    expect(await within(dialog).findByText("想了解房券")).toBeInTheDocument();
    expect(within(dialog).getByText("备注")).toBeInTheDocument();
    expect(within(dialog).getByText("王小明 13800138000")).toBeInTheDocument();
    expect(api.last(`GET ${BASE}/formentries`)!.query).toMatchObject({ pageId: "2", currentPage: "1" });
  });
});
