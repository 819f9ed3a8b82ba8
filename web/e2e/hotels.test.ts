import { describe, expect, inject, it } from "vitest";
import type { Locator } from "playwright-core";
import { browserForFile, openMenu, screenshot, screenTitle, sessionToken, settled, toastShown, type WatchedPage } from "./browser.ts";
import { apiCall, apiLogin } from "./api.ts";
import { ADMIN } from "./fixtures/users.ts";
import { smallPng } from "./fixtures/hotelsPicture.ts";
import { today as businessToday } from "@xiangyu/core/kernel/clock";

/**
 * The hotels issue's done-when, as staff do it: a discount hotel with a picture, two rooms, a week of
 * room status through the sync box, next month's Fridays and Saturdays priced in the calendar, and
 * the availability on the status screen.
 */
const baseURL = inject("baseURL");
const { loggedIn } = browserForFile(baseURL);

/** Business dates are Asia/Shanghai days. */
const utcDay = (d: Date) => d.toISOString().slice(0, 10);

/** Next month's Fridays and Saturdays, and its last Monday (beyond the week of status the test sets from today, even on a month's last day). */
function nextMonthDays(today: string) {
  const [y, m] = today.split("-").map(Number) as [number, number];
  const first = new Date(Date.UTC(y, m, 1));
  const days: Date[] = [];
  for (const d = new Date(first); d.getUTCMonth() === first.getUTCMonth(); d.setUTCDate(d.getUTCDate() + 1)) days.push(new Date(d));
  return {
    month: utcDay(first).slice(0, 7),
    weekend: days.filter((d) => d.getUTCDay() === 5 || d.getUTCDay() === 6).map(utcDay),
    monday: utcDay(days.filter((d) => d.getUTCDay() === 1).at(-1)!),
  };
}

async function addRoom(page: WatchedPage, rooms: Locator, roomName: string) {
  await rooms.getByRole("button", { name: "新增客房" }).click();
  const form = page.getByRole("dialog", { name: "新增客房" });
  await form.getByLabel("客房名称").fill(roomName);
  await form.getByLabel("床型规格").fill("1.8米大床");
  await form.getByRole("button", { name: "保存" }).click();
  await form.waitFor({ state: "detached" });
  await rooms.getByRole("cell", { name: roomName, exact: true }).waitFor();
}

