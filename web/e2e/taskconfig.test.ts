import { describe, expect, inject, it } from "vitest";
import { browserForFile, openMenu, screenshot, screenTitle, settled, toastShown } from "./browser.ts";
import { ADMIN } from "./fixtures/users.ts";
import { runFixture } from "./fixtures/run.ts";

/**
 * Scheduled tasks (定时任务, R476–R483) as the platform operator uses them: a task created with a
 * one-minute period runs on the local scheduler (its heartbeat and run log appear), runs again once
 * its period has passed, the form's own messages and the HTTP push fields, then disabling it stops
 * it. The period passes by moving the task's last run back (fixtures/backdateTask.ts), not by
 * waiting real minutes.
 */
const baseURL = inject("baseURL");
const { loggedIn } = browserForFile(baseURL);

describe("scheduled tasks", () => {
  it("creates a task, sees it run, reads its run log and disables it", { timeout: 240_000 }, async () => {
    const stamp = Date.now().toString(36);
    const code = `e2e${stamp}`;
    const name = `会话清理${stamp.slice(-4)}`;
    const page = await loggedIn(ADMIN);
    await openMenu(page, "平台配置", "定时任务");
    await expect.poll(() => screenTitle(page).textContent()).toBe("定时任务");
    await settled(page);

    await page.getByRole("button", { name: "新增定时任务" }).click();
    const dialog = page.getByRole("dialog", { name: "新增定时任务" });
    // The spec's messages, from the shared schema, before anything is sent.
    await dialog.getByRole("button", { name: "保存" }).click();
    await dialog.getByText("任务代码不能为空").waitFor();
    await dialog.getByText("任务线程类名不能为空").waitFor();
    await dialog.getByText("任务名称不能为空").waitFor();
    await dialog.getByLabel("任务代码").fill("bad-code");
    await dialog.getByLabel("任务名称").click();
    await dialog.getByText("任务代码只能包含字母或数字").waitFor();
    // The HTTP push fields only for that class (R480).
    await dialog.getByLabel("任务线程类").selectOption("httpPush");
    await dialog.getByLabel("推送地址").waitFor();
    await screenshot(page, "taskconfig-form-httppush");
    await dialog.getByLabel("任务线程类").selectOption("sessionSweep");
    expect(await dialog.getByLabel("推送地址").count()).toBe(0);

    await dialog.getByLabel("任务代码").fill(code);
    await dialog.getByLabel("任务名称").fill(name);
    await dialog.getByLabel("运行周期（分钟）").fill("1");
    await screenshot(page, "taskconfig-form");
    await dialog.getByRole("button", { name: "保存" }).click();
    await toastShown(page, "保存成功");
    const row = page.getByRole("row").filter({ hasText: code });
    await row.waitFor();
    /** The task's row as the list shows it after 刷新. */
    const refreshedRow = async () => {
      await page.getByRole("button", { name: "刷新" }).click();
      await settled(page);
      return row.textContent();
    };

    // The local scheduler looks every few seconds: the heartbeat and the outcome appear.
    await expect.poll(refreshedRow, { timeout: 60_000, interval: 2_000 }).toContain("成功");
    expect(await row.textContent()).toMatch(/\d{4}-\d\d-\d\d \d\d:\d\d:\d\d/);
    await screenshot(page, "taskconfig-list-ran");

    await row.getByRole("button", { name: "运行日志" }).click();
    const log = page.getByRole("dialog", { name: `运行日志：${name}（${code}）` });
    await log.getByRole("cell", { name: "成功" }).first().waitFor();
    await screenshot(page, "taskconfig-runs");
    await log.getByRole("button", { name: "关闭" }).first().click();

    // Its period passed (the clock moved, not waited for): the scheduler runs it again.
    const once = await row.textContent();
    runFixture(inject("dynamoEndpoint"), "backdateTask.ts", code);
    await expect.poll(refreshedRow, { timeout: 30_000, interval: 2_000 }).not.toBe(once);

    // Disabled (P, after the confirmation): past its next period, no run follows.
    const state = row.getByRole("switch");
    expect(await state.getAttribute("aria-checked")).toBe("true");
    await state.click();
    await page.getByRole("dialog", { name: "启禁确认" }).getByRole("button", { name: "确定" }).click();
    await expect.poll(() => state.getAttribute("aria-checked"), { timeout: 10_000 }).toBe("false");
    const stopped = await refreshedRow();
    runFixture(inject("dynamoEndpoint"), "backdateTask.ts", code);
    // Three of the local scheduler's looks (scheduler.ts TASK_TICK_MS, 5 s).
    await new Promise((r) => setTimeout(r, 15_000));
    expect(await refreshedRow()).toBe(stopped);
    await screenshot(page, "taskconfig-disabled");
  });
});
