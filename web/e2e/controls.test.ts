import { describe, expect, inject, it } from "vitest";
import type { Page } from "playwright-core";
import axe from "axe-core";
import { browserForFile, openMenu, screenshot, screenTitle, settled } from "./browser.ts";
import { ADMIN } from "./fixtures/users.ts";

/**
 * The console's controls on an English browser (issue 12): the client form's 销售员 is a staff
 * picker found by mobile, its region a province → city → district cascader, and a pasted name over
 * the limit is kept whole and refused in Chinese; the channel form lists the staff. axe finds no
 * serious or critical violation with the cascader's panel and the staff list open.
 */
const baseURL = inject("baseURL");
const { loggedIn } = browserForFile(baseURL);

async function serious(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(axe.source);
  const found = await page.evaluate(async () => {
    const a = (window as unknown as { axe: { run: (ctx: unknown, opts: unknown) => Promise<{ violations: any[] }> } }).axe;
    return (await a.run(document, { resultTypes: ["violations"] })).violations.map((v) => ({
      id: v.id,
      impact: v.impact ?? "",
      nodes: v.nodes.slice(0, 3).map((n: { target: string[] }) => n.target.join(" ")),
    }));
  });
  return found.filter((f) => f.impact === "serious" || f.impact === "critical").map((f) => `${f.id} @ ${f.nodes.join(" | ")}`);
}

describe("console controls", () => {
  it("picks a salesperson by mobile and a district by columns, and refuses a pasted over-long name in Chinese", { timeout: 120_000 }, async () => {
    const page = await loggedIn(ADMIN);
    await openMenu(page, "客户管理", "客户列表");
    await expect.poll(() => screenTitle(page).textContent()).toBe("客户列表");
    await settled(page);
    await page.getByRole("button", { name: "新增客户" }).click();
    const form = page.getByRole("dialog", { name: "新增客户" });

    // 60 characters pasted into a field of 50: kept whole, refused at once with the server's words.
    const name = form.getByLabel("客户姓名");
    await name.focus();
    await name.fill("");
    await page.keyboard.insertText("享".repeat(60));
    await expect(name.inputValue()).resolves.toBe("享".repeat(60));
    await form.getByText("客户姓名不能超过50个字").waitFor();
    await form.getByText("60/50").waitFor();

    // The salesperson: typed digits of a colleague's mobile find them.
    const seller = form.getByRole("combobox", { name: "销售员" });
    await seller.click();
    await seller.fill("13800000001");
    const option = page.getByRole("option", { name: /天河店长 13800000001/ });
    await option.waitFor();
    expect(await serious(page)).toEqual([]);
    await screenshot(page, "controls-staff-picker");
    await option.click();
    await expect(seller.inputValue()).resolves.toBe("天河店长 13800000001");

    // The region: one field, columns per level, Chinese names whatever the browser's language.
    const area = form.getByRole("button", { name: "所在区域", exact: true });
    await area.click();
    await page.getByRole("listbox", { name: "所在区域第1级" }).getByRole("option", { name: "广东省" }).click();
    await page.getByRole("listbox", { name: "所在区域第2级" }).getByRole("option", { name: "广州市" }).click();
    await page.getByRole("listbox", { name: "所在区域第3级" }).waitFor();
    expect(await serious(page)).toEqual([]);
    await screenshot(page, "controls-area-cascader");
    await page.getByRole("listbox", { name: "所在区域第3级" }).getByRole("option", { name: "天河区" }).click();
    await expect(area.textContent()).resolves.toContain("广东省 / 广州市 / 天河区");
    await screenshot(page, "controls-client-form");
    await form.getByRole("button", { name: "关闭" }).click();
    await form.waitFor({ state: "detached" });

    // The channel form lists the staff to bind, searchable by mobile.
    await openMenu(page, "用户管理", "渠道管理");
    await expect.poll(() => screenTitle(page).textContent()).toBe("渠道管理");
    await settled(page);
    await page.getByRole("button", { name: "新增渠道" }).click();
    const channel = page.getByRole("dialog", { name: "新增渠道" });
    const pool = channel.getByRole("region", { name: "可选业务员" });
    await pool.getByLabel(/天河店长 13800000001/).waitFor();
    await pool.getByRole("searchbox").fill("0003");
    await pool.getByLabel(/13800000003/).waitFor();
    await expect(pool.getByLabel(/13800000001/).count()).resolves.toBe(0);
    expect(await serious(page)).toEqual([]);
    await screenshot(page, "controls-channel-form");
    expect(page.errors).toEqual([]);
  });
});
