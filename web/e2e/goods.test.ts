import { describe, expect, inject, it } from "vitest";
import { browserForFile, openMenu, screenshot, screenTitle, sessionToken, settled, toastShown, type WatchedPage } from "./browser.ts";
import { apiCall } from "./api.ts";
import { ADMIN, CLIENT } from "./fixtures/users.ts";
import { smallPng } from "./fixtures/hotelsPicture.ts";
import { addDays } from "@xiangyu/core/goods/rules";
import { today } from "@xiangyu/core/kernel/clock";

/**
 * Issue 18 as staff and a member do it: an appointment item with a 1:1 title picture, a week of
 * slots generated and a day copied in the spec modal, a slot ordered and paid through the member's
 * order route, the order reviewed and completed in the console, and another refunded with the stock
 * given back.
 */
const baseURL = inject("baseURL");
const { loggedIn } = browserForFile(baseURL);

async function open(page: WatchedPage, folder: string, entry: string) {
  await openMenu(page, folder, entry);
  await expect.poll(() => screenTitle(page).textContent()).toBe(entry);
  await settled(page);
}

async function member(openid: string) {
  const r = await (await fetch(`${baseURL}/xiangyu/api/mp/login`, { method: "POST", body: new URLSearchParams({ tenant: CLIENT.clientId, code: `sandbox:${openid}` }) })).json();
  if (r.code !== "200") throw new Error(`member sign-in failed: ${r.desc}`);
  const token = r.data.access_token as string;
  return (path: string, form: Record<string, string>) => apiCall(baseURL, token, "POST", `/goods/api/mp/order/${path}`, form);
}

