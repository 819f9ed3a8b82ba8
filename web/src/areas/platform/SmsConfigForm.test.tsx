import { describe, expect, it } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { smsTemplateExample } from "@xiangyu/core/platform/schemas";
import { ALL_RIGHTS, mockApi, renderScreen, type Call } from "../../ui/test-utils.tsx";
import { SmsConfigForm } from "./SmsConfigForm.tsx";
import type { SmsConfig } from "./configQueries.ts";

/** The SMS dialog's template JSON (R462–R467) and its sealed secretKey, against a mocked server. */
const STORED = {
  id: 5,
  branchId: 7,
  smsPlatform: "tencent",
  smsSignature: "享域",
  appId: "1400000000",
  secretId: "AKID",
  secretKey: "******",
  templateJson: '{\n\t"login": {\n\t\t"templateCode": "1"\n\t}\n}',
  createTime: "",
  updateTime: "",
} as SmsConfig;

function server() {
  return mockApi({
    "GET /gateway/api/manage/appcenter/styleparam/list": () => ({
      code: "200",
      desc: "",
      dataList: [
        { styleid: "aliyun", stylename: "阿里云" },
        { styleid: "tencent", stylename: "腾讯云" },
      ],
    }),
    "GET /gateway/api/manage/platform/smsconfig/view": () => ({ code: "200", desc: "", data: STORED }),
    "POST /gateway/api/manage/platform/smsconfig/save": (c: Call) => ({ code: "200", desc: "保存成功", data: { ...STORED, ...c.body } }),
  });
}
const open = (id?: number) => renderScreen(<SmsConfigForm id={id} onClose={() => {}} />, { screen: { functionId: 1104, title: "短信配置", rights: ALL_RIGHTS } });
const editor = (dialog: HTMLElement) => within(dialog).getByLabelText(/模板JSON/) as HTMLTextAreaElement;

describe("SMS configuration dialog", () => {
  it("imports the chosen platform's default templates, and asks before replacing what is there (R463, R467)", { timeout: 15_000 }, async () => {
    server();
    open();
    const dialog = await screen.findByRole("dialog", { name: "新增短信配置" });
    // No platform chosen: nothing to import yet.
    expect(within(dialog).queryByRole("button", { name: "导入示例" })).toBeNull();
    await waitFor(() => expect(within(dialog).getByRole("option", { name: "阿里云" })).toBeTruthy());
    await userEvent.selectOptions(within(dialog).getByLabelText(/短信平台/), "aliyun");
    await userEvent.click(within(dialog).getByRole("button", { name: "导入示例" }));
    expect(editor(dialog).value).toBe(smsTemplateExample("aliyun"));
    expect(editor(dialog).value).toContain('\t"register": {');

    // Over existing data the import asks first; 取消 keeps the text.
    await userEvent.selectOptions(within(dialog).getByLabelText(/短信平台/), "tencent");
    await userEvent.click(within(dialog).getByRole("button", { name: "导入示例" }));
    const ask = await screen.findByRole("dialog", { name: "导入示例" });
    expect(ask).toHaveTextContent("导入示例将覆盖现有的JSON数据，确定导入吗？");
    await userEvent.click(within(ask).getByRole("button", { name: "取消" }));
    expect(editor(dialog).value).toBe(smsTemplateExample("aliyun"));
  });

  it("checks the JSON: invalid says JSON数据有误，请检查。 and is not sent; valid is reformatted and saved (R464, R466)", { timeout: 15_000 }, async () => {
    const api = server();
    open();
    const dialog = await screen.findByRole("dialog", { name: "新增短信配置" });
    await waitFor(() => expect(within(dialog).getByRole("option", { name: "腾讯云" })).toBeTruthy());
    await userEvent.type(within(dialog).getByLabelText(/商户应用/), "7");
    await userEvent.selectOptions(within(dialog).getByLabelText(/短信平台/), "tencent");
    await userEvent.type(within(dialog).getByLabelText(/短信签名/), "享域");
    await userEvent.type(within(dialog).getByLabelText(/appId/), "1400000000");
    // Pasted, as such JSON usually arrives (typing it key by key took a third of the test's time under load).
    await userEvent.click(editor(dialog));
    await userEvent.paste("{login:1}");
    await userEvent.click(within(dialog).getByRole("button", { name: "检查" }));
    expect(await screen.findByText("JSON数据有误，请检查。")).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole("button", { name: "保存" }));
    expect(await within(dialog).findByText("JSON数据有误，请检查。")).toBeInTheDocument();
    expect(api.last("POST /gateway/api/manage/platform/smsconfig/save")).toBeUndefined();

    await userEvent.clear(editor(dialog));
    await userEvent.click(editor(dialog));
    await userEvent.paste('{"login":{"templateCode":"9"}}');
    await userEvent.click(within(dialog).getByRole("button", { name: "检查" }));
    expect(await screen.findByText("JSON数据正确。")).toBeInTheDocument();
    expect(editor(dialog).value).toBe('{\n\t"login": {\n\t\t"templateCode": "9"\n\t}\n}');
    await userEvent.click(within(dialog).getByRole("button", { name: "保存" }));
    await waitFor(() => expect(api.last("POST /gateway/api/manage/platform/smsconfig/save")).toBeTruthy());
    expect(api.last("POST /gateway/api/manage/platform/smsconfig/save")!.body).toMatchObject({
      branchId: "7",
      smsPlatform: "tencent",
      templateJson: '{\n\t"login": {\n\t\t"templateCode": "9"\n\t}\n}',
      secretKey: "",
    });
  });

  it("an empty template is refused with 模板JSON不能为空, and 检查 says there is no JSON (R462, R465)", async () => {
    server();
    open();
    const dialog = await screen.findByRole("dialog", { name: "新增短信配置" });
    await userEvent.click(within(dialog).getByRole("button", { name: "检查" }));
    expect(await screen.findByText("没有JSON数据")).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole("button", { name: "保存" }));
    expect(await within(dialog).findByText("模板JSON不能为空")).toBeInTheDocument();
  });

  it("never shows the stored secretKey: a mask, and blank keeps it", { timeout: 15_000 }, async () => {
    const api = server();
    open(5);
    const dialog = await screen.findByRole("dialog", { name: "编辑短信配置" });
    const secret = await within(dialog).findByLabelText(/secretKey/);
    expect(secret).toHaveValue("");
    expect(dialog).toHaveTextContent("已设置（******），留空则不修改");
    await userEvent.click(within(dialog).getByRole("button", { name: "保存" }));
    await waitFor(() => expect(api.last("POST /gateway/api/manage/platform/smsconfig/save")).toBeTruthy());
    expect(api.last("POST /gateway/api/manage/platform/smsconfig/save")!.body).toMatchObject({ id: "5", secretKey: "" });
  });
});
