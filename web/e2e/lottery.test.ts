import { describe, expect, inject, it } from "vitest";
import { browserForFile, openMenu, screenshot, screenTitle, sessionToken, settled } from "./browser.ts";
import { apiCall } from "./api.ts";
import { ADMIN, CLIENT } from "./fixtures/users.ts";

/**
 * Lotteries (issue 22): an activity with three prizes is created in the console, members draw
 * through the mini-program's draw route, and the console shows the summary and the winners and
 * registers a distribution in the 600-wide dialog.
 */
const baseURL = inject("baseURL");
const { loggedIn } = browserForFile(baseURL);

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000 + 8 * 3_600_000).toISOString().slice(0, 10);

/**
 * A mini-program member's token: the sandbox sign-in (XY_SANDBOX=1 under npm start) with an openid of our
 * own, and a mobile bound (a draw needs one, issue 34; the sandbox's fixed code, a new client in the default store).
 */
async function memberToken(openid: string): Promise<string> {
  const r = await (await fetch(`${baseURL}/xiangyu/api/mp/login`, { method: "POST", body: new URLSearchParams({ tenant: CLIENT.clientId, code: `sandbox:${openid}` }) })).json();
  if (r.code !== "200") throw new Error(`member sign-in failed: ${r.desc}`);
  const mobile = `139${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`;
  const bound = await apiCall(baseURL, r.data.access_token, "POST", "/xiangyu/api/mp/bind", { mobile, smsCode: "123456" });
  if (bound.body.code !== "200") throw new Error(`member binding failed: ${bound.body.desc}`);
  return r.data.access_token;
}

