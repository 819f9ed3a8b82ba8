import { describe, expect, it } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { ALL_RIGHTS, mockApi, renderScreen } from "../../ui/test-utils.tsx";
import RoleList from "./RoleList.tsx";
import type { Role } from "./userQueries.ts";

const role = (id: number, name: string, more: Partial<Role> = {}): Role => ({
  id,
  name,
  code: "",
  rights: { "2301": "ARED" },
  dataScope: "all",
  dataScopeName: "全部",
  twoFactor: 0,
  branchId: 0,
  remark: "",
  createTime: "2026-11-01 09:00:00",
  editable: 1,
  ...more,
});
const ROLES = [role(1, "超级管理员", { code: "super", editable: 0 }), role(2, "收银员"), role(3, "前台")];

function server() {
  let roles = ROLES;
  return mockApi({
    "GET /gateway/api/manage/role/list": (c) => {
      const k = String(c.query.keyword ?? "");
      const found = roles.filter((r) => r.name.includes(k));
      return {
        code: "200",
        desc: "",
        dataList: found,
        pageParams: { maxCount: found.length, currentPage: 1, pageSize: 20, maxPage: 1, sort: "id", order: "asc", keyword: k, keyValue: "" },
      };
    },
    // The role editor's rights grid reads the menu.
    "GET /gateway/api/manage/type/list": () => ({ code: "200", desc: "", dataList: [] }),
    "POST /gateway/api/manage/role/delete": (c) => {
      const ids = c.body.ids.split(",").map(Number);
      roles = roles.filter((r) => !ids.includes(r.id));
      return { code: "200", desc: "删除成功" };
    },
  });
}

const open = () => renderScreen(<RoleList />, { screen: { functionId: 2310, title: "角色管理", rights: ALL_RIGHTS } });
const rowOf = async (name: string) => (await screen.findByRole("cell", { name })).closest("tr")!;

describe("roles", () => {
  it("is the shared list: paged oldest first, searched by keyword, with export and column picker", async () => {
    const api = server();
    open();
    await rowOf("收银员");
    expect(screen.getAllByRole("row")).toHaveLength(1 + ROLES.length);
    expect(screen.getByRole("button", { name: "导出" })).toBeEnabled();
    expect(screen.getByRole("button", { name: "列" })).toBeInTheDocument();
    expect(api.last("GET /gateway/api/manage/role/list")!.query).toMatchObject({ currentPage: "1", pageSize: "20", sort: "id", order: "asc" });
    expect(screen.getByText(/共 3 条/)).toBeInTheDocument();
    await userEvent.type(screen.getByPlaceholderText("角色名称、编码或备注"), "收银");
    await userEvent.click(screen.getByRole("button", { name: "查询" }));
    await waitFor(() => expect(api.last("GET /gateway/api/manage/role/list")!.query).toMatchObject({ keyword: "收银" }));
    await waitFor(() => expect(screen.queryByRole("cell", { name: "前台" })).not.toBeInTheDocument());
    expect(screen.getByText(/共 1 条/)).toBeInTheDocument();
  });

  it("opens the role editor from a row, read-only for a role wider than the caller", async () => {
    server();
    open();
    await userEvent.click(within(await rowOf("收银员")).getByRole("button", { name: "编辑：收银员" }));
    expect(await screen.findByRole("dialog", { name: "编辑角色：收银员" })).toBeInTheDocument();
    await userEvent.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());

    const superRow = await rowOf("超级管理员");
    expect(within(superRow).getByRole("button", { name: "删除：超级管理员" })).toBeDisabled();
    await userEvent.click(within(superRow).getByRole("button", { name: "查看：超级管理员" }));
    expect(await screen.findByRole("dialog", { name: "查看角色：超级管理员" })).toBeInTheDocument();
  });

  it("deletes the ticked roles comma-joined after asking, then nothing stays ticked", async () => {
    const api = server();
    open();
    await userEvent.click(within(await rowOf("收银员")).getByRole("checkbox", { name: "选择" }));
    await userEvent.click(within(await rowOf("前台")).getByRole("checkbox", { name: "选择" }));
    await userEvent.click(screen.getByRole("button", { name: "删除" }));
    const question = await screen.findByRole("dialog", { name: /删除确认/ });
    expect(question).toHaveTextContent("持有这些角色的用户将失去相应权限");
    await userEvent.click(within(question).getByRole("button", { name: "删除" }));
    await waitFor(() => expect(api.last("POST /gateway/api/manage/role/delete")?.body).toEqual({ ids: "2,3" }));
    await waitFor(() => expect(screen.queryByRole("cell", { name: "收银员" })).not.toBeInTheDocument());
    expect(screen.getAllByRole("checkbox", { name: "选择" }).filter((c) => (c as HTMLInputElement).checked)).toHaveLength(0);
  });

  it("greys the bulk delete with nothing ticked, and refuses it", async () => {
    const api = server();
    open();
    await rowOf("收银员");
    expect(screen.getByRole("button", { name: "删除" })).toHaveAttribute("aria-disabled", "true");
    await userEvent.click(screen.getByRole("button", { name: "删除" }));
    expect(await screen.findByText("并没有选择删除项")).toBeInTheDocument();
    expect(api.last("POST /gateway/api/manage/role/delete")).toBeUndefined();
  });
});
