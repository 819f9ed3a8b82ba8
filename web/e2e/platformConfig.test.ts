import { describe, expect, inject, it } from "vitest";
import type { Locator } from "playwright-core";
import { apiCall } from "./api.ts";
import { browserForFile, openMenu, screenshot, screenTitle, sessionToken, settled, toastShown, type WatchedPage } from "./browser.ts";
import { ADMIN } from "./fixtures/users.ts";

/**
 * The platform operator's configuration screens (平台配置, R443–R467) as the operator uses them: a
 * payment channel with its certificate uploaded through the presigned flow, a WeChat account bound
 * to it (the channel then counts one binding and its delete is refused, by the screen and by the
 * server), an SMS configuration whose template JSON is checked before it is saved, and the sealed
 * secrets shown only as a mask when the records are opened again.
 */
const baseURL = inject("baseURL");
const { loggedIn } = browserForFile(baseURL);

async function open(page: WatchedPage, entry: string) {
  await openMenu(page, "平台配置", entry);
  await expect.poll(() => screenTitle(page).textContent()).toBe(entry);
  await settled(page);
}

/** The text of `row`'s cell under the column headed `header` (columns can be hidden or moved, so not by a fixed index). */
async function cellUnder(page: WatchedPage, row: Locator, header: string) {
  const headers = await page.getByRole("columnheader").allTextContents();
  const i = headers.findIndex((h) => h.trim() === header);
  if (i < 0) throw new Error(`no column ${header} among ${headers.join(", ")}`);
  return (await row.getByRole("cell").nth(i).textContent())?.trim();
}

/** A small certificate: the server checks the content starts as a PEM does. */
const PEM = Buffer.from("-----BEGIN CERTIFICATE-----\nMIIBszCCAVmgAwIBAgIUe2e\n-----END CERTIFICATE-----\n");

