import { describe, expect, it } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { ALL_RIGHTS, mockApi, renderScreen, type Call } from "../../../ui/test-utils.tsx";
import DesignerScreen from "./DesignerScreen.tsx";
import { defaultPageDocument } from "./model.ts";
import type { PageNode } from "../menu/index.ts";
import { BASE, functionTypes, pageNode as node } from "../menu/testPages.ts";

/**
 * The designer and its Menu tab together: the record the tree stores (a rename, bound functions)
 * reaches the page open in the designer, and the record the designer stores reaches the tree's
 * dialogs, so neither writes the other's old values back.
 */

/** The custompage routes over one module with one stored page; a save stores every field it is sent. */
function server() {
  const pages = [node({ id: 1, name: "小程序", parentId: 0, code: "weapp" })];
  const docs = new Map<number, string>([[1, JSON.stringify(defaultPageDocument())]]);
  const reply = (n: PageNode) => ({ ...n, configJson: docs.get(n.id) ?? "" });
  return {
    pages,
    handlers: {
      [`GET ${BASE}/list`]: (c: Call) => ({ code: "200", desc: "", dataList: pages.filter((n) => n.parentId === Number(c.query.parentId)) }),
      [`GET ${BASE}/view`]: (c: Call) => ({ code: "200", desc: "", data: reply(pages.find((n) => n.id === Number(c.query.id))!) }),
      [`POST ${BASE}/save`]: (c: Call) => {
        const b = c.body as Record<string, unknown>;
        const n = pages.find((x) => x.id === Number(b.id))!;
        Object.assign(n, { name: b.name, code: b.code || n.code, columnCode: b.columnCode ?? n.columnCode, columnName: b.columnName ?? n.columnName });
        if (b.configJson) docs.set(n.id, String(b.configJson));
        return { code: "200", desc: "保存成功", data: reply(n) };
      },
      "GET /gateway/api/manage/type/list": functionTypes,
    },
  };
}

const pageName = () => screen.getByLabelText("页面名称");
const toolbarTitle = () => document.querySelector("[data-page-title]")?.textContent;

describe("designer and menu tree", () => {
  it("a rename in the tree shows in the open page, is no unsaved edit, and a later save sends the new name and code", async () => {
    const s = server();
    const api = mockApi(s.handlers);
    renderScreen(<DesignerScreen />, { screen: { functionId: 1401, rights: ALL_RIGHTS } });
    await userEvent.click(await screen.findByRole("button", { name: "小程序" }));
    await waitFor(() => expect(pageName()).toHaveValue("小程序"));

    await userEvent.click(screen.getByRole("button", { name: "重命名" }));
    const dialog = screen.getByRole("dialog", { name: "重命名" });
    await userEvent.clear(within(dialog).getByLabelText(/名称/));
    await userEvent.type(within(dialog).getByLabelText(/名称/), "微信小程序");
    await userEvent.clear(within(dialog).getByLabelText(/编码/));
    await userEvent.type(within(dialog).getByLabelText(/编码/), "wx");
    await userEvent.click(within(dialog).getByRole("button", { name: "确定" }));
    await waitFor(() => expect(pageName()).toHaveValue("微信小程序"));
    expect(toolbarTitle()).toBe("微信小程序");
    expect(document.querySelector("[data-dirty]")).toBeNull();
    // Undo does not take the stored name back.
    expect(screen.getByRole("button", { name: "↶ 撤销" })).toBeDisabled();

    await userEvent.click(screen.getByRole("button", { name: "保存" }));
    await waitFor(() => expect(api.calls.filter((c) => c.path === `${BASE}/save`)).toHaveLength(2));
    expect(api.last(`POST ${BASE}/save`)!.body).toMatchObject({ id: "1", name: "微信小程序", code: "wx" });
    expect(s.pages[0]!.name).toBe("微信小程序");
  });

  it("a name saved by the designer is what the tree's dialogs send back", async () => {
    const s = server();
    const api = mockApi(s.handlers);
    renderScreen(<DesignerScreen />, { screen: { functionId: 1401, rights: ALL_RIGHTS } });
    await userEvent.click(await screen.findByRole("button", { name: "小程序" }));
    await waitFor(() => expect(pageName()).toHaveValue("小程序"));
    await userEvent.clear(pageName());
    await userEvent.type(pageName(), "首页模块");
    await userEvent.click(screen.getByRole("button", { name: "保存" }));
    await screen.findByRole("button", { name: "首页模块" });

    await userEvent.click(screen.getByRole("button", { name: "后台功能" }));
    await userEvent.click(await screen.findByLabelText(/自定义页面/));
    await userEvent.click(within(screen.getByRole("dialog")).getByRole("button", { name: "确定" }));
    await waitFor(() => expect(api.last(`POST ${BASE}/save`)!.body).toMatchObject({ columnCode: "1401" }));
    expect(api.last(`POST ${BASE}/save`)!.body).toMatchObject({ id: "1", name: "首页模块" });

    // And the functions bound in the tree travel with the designer's next save.
    await userEvent.type(pageName(), "2");
    await userEvent.click(screen.getByRole("button", { name: "保存" }));
    await waitFor(() => expect(api.last(`POST ${BASE}/save`)!.body).toMatchObject({ name: "首页模块2", columnCode: "1401", columnName: "自定义页面" }));
  });
});
