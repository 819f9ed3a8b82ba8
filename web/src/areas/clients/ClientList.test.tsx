import { describe, expect, it } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { ALL_RIGHTS, mockApi, renderScreen } from "../../ui/test-utils.tsx";
import { NO_RIGHTS, type Rights } from "../../lib/screen.tsx";
import ClientList from "./ClientList.tsx";
import MemberList from "./MemberList.tsx";
import { client, clientsServer } from "./clientsTestServer.ts";
import { displayAge } from "./clientValues.ts";

const open = (rights: Rights = ALL_RIGHTS, ui = <ClientList />) => renderScreen(ui, { screen: { functionId: 2001, title: "客户列表", rights } });
/** The table row whose name button reads `name` (waited for: a button of that name outside the table, e.g. a picker's, is not a row). */
const row = async (name: string) =>
  within(
    await waitFor(() => {
      const tr = screen
        .getAllByRole("button", { name })
        .map((b) => b.closest("tr"))
        .find((r) => r !== null);
      if (!tr) throw new Error(`no row of ${name}`);
      return tr;
    }),
  );

describe("ClientList", () => {
  it("shows the columns of R278 with names for codes, today's age and no level for a customer", async () => {
    const api = mockApi(clientsServer());
    open();
    const member = await row("王二");
    const year = Number(new Date().toLocaleDateString("sv-SE", { timeZone: "Asia/Shanghai" }).slice(0, 4));
    expect(member.getByText(String(30 + year - 2024))).toBeInTheDocument();
    await waitFor(() => expect(member.getByText("金卡")).toBeInTheDocument());
    expect(member.getByText("会员")).toBeInTheDocument();
    expect(member.getByText("线上推广")).toBeInTheDocument();
    expect(member.getByText("未电邀")).toBeInTheDocument();
    const customer = await row("李一");
    expect(customer.getByText("客户")).toBeInTheDocument();
    expect(customer.queryByText("金卡")).toBeNull();
    expect(api.last("GET /xiangyu/api/client/clientlist")!.headers.functionId).toBe("2001");
  });

  it("offers each button only with its right (R283)", async () => {
    mockApi(clientsServer());
    open({ ...NO_RIGHTS });
    // The row is read afresh until its buttons are there: a later render (the lookups' names) may replace it.
    await waitFor(async () => {
      const fresh = await row("王二");
      expect(fresh.getByRole("button", { name: "在用产品" })).toBeInTheDocument();
      expect(fresh.getByRole("button", { name: "会员信息" })).toBeInTheDocument();
    });
    const r = await row("王二");
    for (const name of ["编辑", "删除", "电邀记录"]) expect(r.queryByRole("button", { name })).toBeNull();
    for (const name of ["新增客户", "删除", "客户导入"]) expect(screen.queryByRole("button", { name })).toBeNull();
    expect(screen.queryByRole("checkbox", { name: "全选" })).toBeNull();
  });

  it("opens the name read-only, switches to editing with E, and clears the level of a customer before saving (R281, R290)", async () => {
    const api = mockApi(clientsServer());
    open();
    await userEvent.click(await screen.findByRole("button", { name: "王二" }));
    const dialog = await screen.findByRole("dialog", { name: "客户信息" });
    await waitFor(() => expect(within(dialog).getByLabelText(/客户姓名/)).toHaveValue("王二"));
    expect(within(dialog).getByLabelText(/客户姓名/)).toBeDisabled();
    expect(within(dialog).queryByRole("button", { name: "保存" })).toBeNull();
    await userEvent.click(within(dialog).getByRole("button", { name: "编辑" }));
    const form = await screen.findByRole("dialog", { name: "编辑客户" });
    await waitFor(() => expect(within(form).getByLabelText(/会员等级/)).toHaveValue("3"));
    await userEvent.selectOptions(within(form).getByLabelText(/会员状态/), "1");
    expect(within(form).getByLabelText(/会员等级/)).toBeDisabled();
    await userEvent.click(within(form).getByRole("button", { name: "保存" }));
    await waitFor(() => expect(api.last("POST /xiangyu/api/client/clientsave")).toBeDefined());
    expect(api.last("POST /xiangyu/api/client/clientsave")!.body).toMatchObject({ id: "2", clientName: "王二", status: "1", memberLevel: "", shop: "001001" });
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  it("picks the 销售员 from the staff by mobile and keeps the name the client stores; an older free-text name stays shown", { timeout: 20_000 }, async () => {
    const api = mockApi(clientsServer({ clients: [client({ id: 2, clientName: "王二", status: 2, memberLevel: "3", marketer: "老销售" })] }));
    open();
    await userEvent.click(await screen.findByRole("button", { name: "王二" }));
    await userEvent.click(within(await screen.findByRole("dialog", { name: "客户信息" })).getByRole("button", { name: "编辑" }));
    const form = await screen.findByRole("dialog", { name: "编辑客户" });
    const seller = within(form).getByRole("combobox", { name: /销售员/ });
    await waitFor(() => expect(seller).toHaveValue("老销售"));
    expect(api.last("GET /gateway/api/manage/users/mgr/picklist")!.query).toMatchObject({ pageSize: "1000" });
    await userEvent.click(seller);
    await userEvent.clear(seller);
    await userEvent.type(seller, "0002");
    const list = await screen.findByRole("listbox");
    expect(
      within(list)
        .getAllByRole("option")
        .map((o) => o.textContent),
    ).toEqual(["李销售 13900000002"]);
    await userEvent.keyboard("{ArrowDown}{Enter}");
    await waitFor(() => expect(seller).toHaveValue("李销售 13900000002"));
    await userEvent.click(within(form).getByRole("button", { name: "保存" }));
    await waitFor(() => expect(api.last("POST /xiangyu/api/client/clientsave")).toBeDefined());
    expect(api.last("POST /xiangyu/api/client/clientsave")!.body).toMatchObject({ id: "2", marketer: "李销售" });
  });

  it("refuses an empty new client with the spec's messages (R285–R288)", async () => {
    const api = mockApi(clientsServer());
    open();
    await userEvent.click(await screen.findByRole("button", { name: "新增客户" }));
    const form = await screen.findByRole("dialog", { name: "新增客户" });
    await userEvent.click(await within(form).findByRole("button", { name: "保存" }));
    expect(await within(form).findByText("客户姓名不能为空")).toBeInTheDocument();
    expect(within(form).getByText("手机号码不能为空")).toBeInTheDocument();
    expect(within(form).getByText("必须选择门店")).toBeInTheDocument();
    expect(await screen.findByText("部分必填项没填写")).toBeInTheDocument();
    expect(api.last("POST /xiangyu/api/client/clientsave")).toBeUndefined();
  });

  it("asks before deleting a row and sends its id; filters out staff on request", async () => {
    const api = mockApi(clientsServer());
    const r = open();
    await userEvent.click((await row("李一")).getByRole("button", { name: "删除" }));
    expect(await screen.findByText("确定删除客户「李一」吗？删除后不可恢复。")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "删除" }));
    await waitFor(() => expect(api.last("POST /xiangyu/api/client/clientdelete")!.body).toEqual({ ids: "1" }));
    await userEvent.click(screen.getByRole("checkbox", { name: "排除员工" }));
    await waitFor(() => expect(api.last("GET /xiangyu/api/client/clientlist")!.query.excludeMgr).toBe("1"));
    expect(r.search()).toMatchObject({ excludeMgr: "1" });
  });

  it("shows the phone-invitation records of type 1, or 暂无电邀记录 (R305)", async () => {
    mockApi(clientsServer());
    open();
    await userEvent.click((await row("李一")).getByRole("button", { name: "电邀记录" }));
    const none = await screen.findByRole("dialog", { name: "电邀记录 · 李一" });
    expect(await within(none).findByText("暂无电邀记录")).toBeInTheDocument();
    await userEvent.click(within(none).getByRole("button", { name: "关闭" }));

    const records = [
      { id: 1, remarkType: 1, recordTime: "2024-06-01 10:00:00", recordType: "已接通", remark: "约周六到店" },
      { id: 2, remarkType: 2, recordTime: "2024-06-02 10:00:00", recordType: "回访", remark: "不是电邀" },
      { id: 3, remarkType: 1, recordTime: "2024-06-03 09:00:00", recordType: "未接通", remark: "" },
    ];
    mockApi(clientsServer({ workOrder: { code: "200", desc: "", data: { id: 5, remarkInfo: records } } }));
    await userEvent.click((await row("王二")).getByRole("button", { name: "电邀记录" }));
    const dialog = await screen.findByRole("dialog", { name: "电邀记录 · 王二" });
    await within(dialog).findByText("约周六到店");
    const lines = within(dialog)
      .getAllByRole("row")
      .slice(1)
      .map((tr) => tr.textContent);
    expect(lines).toEqual(["2024-06-03 09:00:00未接通", "2024-06-01 10:00:00已接通约周六到店"]);
  });
});

