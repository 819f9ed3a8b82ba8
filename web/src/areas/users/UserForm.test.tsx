import { describe, expect, it } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { ALL_RIGHTS, mockApi, renderBlock, type Call } from "../../ui/test-utils.tsx";
import { UserForm } from "./UserForm.tsx";

const CASHIER = {
  id: 3,
  userId: 3,
  username: "cashier",
  realname: "天河收银",
  mobile: "13800000002",
  roleid: "4",
  deptid: "001001",
  sex: "女",
  displayornot: 1,
};

function server() {
  return mockApi({
    "GET /gateway/api/manage/users/info": () => ({ code: "200", desc: "", data: { userId: 1, deptCodes: [""], deptid: "", branchid: 0, managelevel: 1 } as never }),
    "GET /gateway/api/organization/app/list": () => ({
      code: "200",
      desc: "",
      dataList: [{ id: 1, orgCode: "001", orgName: "华南分公司", hasChild: true, children: [{ id: 2, orgCode: "001001", orgName: "广州天河店", hasChild: false, children: [] }] }],
    }),
    "GET /gateway/api/manage/users/m/rolelist": () => ({
      code: "200",
      desc: "",
      dataList: [
        { id: 1, name: "超级管理员", code: "super", grantable: 0 },
        { id: 4, name: "收银员", code: "cashier", grantable: 1 },
      ],
    }),
    "GET /gateway/api/manage/users/mgr/view": (c: Call) => ({ code: "200", desc: "", data: c.query.mobile === CASHIER.mobile ? CASHIER : undefined }) as never,
    "GET /gateway/api/manage/users/view": () => ({ code: "200", desc: "", data: CASHIER }),
    "POST /gateway/api/manage/users/m/save": (c: Call) => ({ code: "200", desc: "保存成功", data: { ...CASHIER, ...c.body } }),
  });
}

describe("the user form", () => {
  it("asks for a password and a role for a new user, and offers only roles the user may hand on", { timeout: 15_000 }, async () => {
    server();
    renderBlock(<UserForm onClose={() => undefined} />, { functionId: 2301, rights: ALL_RIGHTS });
    const dialog = await screen.findByRole("dialog", { name: "新增用户" });
    await userEvent.click(within(dialog).getByRole("button", { name: "保存" }));
    expect(dialog).toHaveTextContent("请填写手机号码");
    expect(dialog).toHaveTextContent("请绑定身份");
    expect(await within(dialog).findByRole("checkbox", { name: "超级管理员" })).toBeDisabled();
    expect(within(dialog).getByRole("checkbox", { name: "收银员" })).toBeEnabled();
    // The password is asked for once the rest is right (the schema's object-level rule, R376).
    await userEvent.type(within(dialog).getByLabelText(/手机号码/), "13900000009");
    await userEvent.type(within(dialog).getByLabelText(/姓名/), "新同事");
    await userEvent.click(within(dialog).getByRole("checkbox", { name: "收银员" }));
    await userEvent.click(within(dialog).getByRole("button", { name: "保存" }));
    expect(await within(dialog).findByText("请登入密码")).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText(/登入密码/), "short1");
    await userEvent.tab();
    expect(await within(dialog).findByText("密码不能少于8位")).toBeInTheDocument();
  });

  it("opens the existing user when a new user's mobile is already taken (R381), with the mobile locked and the password optional", { timeout: 15_000 }, async () => {
    const api = server();
    renderBlock(<UserForm onClose={() => undefined} />, { functionId: 2301, rights: ALL_RIGHTS });
    const dialog = await screen.findByRole("dialog", { name: "新增用户" });
    await userEvent.type(within(dialog).getByLabelText(/手机号码/), CASHIER.mobile);
    await userEvent.tab();
    expect(await screen.findByText("读取到用户信息，将基于现有信息修改。")).toBeInTheDocument();
    const edit = await screen.findByRole("dialog", { name: "编辑用户" });
    await waitFor(() => expect(within(edit).getByLabelText(/姓名/)).toHaveValue("天河收银"));
    expect(within(edit).getByLabelText(/手机号码/)).toHaveAttribute("readonly");
    await userEvent.click(within(edit).getByRole("button", { name: "保存" }));
    await waitFor(() => expect(api.last("POST /gateway/api/manage/users/m/save")).toBeTruthy());
    expect(api.last("POST /gateway/api/manage/users/m/save")!.body).toMatchObject({ id: "3", mobile: CASHIER.mobile, password: "", roleid: "4" });
  });

  it("keeps a long mobile whole and answers with the schema's message, not a cut value or an over-the-limit counter", { timeout: 15_000 }, async () => {
    server();
    renderBlock(<UserForm onClose={() => undefined} />, { functionId: 2301, rights: ALL_RIGHTS });
    const dialog = await screen.findByRole("dialog", { name: "新增用户" });
    const field = within(dialog).getByLabelText(/手机号码/);
    await userEvent.type(field, "139000000091");
    await userEvent.tab();
    // Twelve digits: within the schema's 20, so the field keeps them and the schema's own rule speaks.
    expect(field).toHaveValue("139000000091");
    expect(await within(dialog).findByText("输入的手机号不正确")).toBeInTheDocument();
    expect(dialog).not.toHaveTextContent("12/11");
  });
});
