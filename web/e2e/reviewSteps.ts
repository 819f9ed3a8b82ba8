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

/**
 * A hotel order approved on 代客订单 as its reviewer does it (docs/orders.md: review, approve): the
 * order found by its number, 立即处理, 审核, 审核通过, 提交, the toast, the detail panel closed.
 */
export async function approveProxyOrder(page: WatchedPage, orderId: number) {
  await openScreen(page, "订单管理", "代客订单");
  await page.getByRole("searchbox", { name: "关键字" }).fill(String(orderId));
  await page.getByRole("button", { name: "查询" }).click();
  await page.getByRole("button", { name: new RegExp(`^立即处理：${orderId} `) }).click();
  const detail = page.getByRole("dialog", { name: `订单详情 ${orderId}` });
  await detail.getByLabel("订单状态").waitFor();
  await detail.getByRole("button", { name: "审核", exact: true }).click();
  const form = detail.getByRole("form");
  await form.getByLabel("审核通过").check();
  await form.getByRole("button", { name: "提交" }).click();
  await toastShown(page, "办理成功");
  await page.keyboard.press("Escape");
  await detail.waitFor({ state: "detached" });
}