describe("goods", () => {
  it("creates an appointment item, generates a week of slots, copies a day, and handles its orders", { timeout: 240_000 }, async () => {
    const n = Date.now() % 1_000_000;
    const name = `理疗体验${n}`;
    const page = await loggedIn(ADMIN);
    const token = (await sessionToken(page))!;
    await open(page, "商品管理", "商品列表");
    await page.getByRole("cell", { name: "温泉理疗体验", exact: true }).waitFor();
    await screenshot(page, "goods-list");

    // ── the item ──
    await page.getByRole("button", { name: "新增商品" }).click();
    const form = page.getByRole("dialog", { name: "新增商品" });
    await form.getByRole("button", { name: "保存" }).click();
    await form.getByText("商品性质必选").waitFor();
    await form.getByLabel("商品性质").selectOption({ label: "预约服务" });
    await form.getByLabel("商品名称").fill(name);
    await form.getByRole("button", { name: "商品子分类", exact: true }).click();
    // The root class opens its sub-classes but cannot be chosen itself (R397): a click on it only opens it.
    await form.getByRole("option", { name: "会员服务" }).click({ force: true });
    await form.getByRole("option", { name: "康体理疗" }).click();
    // A picture that is not square is refused before the upload; a 400 × 400 one is taken.
    await form
      .getByTestId("image-file")
      .first()
      .setInputFiles({ name: "wide.png", mimeType: "image/png", buffer: smallPng([200, 80, 40], 16) });
    await toastShown(page, "图片宽高必须在375到750像素之间");
    await form
      .getByTestId("image-file")
      .first()
      .setInputFiles({ name: "title.png", mimeType: "image/png", buffer: smallPng([37, 99, 235], 400) });
    await form.locator("img").first().waitFor();
    await form.getByLabel("价格").fill("88");
    await form.getByLabel("服务保障").fill("专业理疗师\n可随时改约");
    await screenshot(page, "goods-form");
    await form.getByRole("button", { name: "保存" }).click();
    await form.waitFor({ state: "detached" });
    await page.getByRole("cell", { name, exact: true }).waitFor();

    // ── a week of slots and a copied day ──
    await page.getByRole("button", { name: `规格：${name}` }).click();
    const specs = page.getByRole("dialog", { name: `规格设置：${name}` });
    await specs.getByText("暂无规格").waitFor();
    const first = addDays(today(), 1);
    await specs.getByRole("button", { name: "生成" }).click();
    await toastShown(page, "请设置日期");
    await specs.getByLabel("开始日期").fill(first);
    await specs.getByLabel("结束日期").fill(addDays(first, 6));
    await specs.getByLabel("结束日期").press("Enter");
    await specs.getByRole("button", { name: "生成" }).click();
    await toastShown(page, "请设置服务时段");
    await specs.getByLabel("服务开始时间").fill("09:00");
    await specs.getByLabel("服务结束时间").fill("10:00");
    await specs.getByLabel("库存", { exact: true }).fill("2");
    await specs.getByLabel("销售价", { exact: true }).fill("50");
    await specs.getByRole("button", { name: "生成" }).click();
    await expect.poll(() => specs.getByRole("row").count()).toBe(8);
    await specs.getByRole("tab", { name: "复制配置" }).click();
    await specs.getByLabel("待复制日期").fill(first);
    await specs.getByLabel("目标日期").fill(addDays(first, 7));
    await specs.getByRole("button", { name: "复制" }).click();
    await expect.poll(() => specs.getByRole("row").count()).toBe(9);
    await screenshot(page, "goods-specs");
    await specs.getByRole("button", { name: "保存" }).click();
    await toastShown(page, "保存成功");
    await specs.waitFor({ state: "detached" });

    // ── on shelf, then a member orders the first slot twice ──
    await page.getByRole("switch", { name: `上架：${name}` }).click();
    await page.getByRole("dialog").getByText("确定要上架该商品吗？").waitFor();
    await page.getByRole("button", { name: "确定" }).click();
    await expect
      .poll(
        async () =>
          (await apiCall(baseURL, token, "GET", `/goods/api/goods/list?goodsName=${encodeURIComponent(name)}`, undefined, { functionId: "2401" })).body.dataList[0]?.status,
      )
      .toBe(1);
    const goodsId = String(
      (await apiCall(baseURL, token, "GET", `/goods/api/goods/list?goodsName=${encodeURIComponent(name)}`, undefined, { functionId: "2401" })).body.dataList[0].id,
    );
    const specList = async () => (await apiCall(baseURL, token, "GET", `/goods/api/goods/speclist?id=${goodsId}`, undefined, { functionId: "2401" })).body.data.specList;
    const slot = (await specList())[0];
    expect([slot.startTime, slot.goodsCount, slot.price]).toEqual([`${first} 09:00:00`, 2, 50]);
    const mp = await member(`e2egoods${n}`);
    const a = (await mp("create", { goodsId, specId: String(slot.id), buyCount: "1" })).body.data;
    const b = (await mp("create", { goodsId, specId: String(slot.id), buyCount: "1" })).body.data;
    expect((await mp("create", { goodsId, specId: String(slot.id), buyCount: "1" })).body.desc).toBe("库存不足");
    expect((await mp("pay", { orderId: String(a.id) })).body.data).toEqual({ completed: true });
    expect((await mp("pay", { orderId: String(b.id) })).body.data).toEqual({ completed: true });

    // ── review and complete one in the console ──
    await open(page, "商品管理", "预约订单");
    await page.getByRole("button", { name: `详情：${a.orderNo}` }).click();
    const detail = page.getByRole("dialog", { name: "订单详情" });
    await detail.getByText("待审核").waitFor();
    await screenshot(page, "goods-order-detail");
    await detail.getByRole("button", { name: "审核", exact: true }).click();
    await detail.getByRole("button", { name: "通过", exact: true }).click();
    await toastShown(page, "操作成功");
    await detail.getByText("待完成").waitFor();
    await detail.getByRole("button", { name: "完成", exact: true }).click();
    await page.getByRole("button", { name: "确定" }).click();
    await detail.getByText("已完成", { exact: true }).waitFor();
    await detail.getByRole("button", { name: "关闭" }).click();

    // ── the other asks a refund; approving it gives the slot back ──
    expect((await mp("refund", { orderId: String(b.id), reason: "改期" })).body.data.status).toBe(6);
    await page.getByRole("button", { name: `详情：${b.orderNo}` }).click();
    await detail.getByText("申请退款").waitFor();
    await detail.getByRole("button", { name: "退款处理" }).click();
    await detail.getByRole("button", { name: "同意退款" }).click();
    await detail.getByText("已退款", { exact: true }).waitFor();
    await screenshot(page, "goods-order-refunded");
    const after = (await specList())[0];
    expect([after.sold, after.left]).toEqual([1, 1]);
    expect(page.errors).toEqual([]);
  });
});
