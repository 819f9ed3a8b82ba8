import { describe, expect, it, vi } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { ALL_RIGHTS, mockMadeUpRoutes, renderScreen, type Call } from "../test-utils.tsx";
import { ListScreen } from "./ListScreen.tsx";
import { DeleteSelected, ToggleSelected } from "./ListActions.tsx";
import { FilterSelect, StoreFilter } from "./filters.tsx";
import type { Column } from "../table/columns.ts";
import { NO_RIGHTS } from "../../lib/screen.tsx";
import type { ListKey, PostKey } from "../../lib/contract.ts";

const exported = vi.hoisted(() => ({ calls: [] as unknown[][] }));
vi.mock("../table/exportXlsx.ts", () => ({ exportXlsx: async (...args: unknown[]) => void exported.calls.push(args) }));

type Row = { id: number; name: string; status: number };
const columns: Column<Row>[] = [
  { id: "id", header: "ID", sortable: true },
  { id: "name", header: "名称", sortable: true },
  { id: "status", header: "状态", text: (r) => (r.status === 1 ? "启用" : "禁用") },
];
const LIST = "GET /test/list";
const me = { code: "200", desc: "", data: { userId: 9, username: "u", realname: "店长", deptid: "001002", deptCodes: ["001002"], branchid: 1, managelevel: 3 } };

/** 45 records served a page at a time, honouring pageSize and order. */
function serve(c: Call) {
  const all = Array.from({ length: 45 }, (_, i) => ({ id: i + 1, name: `记录${i + 1}`, status: i % 2 }));
  const sorted = c.query.order === "asc" ? all : [...all].reverse();
  const size = Number(c.query.pageSize);
  const page = Number(c.query.currentPage);
  return {
    code: "200",
    desc: "",
    dataList: sorted.slice((page - 1) * size, page * size),
    pageParams: { maxCount: 45, currentPage: page, pageSize: size, maxPage: Math.ceil(45 / size), sort: "id", order: c.query.order as "asc", keyword: "", keyValue: "" },
  };
}

/** A route outside the contract, as a test stands one up. */
const ROUTE = LIST as ListKey;
type RouteProps = Extract<Parameters<typeof ListScreen<ListKey, Row>>[0], { route: ListKey }>;
function List(props: Partial<RouteProps>) {
  return <ListScreen<ListKey, Row> tableId="test" route={ROUTE} columns={columns} {...props} />;
}