describe("platform configuration", () => {
  it("binds a WeChat account to a new payment channel, checks an SMS template and keeps every secret masked", { timeout: 240_000 }, async () => {
    const stamp = Date.now().toString(36);
    const mchId = `1900${String(Date.now() % 1e6).padStart(6, "0")}`;
    const mchName = `享域测试商户${stamp.slice(-4)}`;
    const appid = `wxe2e${stamp}`;
    const signature = `享域${stamp.slice(-4)}`;
    const op = await loggedIn(ADMIN);

    // 支付通道: a new channel with its merchant certificate, uploaded as the dialog does.
    await open(op, "支付通道");
    await op.getByRole("button", { name: "新增支付通道" }).click();
    const pay = op.getByRole("dialog", { name: "新增支付通道" });
    await pay.getByLabel("应用类型").selectOption({ label: "小程序" });
    await pay.getByLabel("商户号").fill(mchId);
    await pay.getByLabel("商户名称").fill(mchName);
    await pay.getByLabel("APIv3密钥").fill("e2eApiV3KeyThirtyTwoCharacters00");
    await pay.getByTestId("pem-file").first().setInputFiles({ name: "apiclient_cert.pem", mimeType: "application/x-pem-file", buffer: PEM });
    await pay.getByText("上传完成").waitFor();
    await pay.getByText("已选择新证书，保存后生效").waitFor();
    await screenshot(op, "platform-pay-new");
    await pay.getByRole("button", { name: "保存" }).click();
    await toastShown(op, "保存成功");
    const payRow = op.getByRole("row").filter({ hasText: mchId });
    await payRow.waitFor();
    expect(await cellUnder(op, payRow, "绑定数")).toBe("0");

    // 微信平台账号: an account of the platform tenant, bound to that channel.
    await open(op, "微信平台账号");
    await op.getByRole("button", { name: "新增账号" }).click();
    const wx = op.getByRole("dialog", { name: "新增微信平台账号" });
    await expect.poll(() => wx.getByLabel("平台租户").locator("option[value=xiangyu]").count()).toBe(1);
    await wx.getByLabel("平台租户").selectOption("xiangyu");
    await wx.getByLabel("微信应用类型").selectOption({ label: "小程序" });
    await wx.getByLabel("AppId").fill(appid);
    await wx.getByLabel("Secret").fill("e2e-wechat-secret-value");
    await wx.getByLabel("应用名称").fill(`享域小程序${stamp.slice(-4)}`);
    await wx.getByLabel("支付通道").selectOption({ label: `${mchName}（${mchId}）` });
    await wx.getByLabel("Api地址").fill("https://api.weixin.qq.com");
    await wx.getByRole("button", { name: "保存" }).click();
    await toastShown(op, "保存成功");
    await op.getByRole("row").filter({ hasText: appid }).waitFor();

    // Reopened, the Secret is not sent back: an empty field and the mask's hint.
    await op.getByRole("button", { name: `编辑：享域小程序${stamp.slice(-4)}` }).click();
    const wxEdit = op.getByRole("dialog", { name: "编辑微信平台账号" });
    await wxEdit.getByText("已设置（******），留空则不修改").waitFor();
    expect(await wxEdit.getByLabel("Secret").inputValue()).toBe("");
    expect(await wxEdit.getByLabel("AppId").inputValue()).toBe(appid);
    await screenshot(op, "platform-wx-reopened");
    await wxEdit.getByRole("button", { name: "取消" }).click();

    // The channel now counts its binding, and refuses to be deleted.
    await open(op, "支付通道");
    await expect.poll(() => cellUnder(op, payRow, "绑定数")).toBe("1");
    await payRow.getByRole("button", { name: `删除：${mchName}` }).click();
    await toastShown(op, "该通道已绑定，请先解除绑定");
    expect(await op.getByRole("dialog", { name: "删除确认" }).count()).toBe(0);
    await screenshot(op, "platform-pay-bound");
    // The server refuses it as well, whatever a client sends.
    const token = (await sessionToken(op))!;
    const list = await apiCall(baseURL, token, "GET", `/gateway/api/manage/platform/payconfig/list?keyword=${mchId}`, undefined, { functionId: "1102" });
    const channel = (list.body.dataList as { id: number; mchId: string }[]).find((c) => c.mchId === mchId)!;
    const refused = await apiCall(baseURL, token, "POST", "/gateway/api/manage/platform/payconfig/delete", { ids: String(channel.id) }, { functionId: "1102" });
    expect(refused.body).toMatchObject({ desc: "该通道已绑定，请先解除绑定" });
    await payRow.waitFor();

    // Reopened, the channel shows its key and certificate as stored, never their values.
    await payRow.getByRole("button", { name: `编辑：${mchName}` }).click();
    const payEdit = op.getByRole("dialog", { name: "编辑支付通道" });
    await payEdit.getByText("当前：已上传（******）").first().waitFor();
    await payEdit.getByText("已设置（******），留空则不修改").waitFor();
    expect(await payEdit.getByLabel("APIv3密钥").inputValue()).toBe("");
    await payEdit.getByRole("button", { name: "取消" }).click();

    // 短信配置: the template JSON is checked — invalid is refused, valid is reformatted and saved.
    await open(op, "短信配置");
    await op.getByRole("button", { name: "新增短信配置" }).click();
    const sms = op.getByRole("dialog", { name: "新增短信配置" });
    await sms.getByLabel("商户应用").fill("7");
    await sms.getByLabel("短信平台").selectOption({ label: "腾讯云" });
    await sms.getByLabel("短信签名").fill(signature);
    await sms.getByLabel("appId").fill("1400000000");
    await sms.getByLabel("secretId").fill("AKIDe2e");
    await sms.getByLabel("secretKey").fill("e2e-sms-secret-key");
    const template = sms.getByLabel("模板JSON");
    await template.fill("{login:{templateCode:1}");
    await sms.getByRole("button", { name: "检查" }).click();
    await toastShown(op, "JSON数据有误，请检查。");
    await sms.getByRole("button", { name: "保存" }).click();
    await sms.getByText("JSON数据有误，请检查。").first().waitFor();
    expect(await op.getByRole("row").filter({ hasText: signature }).count()).toBe(0);
    await template.fill('{"login":{"templateCode":"1234567"}}');
    await sms.getByRole("button", { name: "检查" }).click();
    await toastShown(op, "JSON数据正确。");
    expect(await template.inputValue()).toBe('{\n\t"login": {\n\t\t"templateCode": "1234567"\n\t}\n}');
    await screenshot(op, "platform-sms-checked");
    await sms.getByRole("button", { name: "保存" }).click();
    await toastShown(op, "保存成功");
    const smsRow = op.getByRole("row").filter({ hasText: signature });
    await smsRow.waitFor();

    // Reopened: the reformatted template as saved, the secretKey only as a mask.
    await smsRow.getByRole("button", { name: `编辑：${signature}` }).click();
    const smsEdit = op.getByRole("dialog", { name: "编辑短信配置" });
    await smsEdit.getByText("已设置（******），留空则不修改").waitFor();
    expect(await smsEdit.getByLabel("secretKey").inputValue()).toBe("");
    expect(await smsEdit.getByLabel("模板JSON").inputValue()).toBe('{\n\t"login": {\n\t\t"templateCode": "1234567"\n\t}\n}');
    await screenshot(op, "platform-sms-reopened");
    await smsEdit.getByRole("button", { name: "取消" }).click();

    expect(op.errors.filter((e) => !/status of 4\d\d/.test(e))).toEqual([]);
  });

  it("keeps a database connection's password sealed: masked when reopened, never sent back by the server", { timeout: 120_000 }, async () => {
    const system = `e2e${Date.now().toString(36)}`;
    const password = "Db#e2e-sealed-2026";
    const op = await loggedIn(ADMIN);
    await open(op, "数据库连接");
    await op.getByRole("button", { name: "新增数据库连接" }).click();
    const db = op.getByRole("dialog", { name: "新增数据库连接" });
    await db.getByLabel("系统代码").fill(system);
    await db.getByLabel("环境代码").fill("prod");
    await db.getByLabel("数据库编号").fill("01");
    await db.getByLabel("数据库地址").fill("jdbc:mysql://10.0.0.8:3306/club");
    await db.getByLabel("数据库用户名").fill("club");
    await db.getByLabel("数据库密码").fill(password);
    await db.getByRole("button", { name: "保存" }).click();
    await toastShown(op, "保存成功");
    const row = op.getByRole("row").filter({ hasText: system });
    await row.waitFor();

    await row.getByRole("button", { name: `编辑：${system}/prod/01` }).click();
    const edit = op.getByRole("dialog", { name: "编辑数据库连接" });
    await edit.getByText("已设置（******），留空则不修改").waitFor();
    expect(await edit.getByLabel("数据库密码").inputValue()).toBe("");
    expect(await edit.getByLabel("数据库用户名").inputValue()).toBe("club");
    await edit.getByRole("button", { name: "取消" }).click();

    const token = (await sessionToken(op))!;
    const list = await apiCall(baseURL, token, "GET", `/gateway/api/manage/platform/dbconfig/list?keyword=${system}`, undefined, { functionId: "1105" });
    expect(JSON.stringify(list.body)).not.toContain(password);
    const id = (list.body.dataList as { id: number; systemCode: string }[]).find((d) => d.systemCode === system)!.id;
    const view = await apiCall(baseURL, token, "GET", `/gateway/api/manage/platform/dbconfig/view?id=${id}`, undefined, { functionId: "1105" });
    expect(view.body.data).toMatchObject({ systemCode: system, password: "******" });
    expect(JSON.stringify(view.body)).not.toContain(password);
    expect(op.errors.filter((e) => !/status of 4\d\d/.test(e))).toEqual([]);
  });
});
