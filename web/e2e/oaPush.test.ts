import { describe, expect, inject, it } from "vitest";
import { browserForFile, duplicateIds, openScreen, screenshot, settled } from "./browser.ts";
import { apiCall, apiLogin, newClient, newRole, newStaff } from "./api.ts";
import { bindThroughScanPage, openBindingPage } from "./oaSteps.ts";
import { approveProxyOrder } from "./reviewSteps.ts";
import { ADMIN, CLIENT } from "./fixtures/users.ts";
import { addDays } from "@xiangyu/core/hotels/nights";
import { today } from "@xiangyu/core/kernel/clock";

/**
 * Issue 19's combined story: a staff member binds their official account through the sandbox
 * WeChat's scan page (已成功绑定微信公众号), then, as the reviewer, approves on 代客订单 a booking of a
 * client who signed in through the demo mini-program; the push job (the local scheduler, every few
 * seconds) sends the 酒店订单审核 message through the sandbox WeChat port, and 消息推送记录 shows it
 * 成功 (the messagepushStatus label, docs/gaps.md). An order reviewed goes to the client's bound account:
 * the mini-program openid their sign-in gave (platform/push/enqueue.ts); a staff member's official
 * account receives the events addressed to staff (a work-order appointment, the inviter).
 * The message is this test's by its recipient, an openid made here. The template form and the
 * binding's single-use key are messagepush.test.ts's and oaBinding.test.ts's.
 */
const baseURL = inject("baseURL");
const browser = browserForFile(baseURL);
const FN = { templates: "1111", orders: "1704", mobileUsers: "2303" };