describe("hotels", () => {
  it("creates a hotel with a picture and rooms, sets room status and calendar prices, and shows availability", { timeout: 180_000 }, async () => {
    const hotelName = `测试酒店${Date.now() % 1_000_000}`;
    const today = businessToday();
    const next = nextMonthDays(today);
    const page = await loggedIn(ADMIN);

    // The hotel, with one uploaded picture; the type is preset by 折扣酒店 and locked.
    await openMenu(page, "酒店管理", "折扣酒店");
    await expect.poll(() => screenTitle(page).textContent()).toBe("折扣酒店");
    await settled(page);
    await page.getByRole("button", { name: "新增酒店" }).click();
    const form = page.getByRole("dialog", { name: "新增酒店" });
    await form.getByLabel("酒店名称").waitFor();
    await expect(form.getByRole("radio", { name: "折扣酒店" }).isChecked()).resolves.toBe(true);
    await expect(form.getByRole("radio", { name: "会员酒店" }).isDisabled()).resolves.toBe(true);
    await form.getByRole("button", { name: "保存" }).click();
    await form.getByText("酒店名称不能为空").waitFor();
    await form.getByText("未指定会员等级").waitFor();
    await form.getByLabel("酒店名称").fill(hotelName);
    await form.getByLabel("会员等级").selectOption({ label: "普通会员" });
    await form.getByLabel("酒店地址").fill("广州市天河区测试路1号");
    await form.getByTestId("image-file").first().setInputFiles({ name: "hotel.png", mimeType: "image/png", buffer: smallPng() });
    await form.getByRole("img", { name: "图片1" }).waitFor();
    await form.getByRole("button", { name: "保存" }).click();
    await form.waitFor({ state: "detached" });
    const hotelRow = page.getByRole("row", { name: new RegExp(hotelName) });
    await hotelRow.waitFor();

    const token = (await sessionToken(page)) ?? (await apiLogin(baseURL, ADMIN));
    const listed = await apiCall(baseURL, token, "POST", "/xiangyu/api/hotel/hotellist", { keyword: hotelName }, { functionId: "1602" });
    const hotel = listed.body.dataList[0] as { id: number; hotelType: number };
    expect(hotel.hotelType).toBe(2);
    const view = await apiCall(baseURL, token, "GET", `/xiangyu/api/hotel/hotelview?id=${hotel.id}`, undefined, { functionId: "1602" });
    expect(JSON.parse(view.body.data.picJson)).toHaveLength(1);

    // Two rooms in the 1200-wide dialog titled with the hotel's name; a nameless room is refused.
    await hotelRow.getByRole("button", { name: "客房设置" }).click();
    const rooms = page.getByRole("dialog", { name: hotelName });
    await rooms.getByRole("button", { name: "新增客房" }).click();
    const empty = page.getByRole("dialog", { name: "新增客房" });
    await empty.getByRole("button", { name: "保存" }).click();
    await empty.getByText("名称不能为空").waitFor();
    await toastShown(page, "部分必填项没填写");
    await empty.getByRole("button", { name: "取消" }).click();
    await addRoom(page, rooms, "测试大床房");
    await addRoom(page, rooms, "测试双床房");

    // A week of status for one room: today to a week later by default, one row typed, the sync box copies it.
    await rooms
      .getByRole("row", { name: /测试大床房/ })
      .getByRole("button", { name: "设置房态" })
      .click();
    const editor = page.getByRole("dialog", { name: /设置房态/ });
    await editor.getByLabel(`房间数 ${today}`).waitFor();
    await expect(editor.getByLabel(/^房间数 /).count()).resolves.toBe(8);
    await editor.getByRole("button", { name: "保存" }).click();
    await toastShown(page, "必须设置一个或以上的时间房态。");
    await editor.getByLabel(/同步/).check();
    await editor.getByLabel(`房间数 ${today}`).fill("5");
    await editor.getByLabel(`房价 ${today}`).fill("300");
    expect(await editor.getByLabel(/^房间数 /).evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value))).toEqual(Array(8).fill("5"));
    await screenshot(page, "hotels-e2e-status-editor");
    await editor.getByRole("button", { name: "保存" }).click();
    await toastShown(page, "保存成功");
    await page.keyboard.press("Escape");
    await editor.waitFor({ state: "detached" });
    await page.keyboard.press("Escape");
    await rooms.waitFor({ state: "detached" });

    // The calendar: every Friday and Saturday of next month, both rooms, 3 rooms at 450 yuan.
    await hotelRow.getByRole("button", { name: "房态日历" }).click();
    const calendar = page.getByRole("dialog", { name: /房态日历/ });
    await calendar.getByRole("table", { name: "房态日历" }).waitFor();
    await calendar.getByRole("button", { name: "下月 ›" }).click();
    await expect.poll(() => calendar.getByLabel("月份").inputValue()).toBe(next.month);
    await calendar.getByLabel("周五").check();
    await calendar.getByLabel("周六").check();
    await calendar.getByLabel("批量房间数").fill("3");
    await calendar.getByLabel("批量房价").fill("450");
    await calendar.getByRole("button", { name: "批量设置" }).click();
    await toastShown(page, `已设置${2 * next.weekend.length}个房态`);
    const cell = (date: string) => calendar.locator(`td[data-date="${date}"]`);
    await expect.poll(() => cell(next.weekend[0]!).first().textContent()).toBe("3/3¥450");
    expect(await cell(next.weekend.at(-1)!).allTextContents()).toEqual(["3/3¥450", "3/3¥450"]);
    expect(await cell(next.monday).allTextContents()).toEqual(["—", "—"]);
    await screenshot(page, "hotels-e2e-calendar");

    // The browser speaks English (browser.ts), the pickers Chinese only: the month panel and the
    // range's two months with 一 … 日 heads; Escape closes a panel, not the calendar dialog.
    const [year, month] = next.month.split("-").map(Number);
    const english = /January|February|March|April|May|June|July|August|September|October|November|December|\b(Mon|Tue|Wed|Thu|Fri|Sat|Sun|Mo|Tu|We|Th|Fr|Sa|Su)\b/;
    await calendar.getByLabel("月份", { exact: true }).click();
    const monthPanel = page.getByRole("dialog", { name: "月份月份选择" });
    await expect.poll(() => monthPanel.textContent()).toContain(`${year}年`);
    expect(await monthPanel.textContent()).toMatch(/1月2月3月.*12月.*本月上月/);
    expect(await monthPanel.textContent()).not.toMatch(english);
    await page.keyboard.press("Escape");
    await monthPanel.waitFor({ state: "detached" });
    await calendar.getByRole("group", { name: "设置日期范围" }).getByLabel("开始日期").click();
    const rangePanel = page.getByRole("dialog", { name: "设置日期范围日历" });
    await expect.poll(() => rangePanel.textContent()).toContain(`${year}年${month}月`);
    expect(await rangePanel.locator("thead").first().locator("th").allTextContents()).toEqual(["一", "二", "三", "四", "五", "六", "日"]);
    expect(await rangePanel.textContent()).not.toMatch(english);
    await screenshot(page, "hotels-e2e-calendar-range-picker");
    await page.keyboard.press("Escape");
    await rangePanel.waitFor({ state: "detached" });
    await page.keyboard.press("Escape");
    await calendar.waitFor({ state: "detached" });

    // The status screen: today's availability of the hotel and its rooms, and the last day set.
    await openMenu(page, "酒店管理", "折扣酒店房态房价");
    await expect.poll(() => screenTitle(page).textContent()).toBe("折扣酒店房态房价");
    await page.getByRole("searchbox", { name: "关键字" }).fill(hotelName);
    await page.getByRole("button", { name: "查询" }).click();
    const roomLine = page.getByRole("row", { name: /测试大床房/ });
    await roomLine.waitFor();
    const cells = async (row: Locator) => (await row.getByRole("cell").allTextContents()).map((t) => t.trim());
    const [, , todayCell, , , lastCell] = await cells(roomLine);
    expect(todayCell).toBe("5/5¥300");
    expect(lastCell).toBe(`${next.weekend.at(-1)!.slice(5)}3/3¥450`);
    const hotelCells = await cells(page.getByRole("row", { name: new RegExp(hotelName) }));
    expect(hotelCells[2]).toBe("5/5¥300");
    expect(hotelCells[5]).toContain("6/6¥450");
    await screenshot(page, "hotels-e2e-status");
    expect(page.errors).toEqual([]);
  });
});