describe("MemberList", () => {
  it("reads memberlist, offers member statuses only and no import", async () => {
    const api = mockApi(clientsServer({ clients: [client({ id: 5, clientName: "赵五", status: 2 }), client({ id: 4, clientName: "钱四", status: 1 })] }));
    open(ALL_RIGHTS, <MemberList />);
    await row("赵五");
    expect(screen.queryByRole("button", { name: "钱四" })).toBeNull();
    expect(api.last("GET /xiangyu/api/client/memberlist")).toBeDefined();
    const status = screen.getByRole("combobox", { name: "状态" });
    await waitFor(() => expect(within(status).getByRole("option", { name: "会员" })).toBeInTheDocument());
    expect(within(status).queryByRole("option", { name: "客户" })).toBeNull();
    expect(screen.queryByRole("button", { name: "客户导入" })).toBeNull();
  });
});

describe("displayAge", () => {
  it("grows the registered age by the years since registration and hides an unknown age", () => {
    const today = new Date("2026-03-01T12:00:00+08:00");
    expect(displayAge(30, "2024-05-01 10:00:00", today)).toBe("32");
    expect(displayAge(30, "2026-01-01 10:00:00", today)).toBe("30");
    expect(displayAge(0, "2020-01-01 10:00:00", today)).toBe("");
  });
});
