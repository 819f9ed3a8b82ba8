import { describe, expect, it } from "vitest";
import { TENANT_COLOR_DEFAULTS } from "@xiangyu/core/platform/rules";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { ALL_RIGHTS, mockApi, renderScreen, type Call } from "../../ui/test-utils.tsx";
import TenantList from "./TenantList.tsx";
import type { Tenant } from "./tenantQueries.ts";

const base = {
  scope: "all",
  grantType: "password",
  sysHomePage: "",
  loginLogo: "",
  copyright: "",
  bgimages: [],
  idisplay: 1,
  allowReg: 0,
  allowForgot: 0,
  platform: 0,
  createTime: "",
  updateTime: "",
  ...TENANT_COLOR_DEFAULTS,
};
const OPEN = {
  ...base,
  id: 2,
  clientId: "yunqi",
  clientSecret: "yunqi-secret",
  password: "yunqi-secret",
  systemName: "云栖度假",
  domain: ["a.yunqi.com", "b.yunqi.com"],
  domain2: "a.yunqi.com\nb.yunqi.com",
  locked: 0,
} as Tenant;
const LOCKED = { ...base, id: 1, clientId: "xiangyu", clientSecret: "s", password: "s", systemName: "享域平台", domain: [], domain2: "", locked: 1, platform: 1 } as Tenant;

function server() {
  return mockApi({
    "GET /gateway/api/manage/platform/list": () => ({ code: "200", desc: "", dataList: [OPEN, LOCKED] }),
    "GET /gateway/api/manage/platform/removals": () => ({ code: "200", desc: "", dataList: [] }),
    "GET /gateway/api/manage/platform/view": (c: Call) => ({ code: "200", desc: "", data: c.query?.clientId === "yunqi" ? OPEN : LOCKED }),
    "POST /gateway/api/manage/platform/save": (c: Call) => ({ code: "200", desc: "保存成功", data: { ...OPEN, ...c.body } }),
  });
}

const open = () => renderScreen(<TenantList />, { screen: { functionId: 1101, title: "平台租户", rights: ALL_RIGHTS } });

describe("tenants", () => {
  it("a locked tenant shows no edit, delete or switch (R430)", async () => {
    server();
    open();
    const lockedRow = (await screen.findByText("享域平台")).closest("tr")!;
    expect(within(lockedRow).queryByRole("button", { name: "编辑" })).toBeNull();
    expect(within(lockedRow).queryByRole("button", { name: "删除" })).toBeNull();
    expect(within(lockedRow).queryByRole("switch")).toBeNull();
    const openRow = screen.getByText("云栖度假").closest("tr")!;
    expect(within(openRow).getByRole("button", { name: "编辑" })).toBeTruthy();
    expect(within(openRow).getByRole("switch")).toBeTruthy();
  });

  it("shows the removals panel above the list, empty when no tenant is being removed", async () => {
    server();
    open();
    expect(await screen.findByText("没有正在删除的租户")).toBeInTheDocument();
    expect(await screen.findByText("云栖度假")).toBeInTheDocument();
  });

  it("names the grant scope and type in Chinese, the code in the tooltip", async () => {
    server();
    open();
    const row = (await screen.findByText("云栖度假")).closest("tr")!;
    expect(within(row).getByText("全部")).toHaveAttribute("title", "代码：all");
    expect(within(row).getByText("密码模式")).toHaveAttribute("title", "代码：password");
    expect(within(row).queryByText("password")).toBeNull();
  });

  it("edits with the clientId locked and sends the domains one per line", { timeout: 15_000 }, async () => {
    const api = server();
    open();
    const row = (await screen.findByText("云栖度假")).closest("tr")!;
    await userEvent.click(within(row).getByRole("button", { name: "编辑" }));
    const dialog = await screen.findByRole("dialog", { name: "编辑租户" });
    expect(await within(dialog).findByLabelText(/租户ID/)).toBeDisabled();
    expect(within(dialog).queryByLabelText(/管理员初始密码/)).toBeNull();
    await userEvent.type(within(dialog).getByLabelText(/绑定域名/), "\nc.yunqi.com");
    await userEvent.click(within(dialog).getByRole("button", { name: "保存" }));
    await waitFor(() => expect(api.last("POST /gateway/api/manage/platform/save")).toBeTruthy());
    const body = api.last("POST /gateway/api/manage/platform/save")!.body as Record<string, unknown>;
    expect(body).toMatchObject({ id: "2", clientId: "yunqi", domain2: "a.yunqi.com\nb.yunqi.com\nc.yunqi.com" });
  });
});
