import { expect } from "vitest";
import { openScreen, screenshot, toastShown, type WatchedPage } from "./browser.ts";

/** The menu folder of the three review screens (收银复核, 财务经理复核, 会员服务复核). */
export const FINANCE = "财务管理";

/**
 * One stage's pass as its reviewer does it (docs/reviews.md): the stage's list, 去复核 on the
 * purchase, the panel showing the final-payment state, a result required before sending, 通过, the
 * confirmation, the toast; then the purchase has left that stage's list.
 */
export async function passReview(page: WatchedPage, entry: string, p: { name: string; product: string; finalPay: string }, shot: string) {
  await openScreen(page, FINANCE, entry);
  const row = page.getByRole("row", { name: new RegExp(p.name) });
  await row.waitFor();
  await row.getByRole("button", { name: `去复核：${p.name} ${p.product}` }).click();
  const panel = page.getByRole("dialog", { name: "购买复核" });
  await panel.getByText(p.finalPay, { exact: true }).waitFor();
  await panel.getByRole("button", { name: "确定" }).click();
  await panel.getByText("请选择复核结果").waitFor();
  await panel.getByRole("radio", { name: "通过", exact: true }).check();
  await screenshot(page, shot);
  await panel.getByRole("button", { name: "确定" }).click();
  await page.getByRole("dialog", { name: "确认复核结果" }).getByRole("button", { name: "确定" }).click();
  await toastShown(page, "复核通过");
  await panel.waitFor({ state: "detached" });
  await expect.poll(() => page.getByRole("row", { name: new RegExp(p.name) }).count()).toBe(0);
}
