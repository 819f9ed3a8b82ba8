import { describe, expect, inject, it } from "vitest";
import { browserForFile, openScreen, screenshot, sessionToken, settled, toastShown, type WatchedPage } from "./browser.ts";
import { apiCall } from "./api.ts";
import { ADMIN } from "./fixtures/users.ts";

/**
 * Finance as staff do it: a membership purchase order and a room-voucher purchase are paid (the
 * sandbox payment, behind the browser's back); the split ratios are set (the total red until it is
 * 100); this month is computed on demand and its rows appear, one store row marked split-done after
 * the confirmation; the business summary shows its 总计 row; the profit-sharing record the sandbox
 * failed (a channel receiver's first attempt) is re-requested and succeeds.
 */
const baseURL = inject("baseURL");
const { loggedIn } = browserForFile(baseURL);

const open = (page: WatchedPage, entry: string) => openScreen(page, "财务管理", entry);

async function thisMonth(page: WatchedPage) {
  await page.getByLabel("月份", { exact: true }).click();
  await page.getByRole("dialog", { name: "月份月份选择" }).getByRole("button", { name: "本月" }).click();
  await page.getByRole("button", { name: "查询", exact: true }).click();
  await settled(page);
}

describe("finance", () => {
  it("sets ratios, computes the month on demand, marks split-done, re-requests a failed profit share", { timeout: 240_000 }, async () => {
    const page = await loggedIn(ADMIN);
    const token = (await sessionToken(page))!;
    const call = (method: "GET" | "POST", path: string, fn: string, form?: Record<string, string>) => apiCall(baseURL, token, method, path, form, { functionId: fn });

    // ── paid records of this month ──
    const client = (await call("GET", "/xiangyu/api/client/clientlist?pageSize=20", "2001")).body.dataList[0];
    const products = (await call("GET", "/xiangyu/api/hotel/product/alllist", "2201")).body.dataList as any[];
    const tenYears = products.find((p) => p.productName.startsWith("十年会籍"));
    const order = await call("POST", "/xiangyu/api/order/productprice/save", "2202", { clientId: String(client.id), productId: String(tenYears.id), payAmount: "88888.88" });
    expect(order.body.code, order.body.desc).toBe("200");
    const orderNo = order.body.data.orderId as string;
    expect((await call("POST", "/xiangyu/api/pay/sandbox/pay", "2202", { outTradeNo: orderNo, totalFee: "88888.88" })).body.code).toBe("200");
    const future = new Date(Date.now() + 200 * 86_400_000).toISOString().slice(0, 10);
    const tb = await call("POST", "/xiangyu/api/hotel/product/ticketbuysave", "1801", {
      clientId: String(client.id),
      ticketCount: "1",
      ticketDuration: future,
      payAmount: "199.99",
    });
    expect(tb.body.code, tb.body.desc).toBe("200");
    expect((await call("POST", "/xiangyu/api/pay/sandbox/pay", "1801", { outTradeNo: tb.body.data.orderId, totalFee: "199.99" })).body.code).toBe("200");

    // ── ratios ──
    await open(page, "分账比例设置");
    await page.getByLabel("集团分账比例").fill("50");
    await page.getByLabel("门店分账比例").fill("30");
    await page.getByLabel("代理分账比例").fill("10");
    await page.getByLabel("渠道分账比例").fill("5");
    const total = page.getByTestId("split-total");
    await expect.poll(() => total.textContent()).toBe("95%");
    expect(await total.getAttribute("class")).toContain("text-red-600");
    await page.getByRole("button", { name: "保存", exact: true }).click();
    await toastShown(page, "分账比例合计不等于100，请检查");
    await screenshot(page, "finance-settings-red");
    await page.getByLabel("渠道分账比例").fill("10");
    await expect.poll(() => total.textContent()).toBe("100%");
    expect(await total.getAttribute("class")).not.toContain("text-red-600");
    await page.getByRole("button", { name: "保存", exact: true }).click();
    await toastShown(page, "保存成功");

    // ── the month on demand, split-done ──
    await open(page, "月度分账汇总");
    await thisMonth(page);
    await page.getByRole("button", { name: "计算该月" }).click();
    await page.getByRole("dialog", { name: "计算确认" }).getByRole("button", { name: "计算" }).click();
    await toastShown(page, "计算完成");
    await page.getByRole("navigation", { name: "分账类型" }).getByRole("button", { name: "门店" }).click();
    await settled(page);
    const storeSwitch = page.getByRole("switch", { name: /^分账状态：/ }).first();
    await storeSwitch.waitFor();
    expect(await storeSwitch.getAttribute("aria-checked")).toBe("false");
    await storeSwitch.click();
    await page.getByRole("dialog", { name: "启禁确认" }).getByRole("button", { name: "确定" }).click();
    await expect.poll(() => storeSwitch.getAttribute("aria-checked"), { timeout: 10_000 }).toBe("true");
    const close = page.getByRole("table", { name: "月结核对" });
    await close.getByRole("row", { name: /^合计/ }).getByText("一致").waitFor();
    await screenshot(page, "finance-split-summary");
    await page.getByRole("navigation", { name: "分账类型" }).getByRole("button", { name: "代理" }).click();
    await page.getByRole("cell", { name: "其他", exact: true }).first().waitFor();

    // ── the business summary ──
    await open(page, "月度经营汇总");
    await thisMonth(page);
    await page.getByRole("cell", { name: "总计", exact: true }).waitFor();
    await screenshot(page, "finance-shop-statistics");

    // ── profit sharing: the channel's first attempt fails in the sandbox; re-requested, it succeeds ──
    await open(page, "支付分账订单");
    const search = page.getByPlaceholder("订单号或AppId");
    await search.fill(orderNo);
    await search.press("Enter");
    const refresh = page.getByRole("button", { name: "刷新", exact: true });
    const retry = page.getByRole("button", { name: new RegExp(`^重新分账：${orderNo}`) });
    await expect
      .poll(
        async () => {
          await refresh.click();
          await settled(page);
          return retry.count();
        },
        { timeout: 60_000, interval: 2000 },
      )
      .toBe(1);
    await page
      .getByRole("row", { name: /分账失败/ })
      .getByText("分账接收方账户异常")
      .waitFor();
    await screenshot(page, "finance-profit-sharing-failed");
    await retry.click();
    await page.getByRole("dialog", { name: "重新分账确认" }).getByRole("button", { name: "重新分账" }).click();
    await toastShown(page, "已重新发起分账");
    await expect
      .poll(
        async () => {
          await refresh.click();
          await settled(page);
          return page.getByRole("cell", { name: "分账成功", exact: true }).count();
        },
        { timeout: 60_000, interval: 2000 },
      )
      .toBe(3);
    await screenshot(page, "finance-profit-sharing-done");
    expect(page.errors).toEqual([]);
  });
});