describe("lotteries in the console", () => {
  it("creates an activity with three prizes, lets members draw, shows the summary and winners and registers a distribution", { timeout: 240_000 }, async () => {
    const page = await loggedIn(ADMIN);
    await openMenu(page, "抽奖活动", "抽奖活动");
    await expect.poll(() => screenTitle(page).textContent()).toBe("抽奖活动");
    await settled(page);

    // The activity: the form's messages, then a valid one.
    const title = `浏览器抽奖${Date.now() % 100000}`;
    await page.getByRole("button", { name: "新增活动" }).click();
    const form = page.locator("form").filter({ has: page.locator('input[name="title"]') });
    await form.locator('input[name="title"]').waitFor();
    await form.getByRole("button", { name: "保存" }).click();
    await form.getByText("活动标题不能为空").waitFor();
    await form.getByText("开始时间不能为空").waitFor();
    await form.locator('input[name="title"]').fill(title);
    await form.locator('input[name="startTime"]').fill(day(0));
    await form.locator('input[name="endTime"]').fill(day(-1));
    await form.getByRole("button", { name: "保存" }).click();
    await form.getByText("结束时间必须晚于开始时间").waitFor();
    await form.locator('input[name="startTime"]').fill(day(-1));
    await form.locator('input[name="endTime"]').fill(day(10));
    await form.locator('input[name="userJoinLimit"]').fill("2");
    await screenshot(page, "lottery-edit");
    await form.getByRole("button", { name: "保存" }).click();
    await form.waitFor({ state: "detached" });
    const row = page.locator("tr", { hasText: title });
    await row.getByText("进行中").waitFor();

    // Three prizes, the odds preview following the weights.
    await row.getByRole("button", { name: "奖品设置" }).click();
    const prizes = page.getByRole("table").filter({ hasText: "中奖概率" });
    await prizes.waitFor();
    for (const p of [
      { name: "一等奖", price: "500", count: "1", weight: "1", distribute: true },
      { name: "二等奖", price: "50", count: "2", weight: "2", distribute: true },
      { name: "谢谢参与", price: "0", count: "0", weight: "1", distribute: false },
    ]) {
      await page.getByRole("button", { name: "新增奖品" }).click();
      const pf = page.locator("form").filter({ has: page.locator('input[name="prizeName"]') });
      await pf.locator('input[name="prizeName"]').waitFor();
      await pf.locator('input[name="prizeName"]').fill(p.name);
      await pf.locator('input[name="prizePrice"]').fill(p.price);
      await pf.locator('input[name="prizeCount"]').fill(p.count);
      await pf.locator('input[name="lotteryWeight"]').fill(p.weight);
      if (!p.distribute) await pf.getByRole("radio", { name: "否" }).check();
      await pf.getByRole("button", { name: "保存" }).click();
      await pf.waitFor({ state: "detached" });
      await prizes.getByRole("cell", { name: p.name, exact: true }).waitFor();
    }
    await expect.poll(() => prizes.locator("tbody tr").allInnerTexts()).toEqual([expect.stringContaining("25%"), expect.stringContaining("50%"), expect.stringContaining("25%")]);
    await screenshot(page, "lottery-prizes");
    await page.keyboard.press("Escape");
    await prizes.waitFor({ state: "detached" });

    // Members draw through the mini-program's route: 4 members × 2 draws, then a third is refused.
    const staff = (await sessionToken(page))!;
    const list = await apiCall(baseURL, staff, "GET", `/gateway/api/lotter/list?keyword=${encodeURIComponent(title)}`, undefined, { functionId: "1501" });
    const lotteryId = String(list.body.dataList[0].id);
    const tokens = await Promise.all([1, 2, 3, 4].map((i) => memberToken(`e2e-lottery-${Date.now()}-${i}`)));
    const draws = await Promise.all(tokens.flatMap((t) => [1, 2].map(() => apiCall(baseURL, t, "POST", "/gateway/api/lotter/mp/draw", { lotteryId }))));
    expect(draws.map((d) => d.body.code)).toEqual(Array(8).fill("200"));
    const third = await apiCall(baseURL, tokens[0]!, "POST", "/gateway/api/lotter/mp/draw", { lotteryId });
    expect(third.body).toMatchObject({ code: "409", desc: "您的抽奖次数已用完" });
    const won = (name: string) => draws.filter((d) => d.body.data.prizeName === name).length;
    expect(won("一等奖")).toBeLessThanOrEqual(1);
    expect(won("二等奖")).toBeLessThanOrEqual(2);

    // The summary.
    await row.getByRole("button", { name: "抽奖统计" }).click();
    const summary = page.getByRole("table", { name: "抽奖统计" });
    await summary.waitFor();
    await page.getByText("总抽奖次数 8，参与人数 4").waitFor();
    await summary.getByRole("row", { name: new RegExp(`谢谢参与 ${won("谢谢参与")} 不限 ${won("谢谢参与")}/8`) }).waitFor();
    await screenshot(page, "lottery-summary");
    await page.getByRole("button", { name: "关闭" }).last().click();
    await summary.waitFor({ state: "detached" });

    // The winners, and a distribution registered in the 600-wide dialog (8 draws all landing on 谢谢参与,
    // at 25 % each, would happen once in 65,000 runs).
    await row.getByRole("button", { name: "中奖管理" }).click();
    const winners = page.getByRole("table").filter({ hasText: "派奖状态" });
    // Polled: while the page is read the table shows placeholder rows.
    await expect.poll(() => winners.getByText("无需派奖").count()).toBe(won("谢谢参与"));
    await expect.poll(() => winners.locator("tbody tr").count()).toBe(8);
    await screenshot(page, "lottery-winners");
    expect(won("一等奖") + won("二等奖")).toBeGreaterThan(0);
    await winners.getByRole("button", { name: "派奖登记" }).first().click();
    const remark = page.locator('textarea[name="remark"]');
    await remark.waitFor();
    expect(await page.locator('[data-width="600"]').count()).toBe(1);
    const reg = page.locator("form").filter({ has: remark });
    await reg.getByRole("button", { name: "保存" }).click();
    await reg.getByText("请选择派奖状态").waitFor();
    await reg.getByRole("radio", { name: "已派奖" }).check();
    await remark.fill("顺丰 SF0001");
    await screenshot(page, "lottery-distribute");
    await reg.getByRole("button", { name: "保存" }).click();
    await reg.waitFor({ state: "detached" });
    await winners.getByRole("row", { name: /已派奖 顺丰 SF0001/ }).waitFor();
    expect(page.errors).toEqual([]);
  });
});