describe("ListScreen", () => {
  it("asks for page 1 of 20 newest first, shows the rows and the total", async () => {
    const api = mockMadeUpRoutes({ [LIST]: serve, "GET /gateway/api/manage/users/info": () => me });
    renderScreen(<List />);
    expect(await screen.findByText("记录45")).toBeInTheDocument();
    expect(api.last(LIST)!.query).toEqual({ currentPage: "1", pageSize: "20", sort: "id", order: "desc" });
    expect(screen.getByText("共 45 条")).toBeInTheDocument();
    expect(screen.getAllByRole("row")).toHaveLength(21);
  });

  it("keeps page, size and sort in the address and asks the server for them", async () => {
    const api = mockMadeUpRoutes({ [LIST]: serve, "GET /gateway/api/manage/users/info": () => me });
    const r = renderScreen(<List />, { search: { functionId: "77" } });
    await screen.findByText("记录45");
    await userEvent.click(screen.getByRole("button", { name: "2" }));
    expect(await screen.findByText("记录25")).toBeInTheDocument();
    expect(r.search()).toEqual({ functionId: "77", page: "2" });
    await userEvent.selectOptions(screen.getByLabelText("每页条数"), "50");
    await waitFor(() => expect(api.last(LIST)!.query).toMatchObject({ currentPage: "1", pageSize: "50" }));
    expect(r.search()).toEqual({ functionId: "77", size: "50" });
    await userEvent.click(screen.getByRole("button", { name: /^ID/ }));
    await waitFor(() => expect(api.last(LIST)!.query.order).toBe("asc"));
    expect(await screen.findByText("记录1")).toBeInTheDocument();
    expect(r.search()).toEqual({ functionId: "77", size: "50", order: "asc" });
    // Another sortable column sends its own key, newest (largest) first.
    await userEvent.click(screen.getByRole("button", { name: /^名称/ }));
    await waitFor(() => expect(api.last(LIST)!.query).toMatchObject({ sort: "name", order: "desc", currentPage: "1" }));
    expect(r.search()).toEqual({ functionId: "77", size: "50", sort: "name" });
  });

  it("opens on the page a link names", async () => {
    const api = mockMadeUpRoutes({ [LIST]: serve, "GET /gateway/api/manage/users/info": () => me });
    renderScreen(<List />, { search: { page: "3", size: "20" } });
    expect(await screen.findByText("记录5")).toBeInTheDocument();
    expect(api.last(LIST)!.query.currentPage).toBe("3");
    expect(screen.getByRole("button", { name: "3" })).toHaveAttribute("aria-current", "page");
  });

  it("asks for the defaults when the address names a page or size the list does not offer", async () => {
    const api = mockMadeUpRoutes({ [LIST]: serve, "GET /gateway/api/manage/users/info": () => me });
    renderScreen(<List />, { search: { page: "abc", size: "7" } });
    expect(await screen.findByText("记录45")).toBeInTheDocument();
    expect(api.last(LIST)!.query).toMatchObject({ currentPage: "1", pageSize: "20" });
  });

  it("asks for the page and size a valid address names", async () => {
    const api = mockMadeUpRoutes({ [LIST]: serve, "GET /gateway/api/manage/users/info": () => me });
    renderScreen(<List />, { search: { page: "2", size: "30" } });
    expect(await screen.findByText("记录15")).toBeInTheDocument();
    expect(api.last(LIST)!.query).toMatchObject({ currentPage: "2", pageSize: "30" });
  });

  it("searches by keyword and filter, and resets both", async () => {
    const api = mockMadeUpRoutes({ [LIST]: serve, "GET /gateway/api/manage/users/info": () => me });
    const r = renderScreen(
      <List
        keyword={{ placeholder: "名称" }}
        filterKeys={["status"]}
        filters={
          <FilterSelect
            name="status"
            label="状态"
            options={[
              { value: 1, label: "启用" },
              { value: 0, label: "禁用" },
            ]}
          />
        }
      />,
    );
    await screen.findByText("记录45");
    await userEvent.type(screen.getByLabelText("关键字"), "记录4{Enter}");
    await waitFor(() => expect(api.last(LIST)!.query.keyword).toBe("记录4"));
    await userEvent.selectOptions(screen.getByRole("combobox", { name: "状态" }), "0");
    await waitFor(() => expect(api.last(LIST)!.query).toMatchObject({ keyword: "记录4", status: "0", currentPage: "1" }));
    expect(r.search()).toEqual({ keyword: "记录4", status: "0" });
    await userEvent.click(screen.getByRole("button", { name: "重置" }));
    await waitFor(() => expect(r.search()).toEqual({}));
    expect(screen.getByLabelText("关键字")).toHaveValue("");
  });

  it("shows the empty state, and a failed read's desc both as a toast and in the table", async () => {
    let fail = false;
    mockMadeUpRoutes({
      [LIST]: () => (fail ? { code: "500", desc: "列表服务不可用" } : { code: "200", desc: "", dataList: [], pageParams: undefined }),
      "GET /gateway/api/manage/users/info": () => me,
    });
    renderScreen(<List />);
    expect(await screen.findByText("暂无数据")).toBeInTheDocument();
    fail = true;
    await userEvent.click(screen.getByRole("button", { name: /^ID/ }));
    await waitFor(() => expect(screen.getAllByText("列表服务不可用")).toHaveLength(2));
    expect(screen.getByRole("button", { name: "重试" })).toBeInTheDocument();
  });

  it("shows '读取出错' when a failed read has no desc", async () => {
    mockMadeUpRoutes({ [LIST]: () => ({ code: "500", desc: "" }), "GET /gateway/api/manage/users/info": () => me });
    renderScreen(<List />);
    await waitFor(() => expect(screen.getAllByText("读取出错")).toHaveLength(2));
  });

  it("remembers hidden columns per user", async () => {
    mockMadeUpRoutes({ [LIST]: serve, "GET /gateway/api/manage/users/info": () => me });
    renderScreen(<List />);
    await screen.findByText("记录45");
    await userEvent.click(screen.getByRole("button", { name: "列" }));
    await userEvent.click(await screen.findByRole("checkbox", { name: "状态" }));
    await waitFor(() => expect(screen.queryByRole("columnheader", { name: "状态" })).not.toBeInTheDocument());
    expect(JSON.parse(localStorage.getItem("xy.columns.9.test")!)).toEqual({ status: false });
  });

  it("exports the visible columns of the rows on screen", async () => {
    mockMadeUpRoutes({ [LIST]: serve, "GET /gateway/api/manage/users/info": () => me });
    localStorage.setItem("xy.columns.9.test", JSON.stringify({ name: false }));
    exported.calls.length = 0;
    renderScreen(<List exportName="测试列表" />);
    await screen.findByText("45");
    await waitFor(() => expect(screen.queryByRole("columnheader", { name: "名称" })).not.toBeInTheDocument());
    await userEvent.click(screen.getByRole("button", { name: "导出" }));
    await waitFor(() => expect(exported.calls).toHaveLength(1));
    const [name, cols, rows] = exported.calls[0] as [string, Column<Row>[], Row[]];
    expect(name).toBe("测试列表");
    expect(cols.map((c) => c.id)).toEqual(["id", "status"]);
    expect(rows).toHaveLength(20);
  });

  it("refuses a delete or toggle with nothing selected, and deletes the selected rows after 删除确认", async () => {
    const api = mockMadeUpRoutes({
      [LIST]: serve,
      "GET /gateway/api/manage/users/info": () => me,
      "POST /test/delete": () => ({ code: "200", desc: "" }),
      "POST /test/passed": () => ({ code: "200", desc: "" }),
    });
    renderScreen(
      <List
        selectable
        toolbar={(ctx) => (
          <>
            <DeleteSelected ctx={ctx} route={"POST /test/delete" as PostKey} />
            <ToggleSelected ctx={ctx} route={"POST /test/passed" as PostKey} />
          </>
        )}
      />,
      { screen: { rights: ALL_RIGHTS } },
    );
    await screen.findByText("记录45");
    await userEvent.click(screen.getByRole("button", { name: "删除" }));
    expect(await screen.findByText("并没有选择删除项")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "启用/禁用" }));
    expect(await screen.findByText("并没有选择审核项")).toBeInTheDocument();

    const rows = screen.getAllByRole("row");
    await userEvent.click(within(rows[1]).getByRole("checkbox", { name: "选择" }));
    await userEvent.click(within(rows[2]).getByRole("checkbox", { name: "选择" }));
    await userEvent.click(screen.getByRole("button", { name: "删除" }));
    expect(await screen.findByText("删除确认")).toBeInTheDocument();
    const before = api.calls.filter((c) => c.path === "/test/list").length;
    await userEvent.click(within(screen.getByRole("dialog")).getByRole("button", { name: "删除" }));
    await waitFor(() => expect(api.last("POST /test/delete")!.body).toEqual({ ids: "45,44" }));
    expect(await screen.findByText("删除成功")).toBeInTheDocument();
    await waitFor(() => expect(api.calls.filter((c) => c.path === "/test/list").length).toBe(before + 1));
  });

  it("selects the whole page from the header box", async () => {
    mockMadeUpRoutes({ [LIST]: serve, "GET /gateway/api/manage/users/info": () => me });
    renderScreen(<List selectable />);
    await screen.findByText("记录45");
    await userEvent.click(screen.getByRole("checkbox", { name: "全选" }));
    expect(screen.getAllByRole("checkbox", { name: "选择" }).every((b) => (b as HTMLInputElement).checked)).toBe(true);
  });

  it("hides bulk buttons without their rights", async () => {
    mockMadeUpRoutes({ [LIST]: serve, "GET /gateway/api/manage/users/info": () => me });
    renderScreen(<List selectable toolbar={(ctx) => <DeleteSelected ctx={ctx} route={"POST /test/delete" as PostKey} />} />, { screen: { rights: NO_RIGHTS } });
    await screen.findByText("记录45");
    expect(screen.queryByRole("button", { name: "删除" })).not.toBeInTheDocument();
  });

  it("defaults a store filter to the user's own department and waits for the user before asking", async () => {
    const api = mockMadeUpRoutes({
      [LIST]: serve,
      "GET /gateway/api/manage/users/info": () => me,
      "GET /gateway/api/organization/app/list": () => ({
        code: "200",
        desc: "",
        dataList: [
          { id: 1, orgCode: "001", orgName: "华南分公司", hasChild: true, children: [{ id: 3, orgCode: "001002", orgName: "深圳南山店", hasChild: false, children: [] }] },
        ],
      }),
    });
    const r = renderScreen(<List storeFilter="orgCode" filters={<StoreFilter />} />);
    await screen.findByText("记录45");
    const lists = api.calls.filter((c) => c.path === "/test/list");
    expect(lists.every((c) => c.query.orgCode === "001002")).toBe(true);
    await waitFor(() => expect(screen.getByRole("button", { name: "门店" })).toHaveTextContent("华南分公司 / 深圳南山店"));
    expect(r.search()).toEqual({});
  });
});

