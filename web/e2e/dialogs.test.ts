import { describe, expect, inject, it } from "vitest";
import type { Page } from "playwright-core";
import { browserForFile, screenshot, screenTitle, settled } from "./browser.ts";
import { ADMIN } from "./fixtures/users.ts";

/**
 * Dialogs (issue 36): the keyboard stays inside an open dialog and always shows where it is; a
 * confirmation left open goes away when the user moves to another screen.
 */
const baseURL = inject("baseURL");
const { loggedIn } = browserForFile(baseURL);

async function open(page: Page, path: string) {
  await page.evaluate((p) => (window.location.hash = p), `#${path}`);
  await page.waitForFunction((p) => window.location.hash.startsWith(`#${p}`), path);
  await screenTitle(page).waitFor();
  await settled(page);
}

/** Where the focus is: inside the open dialog, and whether it draws a visible ring (outline or box shadow). */
const focusState = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    const dialog = document.querySelector('[role="dialog"]');
    const style = el ? getComputedStyle(el) : null;
    const ring = !!style && ((style.outlineStyle !== "none" && parseFloat(style.outlineWidth) > 0) || style.boxShadow !== "none");
    return {
      inside: !!el && !!dialog?.contains(el),
      ring,
      what: el ? `${el.tagName.toLowerCase()} ${el.getAttribute("aria-label") ?? el.getAttribute("name") ?? el.textContent?.slice(0, 12) ?? ""}` : "none",
    };
  });

describe("dialogs", () => {
  it("keeps the keyboard inside a form dialog with the focus always visible", { timeout: 60_000 }, async () => {
    const page = await loggedIn(ADMIN);
    await open(page, "/order/giftticket");
    await page.getByRole("button", { name: "赠送房券" }).first().click();
    await page.getByRole("dialog").getByRole("button", { name: "保存" }).waitFor();
    const lost: string[] = [];
    for (let i = 0; i < 30; i++) {
      await page.keyboard.press("Tab");
      const f = await focusState(page);
      if (!f.inside || !f.ring) lost.push(`${i}: ${f.what}${f.inside ? "" : " (outside the dialog)"}${f.ring ? "" : " (no focus ring)"}`);
    }
    await screenshot(page, "dialog-focus");
    expect(lost).toEqual([]);
    expect(page.errors).toEqual([]);
  });

  it("answers a confirmation left open with 取消 when the user goes to another screen", { timeout: 60_000 }, async () => {
    const page = await loggedIn(ADMIN);
    await open(page, "/role");
    await page.getByRole("button", { name: "删除：门店管理员" }).click();
    // The dialog's root has no box of its own (its panel is fixed): wait on what it shows.
    const cancel = page.getByRole("dialog", { name: /删除确认/ }).getByRole("button", { name: "取消" });
    await cancel.waitFor();
    await page.goBack();
    await cancel.waitFor({ state: "detached" });
    await open(page, "/role");
    // Nothing was deleted.
    await page.getByRole("cell", { name: "门店管理员", exact: true }).waitFor();
    expect(page.errors).toEqual([]);
  });
});
