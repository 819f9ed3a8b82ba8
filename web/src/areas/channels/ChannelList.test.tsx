import { describe, expect, it } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { ALL_RIGHTS, mockApi, renderScreen, type Call } from "../../ui/test-utils.tsx";
import ChannelList from "./ChannelList.tsx";
import type { Channel } from "./channelQueries.ts";

const ONLINE: Channel = {
  id: 3,
  value: "online",
  name: "线上推广",
  styleid: "online",
  stylename: "线上推广",
  pseudocode: "",
  styleen: "clientSource",
  displayornot: 1,
  seq: 99,
  bindUsers: [1],
  bindUser: "管理员",
  cannel: [{ bindUserId: 1, bindUser: "管理员" }],
};

function server(staff: "ok" | "broken" = "ok") {
  return mockApi({
    "GET /xiangyu/api/channel/list": () => ({ code: "200", desc: "", dataList: [ONLINE] }),
    "GET /gateway/api/manage/users/mgr/picklist": () =>
      staff === "ok"
        ? {
            code: "200",
            desc: "",
            dataList: [
              { id: 1, realname: "管理员" },
              { id: 2, realname: "李销售", mobile: "13900000002" },
            ],
          }
        : { code: "500", desc: "系统繁忙，请稍后再试" },
    "POST /xiangyu/api/channel/save": (c: Call) => ({ code: "200", desc: "保存成功", data: { ...ONLINE, ...c.body } }),
    "POST /gateway/api/manage/style/attrdelete": () => ({ check: 1, msg: "删除成功" }) as never,
  });
}

const open = () => renderScreen(<ChannelList />, { screen: { functionId: 2304, title: "渠道管理", rights: ALL_RIGHTS } });

describe("channels", () => {
  it("binds sales persons (sent comma-joined) and warns before a code change", { timeout: 15_000 }, async () => {
    const api = server();
    open();
    await userEvent.click(await screen.findByRole("button", { name: "编辑：线上推广" }));
    const dialog = await screen.findByRole("dialog", { name: "编辑渠道" });
    const left = within(dialog).getByRole("region", { name: "可选业务员" });
    await userEvent.click(await within(left).findByLabelText("李销售 13900000002"));
    await userEvent.click(within(dialog).getByRole("button", { name: "移到右侧" }));
    await userEvent.clear(within(dialog).getByLabelText(/渠道编码/));
    await userEvent.type(within(dialog).getByLabelText(/渠道编码/), "online2");
    await userEvent.click(within(dialog).getByRole("button", { name: "保存" }));

    const question = await screen.findByRole("dialog", { name: /修改编码/ });
    expect(question).toHaveTextContent("修改渠道编码会影响已绑定该渠道的客户");
    await userEvent.click(within(question).getByRole("button", { name: "确定" }));
    await waitFor(() => expect(api.last("POST /xiangyu/api/channel/save")).toBeTruthy());
    expect(api.last("POST /xiangyu/api/channel/save")!.body).toMatchObject({ id: "3", styleid: "online2", stylename: "线上推广", styleen: "clientSource", users: "1,2" });
  });

  it("lists the whole staff list (one picker page of 1000) and finds a salesperson by name or by mobile", async () => {
    const api = server();
    open();
    await userEvent.click(await screen.findByRole("button", { name: "新增渠道" }));
    const dialog = await screen.findByRole("dialog", { name: "新增渠道" });
    const left = within(dialog).getByRole("region", { name: "可选业务员" });
    expect(await within(left).findByLabelText("李销售 13900000002")).toBeInTheDocument();
    expect(within(left).getByLabelText("管理员")).toBeInTheDocument();
    expect(api.last("GET /gateway/api/manage/users/mgr/picklist")!.query).toMatchObject({ currentPage: "1", pageSize: "1000" });
    expect(within(dialog).queryByRole("alert")).not.toBeInTheDocument();

    const search = within(left).getByRole("searchbox", { name: "搜索可选业务员" });
    await userEvent.type(search, "0002");
    expect(within(left).getByLabelText("李销售 13900000002")).toBeInTheDocument();
    expect(within(left).queryByLabelText("管理员")).not.toBeInTheDocument();
    await userEvent.clear(search);
    await userEvent.type(search, "管理");
    expect(within(left).getByLabelText("管理员")).toBeInTheDocument();
    expect(within(left).queryByLabelText("李销售 13900000002")).not.toBeInTheDocument();
  });

  it("says so when the staff list fails for another reason, keeping the bound ones", async () => {
    server("broken");
    open();
    await userEvent.click(await screen.findByRole("button", { name: "编辑：线上推广" }));
    const dialog = await screen.findByRole("dialog", { name: "编辑渠道" });
    expect(await within(dialog).findByText("读取用户列表出错，只列出已绑定的业务员")).toBeInTheDocument();
    expect(within(within(dialog).getByRole("region", { name: "已绑定业务员" })).getByLabelText("管理员")).toBeInTheDocument();
  });

  it("is the shared list: export and column picker, every channel without paging, the bulk delete sends the ticked ids", { timeout: 15_000 }, async () => {
    const api = server();
    open();
    const row = (await screen.findByRole("cell", { name: "线上推广" })).closest("tr")!;
    expect(screen.getByRole("button", { name: "导出" })).toBeEnabled();
    expect(screen.getByRole("button", { name: "列" })).toBeInTheDocument();
    // channel/list answers every channel: asked with the style list only, and no pager.
    expect(api.last("GET /xiangyu/api/channel/list")!.query).toMatchObject({ styleen: "clientSource" });
    expect(api.last("GET /xiangyu/api/channel/list")!.query).not.toHaveProperty("currentPage");
    expect(screen.queryByText(/共 .* 条/)).not.toBeInTheDocument();

    await userEvent.click(within(row).getByRole("checkbox", { name: "选择" }));
    await userEvent.click(screen.getByRole("button", { name: "删除" }));
    await userEvent.click(within(await screen.findByRole("dialog", { name: /删除确认/ })).getByRole("button", { name: "删除" }));
    await waitFor(() => expect(api.last("POST /gateway/api/manage/style/attrdelete")?.body).toEqual({ ids: "3" }));
    // The list reads again after the delete and nothing stays ticked.
    await waitFor(() => expect(api.calls.filter((c) => c.path === "/xiangyu/api/channel/list").length).toBeGreaterThan(1));
    await waitFor(() => expect(within(row).getByRole("checkbox", { name: "选择" })).not.toBeChecked());
  });

  it("refuses a bulk delete with nothing ticked", async () => {
    const api = server();
    open();
    await screen.findByRole("cell", { name: "线上推广" });
    await userEvent.click(screen.getByRole("button", { name: "删除" }));
    expect(await screen.findByText("并没有选择删除项")).toBeInTheDocument();
    expect(api.last("POST /gateway/api/manage/style/attrdelete")).toBeUndefined();
  });

  it("deletes through style/attrdelete after asking", async () => {
    const api = server();
    open();
    await userEvent.click(await screen.findByRole("button", { name: "删除：线上推广" }));
    await userEvent.click(within(await screen.findByRole("dialog", { name: /删除确认/ })).getByRole("button", { name: "删除" }));
    await waitFor(() => expect(api.last("POST /gateway/api/manage/style/attrdelete")?.body).toEqual({ ids: "3" }));
    expect(await screen.findByText("删除成功")).toBeInTheDocument();
  });
});