describe("ListScreen selection", () => {
  /** Page 2 is held until the test lets it go, to act in the moment before it arrives. */
  function slowSecondPage() {
    let release = () => {};
    const gate = new Promise<void>((r) => (release = r));
    const api = mockMadeUpRoutes({
      [LIST]: async (c) => {
        if (c.query.currentPage === "2") await gate;
        return serve(c);
      },
      "GET /gateway/api/manage/users/info": () => me,
      "POST /test/delete": () => ({ code: "200", desc: "删除成功" }),
    });
    return { api, release: () => release() };
  }

  it.each([
    ["the page", async () => userEvent.click(screen.getByRole("button", { name: "2" }))],
    ["the page size", async () => userEvent.selectOptions(screen.getByLabelText("每页条数"), "50")],
    ["the sort", async () => userEvent.click(screen.getByRole("button", { name: /^ID/ }))],
  ])("clears the selection as soon as %s changes, before the next rows arrive", async (_what, change) => {
    const { api, release } = slowSecondPage();
    renderScreen(<List selectable toolbar={(ctx) => <DeleteSelected ctx={ctx} route={"POST /test/delete" as PostKey} />} />);
    await screen.findByText("记录45");
    await userEvent.click(screen.getAllByRole("checkbox", { name: "选择" })[0]!);
    await change();
    // The old rows are still on screen, but none of them is selected any more.
    await userEvent.click(screen.getByRole("button", { name: "删除" }));
    expect(await screen.findByText("并没有选择删除项")).toBeInTheDocument();
    expect(api.calls.filter((c) => c.path === "/test/delete")).toHaveLength(0);
    release();
  });
});

