import { describe, expect, inject, it } from "vitest";
import ExcelJS from "exceljs";
import { browserForFile, openMenu, screenshot, screenTitle, sessionToken, settled } from "./browser.ts";
import { apiCall, apiLogin } from "./api.ts";
import { ADMIN } from "./fixtures/users.ts";

/**
 * The clients issue as staff work it: import a small sheet into a store (one bad row), find an
 * imported client by keyword and open it, then open a member's membership viewer, reveal the
 * account password and move a purchase's validity to a new date, which the detail shows saved.
 */
const baseURL = inject("baseURL");
const CLIENTS_FN = { functionId: "2001" };
const { loggedIn } = browserForFile(baseURL);

/** The import template's columns, two good rows and one without a name. */
async function sheet(names: [string, string][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet("客户");
  ws.addRow(["姓名", "手机号", "性别", "年龄", "身份证号", "地址", "客户来源", "备注"]);
  for (const [name, mobile] of names) ws.addRow([name, mobile, "女", 35, "", "广州市天河区", "walkin", "e2e导入"]);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** A seeded member whose weeks account has a password (the demo sets one on every third member). */
async function memberWithPassword(token: string): Promise<{ id: number; clientName: string; mobile: string }> {
  const list = await apiCall(baseURL, token, "GET", "/xiangyu/api/client/memberlist?pageSize=50", undefined, CLIENTS_FN);
  for (const m of list.body.dataList as { id: number; clientName: string; mobile: string }[]) {
    const totals = await apiCall(baseURL, token, "GET", `/xiangyu/api/client/membershiptotallist?id=${m.id}`, undefined, CLIENTS_FN);
    if (totals.body.dataList?.some((t: { passwordSet: number }) => t.passwordSet === 1)) return m;
  }
  throw new Error("the demo has no member with an account password");
}

describe("clients", () => {
  it("imports a sheet, finds a client, and changes a membership's validity in the viewer", { timeout: 180_000 }, async () => {
    const tag = String(Date.now() % 1_000_000).padStart(6, "0");
    const good: [string, string][] = [
      [`导入甲${tag}`, `1365${tag}1`],
      [`导入乙${tag}`, `1365${tag}2`],
    ];
    const page = await loggedIn(ADMIN);
    await openMenu(page, "客户管理", "客户列表");
    await expect.poll(() => screenTitle(page).textContent()).toBe("客户列表");
    await settled(page);
    await page.getByRole("row").nth(1).waitFor();
    await screenshot(page, "clients-list");

    // Import: the store, the sheet (uploaded by the presigned flow), then the result view.
    await page.getByRole("button", { name: "客户导入" }).click();
    const dialog = page.getByRole("dialog", { name: "客户导入" });
    await dialog.getByRole("link", { name: "下载模板" }).waitFor();
    await dialog.getByRole("button", { name: "开始导入" }).click();
    await dialog.getByText("请选上传文件").waitFor();
    await dialog.getByRole("button", { name: "门店", exact: true }).click();
    await dialog.getByRole("option", { name: "华南分公司" }).click();
    await dialog.getByRole("option", { name: "广州天河店" }).click();
    await dialog.getByTestId("sheet-file").setInputFiles({
      name: `客户${tag}.xlsx`,
      mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      buffer: await sheet([...good, ["", `1365${tag}3`]]),
    });
    await dialog.getByText(`已上传：客户${tag}.xlsx`).waitFor();
    await dialog.getByRole("button", { name: "开始导入" }).click();
    const result = dialog.getByRole("status", { name: "导入结果" });
    await result.waitFor({ timeout: 30_000 });
    expect(await result.getByTestId("import-总条数").textContent()).toBe("3");
    expect(await result.getByTestId("import-成功").textContent()).toBe("2");
    expect(await result.getByTestId("import-失败").textContent()).toBe("1");
    await result.getByText("第4行：客户姓名不能为空", { exact: false }).waitFor();
    await screenshot(page, "clients-import-result");
    await result.getByRole("button", { name: "确定" }).click();
    await dialog.getByRole("button", { name: "开始导入" }).waitFor();
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });

    // Find an imported client by keyword and open it read-only from its name.
    await page.getByRole("searchbox", { name: "关键字" }).fill(good[0][0]);
    await page.getByRole("button", { name: "查询" }).click();
    const row = page.getByRole("row", { name: new RegExp(good[0][0]) });
    // Only the client searched for (the list read after the import showed it too).
    await expect.poll(() => page.getByRole("row").count()).toBe(2);
    await row.waitFor();
    expect(await row.getByRole("cell").allTextContents()).toEqual(expect.arrayContaining(["女", "35", good[0][1], "广州天河店", "客户", "到店咨询"]));
    await row.getByRole("button", { name: good[0][0] }).click();
    const view = page.getByRole("dialog", { name: "客户信息" });
    await expect.poll(() => view.getByLabel(/客户姓名/).inputValue()).toBe(good[0][0]);
    await view.getByRole("radio", { name: "已婚" }).waitFor();
    await expect(view.getByRole("radio", { name: "女" }).isChecked()).resolves.toBe(true);
    await screenshot(page, "clients-view");
    await view.getByRole("button", { name: "关闭" }).first().click();
    await view.waitFor({ state: "detached" });

    // A member's viewer: panels per product type, the password revealed by the server.
    const token = (await sessionToken(page)) ?? (await apiLogin(baseURL, ADMIN));
    const member = await memberWithPassword(token);
    await page.getByRole("searchbox", { name: "关键字" }).fill(member.mobile);
    await page.getByRole("button", { name: "查询" }).click();
    const memberRow = page.getByRole("row", { name: new RegExp(member.mobile) });
    await memberRow.waitFor();
    await memberRow.getByRole("button", { name: "会员信息" }).click();
    const viewer = page.getByRole("dialog", { name: `会员信息 · ${member.clientName}` });
    const weeks = viewer.getByRole("group", { name: "会员周次存储" });
    await weeks.waitFor();
    await expect(weeks.getByText("平日(晚)", { exact: false }).count()).resolves.toBe(2);
    await viewer.getByRole("button", { name: "显示" }).first().click();
    await expect.poll(() => viewer.getByTestId("password-1").textContent()).toBe(`Hy@${member.id}`);
    await screenshot(page, "clients-membership-viewer");

    // The product detail: move the first purchase's validity and see it saved.
    await viewer.getByRole("button", { name: "产品明细" }).first().click();
    const detail = page.getByRole("dialog", { name: "会员周次 · 产品明细" });
    await detail
      .getByRole("button", { name: /^修改有效期/ })
      .first()
      .click();
    const validity = page.getByRole("dialog", { name: "修改有效期" });
    await validity.getByLabel(/新有效期/).fill("2040-12-31");
    await validity.getByRole("button", { name: "保存" }).click();
    await validity.waitFor({ state: "detached" });
    await detail.getByRole("cell", { name: "2040-12-31 23:59:59" }).waitFor();
    await screenshot(page, "clients-membership-detail");
    const lots = await apiCall(
      baseURL,
      token,
      "GET",
      `/xiangyu/api/client/membershiplist?id=${member.id}&productTypeId=${await weeksTypeId(token, member.id)}`,
      undefined,
      CLIENTS_FN,
    );
    expect(lots.body.dataList.map((l: { shipDuration: string }) => l.shipDuration)).toContain("2040-12-31 23:59:59");

    // The same purchase, saved, in the row's 在用产品.
    await page.keyboard.press("Escape");
    await detail.waitFor({ state: "detached" });
    await page.keyboard.press("Escape");
    await viewer.waitFor({ state: "detached" });
    await memberRow.getByRole("button", { name: "在用产品" }).click();
    const inUse = page.getByRole("dialog", { name: `在用产品 · ${member.clientName}` });
    await inUse.getByRole("region", { name: "会员周次" }).getByRole("cell", { name: "2040-12-31 23:59:59" }).waitFor();
    await screenshot(page, "clients-in-use-products");
    expect(page.errors).toEqual([]);
  });
});

async function weeksTypeId(token: string, clientId: number): Promise<number> {
  const totals = await apiCall(baseURL, token, "GET", `/xiangyu/api/client/membershiptotallist?id=${clientId}`, undefined, CLIENTS_FN);
  return (totals.body.dataList as { productTypeId: number; productTypeName: string }[]).find((t) => t.productTypeName === "会员周次")!.productTypeId;
}
