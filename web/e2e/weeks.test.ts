import { describe, expect, inject, it } from "vitest";
import { browserForFile, openScreen, screenshot, sessionToken, toastShown } from "./browser.ts";
import { newClient } from "./api.ts";
import { ADMIN } from "./fixtures/users.ts";

/**
 * Gift weeks as staff do it: a new client is gifted 3 weeks through the three-step wizard, the gift
 * is approved, and the weeks show in the client's membership viewer and in its balance history
 * (周次流水) with why, which record and before/after. Then 2 of them go to RCI and come back.
 */
const baseURL = inject("baseURL");
const { loggedIn } = browserForFile(baseURL);

describe("gift weeks and exchange", () => {
  it("gifts weeks, approves them, sees them in the membership viewer and its history, exchanges and returns", { timeout: 240_000 }, async () => {
    const n = String(Date.now() % 100_000_000).padStart(8, "0");
    const name = `赠周${n.slice(-4)}`;
    const mobile = `139${n}`;
    const page = await loggedIn(ADMIN);
    const token = (await sessionToken(page))!;
    await newClient(baseURL, token, { clientName: name, mobile, status: "2" });

    // ── the three-step gift ──
    await openScreen(page, "房券与周次", "赠送周次");
    await screenshot(page, "weeks-gift-list");
    await page.getByRole("button", { name: "赠送周次" }).click();
    const wizard = page.getByRole("dialog", { name: "赠送周次" });
    await wizard.getByRole("button", { name: "下一步" }).click();
    await wizard.getByText("客户不能为空").waitFor();
    await wizard.getByRole("combobox").fill(mobile);
    await page.getByRole("option", { name: new RegExp(name) }).click();
    await wizard.getByText("该客户暂无存储周次").waitFor();
    await wizard.getByRole("button", { name: "下一步" }).click();
    await wizard.getByRole("button", { name: "下一步" }).click();
    await wizard.getByText("赠送数量不能为空").waitFor();
    await wizard.getByLabel("赠送数量").fill("3");
    await wizard.getByRole("textbox", { name: "有效期限" }).fill("2035-12-31");
    // Typing a whole day sets it; a click elsewhere closes the calendar.
    await wizard.getByLabel("赠送数量").click();
    await screenshot(page, "weeks-gift-wizard");
    await wizard.getByRole("button", { name: "下一步" }).click();
    await wizard.getByText("2035-12-31 23:59:59").waitFor();
    await wizard.getByRole("button", { name: "确认赠送" }).click();
    await toastShown(page, "赠送完成");
    await wizard.waitFor({ state: "detached" });

    // ── review: 通过 ──
    const row = page.getByRole("row", { name: new RegExp(name) });
    await row.getByText("待审核").waitFor();
    await row.getByRole("button", { name: `审核：${name} 3周` }).click();
    const review = page.getByRole("dialog", { name: "赠送周次审核" });
    await review.getByRole("button", { name: "确定" }).click();
    await review.getByText("请选择审核状态！").waitFor();
    await review.getByRole("radio", { name: "通过", exact: true }).check();
    await review.getByRole("button", { name: "确定" }).click();
    await review.waitFor({ state: "detached" });
    await row.getByText("已审核").waitFor();
    await row.getByRole("button", { name: `申请延期：${name} 3周` }).waitFor();
    await screenshot(page, "weeks-gift-reviewed");

    // ── RCI: 2 of the 3 weeks to the exchange service, then back ──
    await openScreen(page, "房券与周次", "RCI交换单");
    await page.getByRole("button", { name: "新增交换" }).click();
    const rci = page.getByRole("dialog", { name: "RCI周次交换" });
    await rci.getByRole("combobox").fill(mobile);
    await page.getByRole("option", { name: new RegExp(name) }).click();
    await rci.getByRole("button", { name: "下一步" }).click();
    await rci.getByRole("table", { name: "客户存储周次" }).getByRole("cell", { name: "3", exact: true }).first().waitFor();
    await screenshot(page, "weeks-rci-stored");
    await rci.getByRole("button", { name: "下一步" }).click();
    await rci.getByLabel("兑换数量").fill("4");
    await rci.getByRole("button", { name: "下一步" }).click();
    await rci.getByText("兑换数量不能大于剩余数量").waitFor();
    await rci.getByLabel("兑换数量").fill("2");
    await rci.getByRole("button", { name: "下一步" }).click();
    await rci.getByRole("button", { name: "确认兑换" }).click();
    await toastShown(page, "兑换完成");
    const exRow = page.getByRole("row", { name: new RegExp(name) }).first();
    await exRow.getByText("兑换").waitFor();
    await screenshot(page, "weeks-rci-list");
    await exRow.getByRole("button", { name: `退回：${name} 2周` }).click();
    await page.getByRole("dialog", { name: "退回确认" }).getByRole("button", { name: "退回" }).click();
    await toastShown(page, "退回成功");
    await page.getByRole("row", { name: new RegExp(`${name}.*已退回`) }).waitFor();
    await screenshot(page, "weeks-rci-returned");

    // ── the membership viewer and its history ──
    await openScreen(page, "客户管理", "客户列表");
    await page.getByRole("searchbox", { name: "关键字" }).fill(mobile);
    await page.getByRole("button", { name: "查询" }).click();
    const clientRow = page.getByRole("row", { name: new RegExp(mobile) });
    await clientRow.getByRole("button", { name: "会员信息" }).click();
    const viewer = page.getByRole("dialog", { name: `会员信息 · ${name}` });
    const weeks = viewer.getByRole("group", { name: "会员周次存储" });
    await weeks.getByText("3周").first().waitFor();
    await screenshot(page, "weeks-membership-viewer");
    await viewer.getByRole("button", { name: "周次流水" }).click();
    const history = page.getByRole("dialog", { name: `周次流水 · ${name}` });
    await history.getByRole("cell", { name: "赠送周次审核通过" }).waitFor();
    const cells = async (text: string) =>
      (
        await history
          .getByRole("row", { name: new RegExp(text) })
          .getByRole("cell")
          .allTextContents()
      ).map((t) => t.trim());
    const gift = await cells("赠送周次审核通过");
    expect(gift).toEqual(expect.arrayContaining(["+3周", "0周", "3周", "系统管理员"]));
    expect(gift.some((c) => c.startsWith("赠送周次 #"))).toBe(true);
    const out = await cells("RCI周次交换");
    expect(out).toEqual(expect.arrayContaining(["-2周", "3周", "1周", "0 → 2"]));
    const back = await cells("RCI交换退回");
    expect(back).toEqual(expect.arrayContaining(["+2周", "1周", "3周", "2 → 0"]));
    await screenshot(page, "weeks-balance-history");
    expect(page.errors).toEqual([]);
  });
});