describe("ListScreen with its state in memory (a table inside a dialog)", () => {
  it("pages without touching the address, and clears the selection when the page changes", async () => {
    const api = mockMadeUpRoutes({ [LIST]: serve, "GET /gateway/api/manage/users/info": () => me, "POST /test/delete": () => ({ code: "200", desc: "删除成功" }) });
    const r = renderScreen(<List local selectable toolbar={(ctx) => <DeleteSelected ctx={ctx} route={"POST /test/delete" as PostKey} />} />, {
      search: { functionId: "77", page: "3" },
    });
    // The screen's own page in the address is not this table's: it opens on page 1.
    await screen.findByText("记录45");
    expect(api.last(LIST)!.query).toMatchObject({ currentPage: "1", pageSize: "20" });
    await userEvent.click(screen.getAllByRole("checkbox", { name: "选择" })[0]!);
    await userEvent.click(screen.getByRole("button", { name: "2" }));
    expect(await screen.findByText("记录25")).toBeInTheDocument();
    expect(api.last(LIST)!.query).toMatchObject({ currentPage: "2" });
    expect(r.search()).toEqual({ functionId: "77", page: "3" });
    await userEvent.click(screen.getByRole("button", { name: "删除" }));
    expect(await screen.findByText("并没有选择删除项")).toBeInTheDocument();
    expect(api.calls.filter((c) => c.path === "/test/delete")).toHaveLength(0);
  });

  it("shows every row of a list without paging, asks without paging parameters and shows no pager", async () => {
    const api = mockMadeUpRoutes({
      [LIST]: () => ({ code: "200", desc: "", dataList: Array.from({ length: 25 }, (_, i) => ({ id: i + 1, name: `记录${i + 1}`, status: 1 })) }),
      "GET /gateway/api/manage/users/info": () => me,
    });
    renderScreen(<List local paged={false} params={{ hotelId: 5 }} />);
    expect(await screen.findByText("记录25")).toBeInTheDocument();
    expect(screen.getAllByRole("row")).toHaveLength(26);
    expect(api.last(LIST)!.query).toEqual({ hotelId: "5" });
    expect(screen.queryByRole("navigation", { name: "分页" })).not.toBeInTheDocument();
  });
});