describe("official account, order review and message push", () => {
  it("a bound reviewer approves a mini-program member's booking; the push list shows its message sent", { timeout: 300_000 }, async () => {
    const stamp = Date.now().toString(36);
    const digits = String(Date.now()).slice(-8);
    const admin = await apiLogin(baseURL, ADMIN);
    const call = async (method: "GET" | "POST", path: string, form: Record<string, string> | undefined, functionId: string) => {
      const r = await apiCall(baseURL, admin, method, path, form, { functionId });
      return r.body;
    };

    // Behind the browser's back: the template for order reviews, so this test does not depend on another's.
    const tempId = `WX-OAPUSH-${stamp}`;
    const template = await call(
      "POST",
      "/gateway/api/messagepush/config/save",
      {
        tempName: "订单审核通知",
        tempId,
        event: "orderReviewed",
        weixinTemp: '{"first":"${touser}，您的订单已审核","keyword1":"${address}","keyword2":"${msgTime}"}',
        smsTemp: "${touser}您好，您在${address}的订单已审核。",
      },
      FN.templates,
    );
    expect(template.code, template.desc).toBe("200");

    // The reviewer: binds an official account (绑定公众号), reads the push list and reviews bookings.
    const role = await newRole(baseURL, admin, { name: `公众号复核${stamp}`, rights: { "1109": "R", "1110": "R", "1704": "AEPR" }, dataScope: "all" });
    const reviewer = await newStaff(baseURL, admin, { role, mobile: `135${digits}`, realname: "公众号复核员", password: "Review@2026x", shop: "" });

    // The client: signs in through the demo mini-program (the tenant's only enabled one), and staff bind that mobile user to them.
    const memberOpenId = `oPush${stamp}`;
    const login = await (
      await fetch(`${baseURL}/xiangyu/api/mp/login`, { method: "POST", body: new URLSearchParams({ tenant: CLIENT.clientId, code: `sandbox:${memberOpenId}` }) })
    ).json();
    expect(login.code, login.desc).toBe("200");
    const clientName = `推送会员${stamp.slice(-4)}`;
    const client = await newClient(baseURL, admin, { clientName, mobile: `136${digits}`, status: "2" });
    const bound = await call("POST", "/gateway/api/manage/users/m/bind", { id: String(login.data.mobileUserId), clientId: String(client.id) }, FN.mobileUsers);
    expect(bound.code, bound.desc).toBe("200");

    // Their booking at a discount hotel (paid in money at the desk: no stored weeks needed), placed by the administrator.
    const hotels = (await call("GET", "/xiangyu/api/hotel/allhotel", undefined, FN.orders)).dataList as { id: number; hotelName: string; hotelType: number }[];
    const checkIn = addDays(today(), 35);
    const checkOut = addDays(checkIn, 1);
    let orderId = 0;
    let hotelName = "";
    const refusals: string[] = [];
    for (const h of hotels.filter((x) => x.hotelType === 2)) {
      const rooms = (await call("GET", `/xiangyu/api/hotel/app/rooms?hotelId=${h.id}&checkInDate=${checkIn}&checkOutDate=${checkOut}`, undefined, FN.orders)).dataList as {
        id: number;
        freeCount: number;
      }[];
      const room = rooms.find((r) => r.freeCount > 0);
      if (!room) continue;
      const r = await call(
        "POST",
        "/xiangyu/api/order/createhotelorder",
        { clientId: String(client.id), hotelId: String(h.id), roomId: String(room.id), checkInDate: checkIn, checkOutDate: checkOut, roomCount: "1" },
        FN.orders,
      );
      if (r.code === "200") {
        orderId = r.data.id;
        hotelName = h.hotelName;
        break;
      }
      refusals.push(`${h.hotelName}: ${r.desc}`);
    }
    expect(orderId, `a discount hotel of the demo takes the booking (${refusals.join("; ")})`).toBeGreaterThan(0);

    // In the console: the reviewer binds their official account through the sandbox's scan page.
    const staff = await browser.loggedIn(reviewer);
    await openBindingPage(staff);
    const phone = await browser.freshPage();
    await bindThroughScanPage(staff, phone, `oStaff${stamp}`, "oapush");

    // Then approves the booking on 代客订单.
    await approveProxyOrder(staff, orderId);
    await screenshot(staff, "oapush-order-approved");

    // 消息推送记录: the message to the client's mini-program openid, sent by the scheduled push job (every 5 s locally).
    await openScreen(staff, "平台配置", "消息推送记录");
    // The review's message (placing the order pushed 酒店订单提交 to the member too, issue 34).
    const row = staff.getByRole("row").filter({ hasText: memberOpenId }).filter({ hasText: "酒店订单审核" });
    await expect
      .poll(
        async () => {
          // The list is cached while it stays on screen: a reload reads it again.
          await staff.reload();
          await settled(staff);
          return (await row.count()) > 0 ? await row.first().getByRole("cell", { name: "成功", exact: true }).count() : 0;
        },
        { timeout: 60_000, interval: 2000 },
      )
      .toBe(1);
    expect(await row.count()).toBe(1);
    // The type's name comes from the pushType list, which may arrive after the rows.
    await expect.poll(() => row.textContent()).toContain("微信模板");
    const text = (await row.textContent()) ?? "";
    for (const part of [`${clientName}，您的订单已审核`, hotelName, "酒店订单审核", clientName]) expect(text).toContain(part);
    await screenshot(staff, "oapush-list-sent");
    expect(await duplicateIds(staff)).toEqual([]);

    // Filtered to 成功 and 微信模板 it is there; 失败 shows nothing of it.
    await staff.getByRole("combobox", { name: "推送状态" }).selectOption({ label: "成功" });
    await staff.getByRole("combobox", { name: "推送方式" }).selectOption({ label: "微信模板" });
    await staff.getByRole("button", { name: "查询" }).click();
    await settled(staff);
    await row.waitFor();
    await staff.getByRole("combobox", { name: "推送状态" }).selectOption({ label: "失败" });
    await staff.getByRole("button", { name: "查询" }).click();
    await settled(staff);
    await expect.poll(() => row.count()).toBe(0);

    // What the sandbox WeChat port recorded as sent: this template, to that openid.
    await staff.getByRole("button", { name: "沙箱发件记录" }).click();
    const sandbox = staff.getByRole("dialog", { name: "沙箱发件记录" });
    await sandbox.getByRole("row").filter({ hasText: tempId }).filter({ hasText: memberOpenId }).first().waitFor();
    await screenshot(staff, "oapush-sandbox");
    expect(staff.errors.filter((e) => !/status of 4\d\d/.test(e))).toEqual([]);
  });
});
