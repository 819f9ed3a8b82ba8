import { describe, expect, it } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { ALL_RIGHTS, mockApi, renderScreen, type Call } from "../../ui/test-utils.tsx";
import OperationLog from "./OperationLog.tsx";
import type { OpLogRow } from "./authQueries.ts";

const log = (id: number, module: string): OpLogRow => ({
  id,
  userId: 1,
  username: "admin",
  realname: "系统管理员",
  functionId: 1201,
  functionName: "组织架构",
  module,
  method: "POST",
  route: "/gateway/api/organization/save",
  ids: String(id * 10),
  // The first entry predates the action labels: it still names its route.
  action: id === 1 ? "" : "新增组织机构",
  ip: "127.0.0.1",
  createTime: `2026-11-22 12:0${id % 10}:00`,
});

function handlers() {
  const rows = [log(3, "org"), log(2, "platform"), log(1, "org")];
  return {
    "GET /gateway/api/manage/users/info": () => ({
      code: "200",
      desc: "",
      data: { userId: 1, username: "admin", realname: "系统管理员", deptid: "", deptCodes: [""], branchid: 0, managelevel: 1 },
    }),
    "GET /gateway/api/manage/type/list": () => ({
      code: "200",
      desc: "",
      dataList: [
        { typename: "平台配置", module: "platform" },
        { typename: "组织与区域", module: "org" },
      ],
    }),
    "GET /gateway/api/manage/oplog/list": (c: Call) => {
      const list = rows.filter((r) => !c.query.module || r.module === c.query.module);
      const ordered = c.query.order === "asc" ? [...list].reverse() : list;
      return {
        code: "200",
        desc: "",
        dataList: ordered,
        pageParams: { maxCount: list.length, currentPage: 1, pageSize: 20, maxPage: 1, sort: "id", order: "desc" as const, keyword: "", keyValue: "" },
      };
    },
  };
}

describe("OperationLog", () => {
  it("lists who did what and when, newest first, with the area named as in the menu", async () => {
    const api = mockApi(handlers());
    renderScreen(<OperationLog />, { screen: { functionId: 2501, rights: ALL_RIGHTS } });
    await waitFor(() => expect(screen.getAllByRole("row")).toHaveLength(4));
    const first = within(screen.getAllByRole("row")[1]);
    expect(first.getByText("系统管理员（admin）")).toBeInTheDocument();
    expect(first.getByText("2026-11-22 12:03:00")).toBeInTheDocument();
    await waitFor(() => expect(first.getByText("组织与区域")).toBeInTheDocument());
    // The action in Chinese and the record acted on, not the API path.
    expect(first.getByText("新增组织机构")).toBeInTheDocument();
    expect(first.getByText("30")).toBeInTheDocument();
    expect(first.queryByText("/gateway/api/organization/save")).not.toBeInTheDocument();
    expect(within(screen.getAllByRole("row")[3]).getByText("/gateway/api/organization/save")).toBeInTheDocument();
    expect(first.getByText("30")).toBeInTheDocument();
    expect(api.last("GET /gateway/api/manage/oplog/list")!.query).toEqual({ currentPage: "1", pageSize: "20", sort: "id", order: "desc" });
    expect(api.last("GET /gateway/api/manage/oplog/list")!.headers.functionId).toBe("2501");
  });

  it("filters by module and keeps the filter in the address", async () => {
    const api = mockApi(handlers());
    const r = renderScreen(<OperationLog />, { screen: { functionId: 2501, rights: ALL_RIGHTS } });
    await screen.findByText("共 3 条");
    await waitFor(() => expect(within(screen.getByRole("combobox", { name: "模块" })).getByText("平台配置")).toBeInTheDocument());
    await userEvent.selectOptions(screen.getByRole("combobox", { name: "模块" }), "platform");
    expect(await screen.findByText("共 1 条")).toBeInTheDocument();
    expect(api.last("GET /gateway/api/manage/oplog/list")!.query.module).toBe("platform");
    expect(r.search()).toEqual({ module: "platform" });
  });
});
