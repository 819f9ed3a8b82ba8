import { describe, expect, it, vi } from "vitest";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { mockApi, renderBlock } from "../../ui/test-utils.tsx";
import { TwoFactorDialog } from "./TwoFactorDialog.tsx";

const BASE = "/gateway/api/manage/users/totp";
const OTPAUTH = "otpauth://totp/%E4%BA%AB%E5%9F%9F%3Aadmin?secret=JBSWY3DPEHPK3PXP&issuer=%E4%BA%AB%E5%9F%9F";
const CODES = Array.from({ length: 10 }, (_, i) => `abcd${i}-efgh${i}`);

describe("TwoFactorDialog", () => {
  it("enrols: the QR code and key, a refused code kept beside the field, then the ten recovery codes once, then the status", async () => {
    let enabled: 0 | 1 = 0;
    const api = mockApi({
      [`GET ${BASE}/status`]: () => ({ code: "200", desc: "", data: { enabled, required: 0, recoveryLeft: enabled ? 10 : 0 } }),
      [`POST ${BASE}/setup`]: () => ({ code: "200", desc: "", data: { secret: "JBSWY3DPEHPK3PXP", otpauth: OTPAUTH } }),
      [`POST ${BASE}/enable`]: (c) => {
        if (c.body.code !== "123456") return { code: "400", desc: "动态验证码错误" };
        enabled = 1;
        return { code: "200", desc: "两步验证已开启", data: { recoveryCodes: CODES } };
      },
    });
    const onClose = vi.fn();
    renderBlock(<TwoFactorDialog onClose={onClose} />);
    expect(await screen.findByText("未开启")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "开启两步验证" }));
    // The QR code is drawn by the shared block (uqr, loaded on demand), the key is there as text.
    expect(await screen.findByRole("img", { name: "两步验证二维码" })).toBeInTheDocument();
    expect(screen.getByText("JBSWY3DPEHPK3PXP")).toBeInTheDocument();

    await userEvent.click(screen.getByRole("button", { name: "验证并开启" }));
    expect(screen.getByRole("alert")).toHaveTextContent("请输入动态验证码");
    expect(api.last(`POST ${BASE}/enable`)).toBeUndefined();

    await userEvent.type(screen.getByLabelText("动态验证码"), "000000");
    await userEvent.click(screen.getByRole("button", { name: "验证并开启" }));
    await waitFor(() => expect(screen.getByRole("alert")).toHaveTextContent("动态验证码错误"));

    await userEvent.clear(screen.getByLabelText("动态验证码"));
    await userEvent.type(screen.getByLabelText("动态验证码"), "123456");
    await userEvent.click(screen.getByRole("button", { name: "验证并开启" }));
    const list = await screen.findByRole("list", { name: "恢复码" });
    expect(list.querySelectorAll("li")).toHaveLength(10);
    expect(list).toHaveTextContent(CODES[9]!);
    expect(api.last(`POST ${BASE}/enable`)!.body).toEqual({ code: "123456" });

    // Escape does not hide the codes before they are saved.
    await userEvent.keyboard("{Escape}");
    expect(onClose).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole("button", { name: "我已保存" }));
    expect(await screen.findByText(/剩余恢复码 10 个/)).toBeInTheDocument();
    expect(screen.queryByRole("list", { name: "恢复码" })).not.toBeInTheDocument();
  });

  it("switches off with a code; a role that requires it offers no switch", async () => {
    let required: 0 | 1 = 0;
    let enabled: 0 | 1 = 1;
    const api = mockApi({
      [`GET ${BASE}/status`]: () => ({ code: "200", desc: "", data: { enabled, required, recoveryLeft: enabled ? 7 : 0 } }),
      [`POST ${BASE}/disable`]: () => {
        enabled = 0;
        return { code: "200", desc: "两步验证已关闭" };
      },
    });
    const first = renderBlock(<TwoFactorDialog onClose={() => undefined} />);
    expect(await screen.findByText(/剩余恢复码 7 个/)).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText("动态验证码"), " 654321 ");
    await userEvent.click(screen.getByRole("button", { name: "关闭两步验证" }));
    expect(await screen.findByText("未开启")).toBeInTheDocument();
    expect(api.last(`POST ${BASE}/disable`)!.body).toEqual({ code: "654321" });
    first.unmount();

    required = 1;
    enabled = 1;
    renderBlock(<TwoFactorDialog onClose={() => undefined} />);
    expect(await screen.findByText("你的角色要求两步验证，不能关闭")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "关闭两步验证" })).not.toBeInTheDocument();
  });
});
