import { describe, expect, inject, it } from "vitest";
import { browserForFile, openScreen, screenshot, sessionToken, toastShown } from "./browser.ts";
import { apiCall, apiLogin, newClient, newStaff } from "./api.ts";
import { ADMIN } from "./fixtures/users.ts";
import { EMPTY_STATE } from "@xiangyu/core/workorders/rules";

/**
 * The sales pipeline as staff do it: a store's client is assigned to an inviter (a task), the
 * inviter records the call and the accepted invitation, then the store walks the work order in the
 * panel — presence, purchase in instalments — and registers the final payment with the mismatch
 * confirmation (R274). The assignment and the inviter's first call go through the API as the
 * inviter would; every step after it is the console.
 */
const baseURL = inject("baseURL");
const { loggedIn } = browserForFile(baseURL);

describe("work orders", () => {
  it("assigns, invites, appoints, records presence, buys in instalments and registers the final payment", { timeout: 300_000 }, async () => {
    const n = String(Date.now() % 100_000_000).padStart(8, "0");
    const name = `工单${n.slice(-4)}`;
    const page = await loggedIn(ADMIN);
    const token = (await sessionToken(page))!;
    const client = await newClient(baseURL, token, { clientName: name, mobile: `139${n}`, status: "1" });
    const shop = client.shop;
    const user = await newStaff(baseURL, token, { role: "inviter", mobile: `137${n}`, realname: `电邀员${n.slice(-3)}`, password: "Invite@12345x", shop });
    const task = await apiCall(
      baseURL,
      token,
      "POST",
      "/xiangyu/api/client/savebookingclient",
      { shop, bookingUser: String(user.id), bookingstoreclient: String(client.id) },
      { functionId: "2102" },
    );
    expect(task.body?.code).toBe("200");

    // The task list and its form: the transfer list shows the client as chosen.
    await openScreen(page, "电邀工单", "电邀任务");
    await page.getByRole("button", { name: `编辑：任务${task.body.data.id}` }).click();
    const form = page.getByRole("dialog", { name: "编辑电邀任务" });
    await form.getByText("已选客户").waitFor();
    await form.getByText(new RegExp(`${name}.*从未电邀`)).waitFor();
    await screenshot(page, "workorders-task-form");
    await form.getByRole("button", { name: "取消" }).click();

    // The inviter's call: an accepted invitation (1122), recorded as a remark record.
    const inviter = await apiLogin(baseURL, user);
    const invited = await apiCall(
      baseURL,
      inviter,
      "POST",
      "/xiangyu/api/client/workorder/workordersave",
      {
        // A work-order save is a whole record: every question sent, blank where unanswered.
        ...Object.fromEntries(Object.keys(EMPTY_STATE).map((k) => [k, ""])),
        clientId: String(client.id),
        isAppointment: "1",
        appointmentTime: "2026-12-24 10:00:00",
        appointmentAdrress: "天河展厅",
        recordType: "接通",
        recordRemark: "周四上午到店",
      },
      { functionId: "2101" },
    );
    expect(invited.body?.code).toBe("200");

    // The store walks it in the panel.
    await openScreen(page, "电邀工单", "电邀工单");
    await page.getByLabel("工单状态").selectOption("1122");
    await page.getByLabel("应邀日期").waitFor();
    const row = page.getByRole("row", { name: new RegExp(name) });
    await row.getByText("已应邀待到场").waitFor();
    await screenshot(page, "workorders-list");
    await row.getByRole("button", { name: `编辑：${name}` }).click();
    let panel = page.getByRole("dialog", { name: new RegExp(`电邀工单 · ${name}`) });
    await panel.getByText("到场信息").waitFor();
    await panel.getByRole("button", { name: "保存", exact: true }).click();
    await panel.getByText("未确定是否到场").waitFor();
    await panel.getByLabel("是否到场").selectOption("1");
    await panel.getByRole("button", { name: "保存", exact: true }).click();
    await panel.getByText("未选择是否合格").waitFor();
    await panel.getByLabel("是否合格").selectOption("1");
    await screenshot(page, "workorders-panel-presence");
    await panel.getByRole("button", { name: "保存", exact: true }).click();
    await panel.waitFor({ state: "detached" });

    await page.getByLabel("工单状态").selectOption("2112");
    await row.getByText("到场未购买").waitFor();
    await row.getByRole("button", { name: `编辑：${name}` }).click();
    panel = page.getByRole("dialog", { name: new RegExp(`电邀工单 · ${name}`) });
    await panel
      .getByRole("note")
      .getByText(/请确认客户已完成付款/)
      .waitFor();
    await panel.getByLabel("是否购买").selectOption("1");
    await panel.getByRole("button", { name: "保存", exact: true }).click();
    await panel.getByText("未选择产品").waitFor();
    await panel.getByLabel("产品", { exact: true }).selectOption({ index: 1 });
    await panel.getByLabel("支付方式").selectOption({ index: 1 });
    await panel.getByLabel("是否分期").selectOption("1");
    await panel.getByLabel("支付金额", { exact: true }).fill("30000");
    await panel.getByLabel("首次支付金额").fill("40000");
    await panel.getByRole("button", { name: "保存", exact: true }).click();
    await panel.getByText("首次支付金额不能大于支付金额").waitFor();
    await panel.getByLabel("首次支付金额").fill("10000");
    await screenshot(page, "workorders-panel-purchase");
    await panel.getByRole("button", { name: "保存", exact: true }).click();
    await toastShown(page, "保存成功");
    await panel.waitFor({ state: "detached" });

    // Bought: locked, read-only, final payment with the mismatch confirmation.
    await page.getByLabel("工单状态").selectOption("3111");
    await row.getByText("已购买").waitFor();
    await row.getByRole("button", { name: `编辑：${name}` }).click();
    panel = page.getByRole("dialog", { name: new RegExp(`电邀工单 · ${name}`) });
    await panel.getByText("待收银审核").waitFor();
    await panel.getByRole("button", { name: "保存", exact: true }).waitFor({ state: "detached" });
    await screenshot(page, "workorders-panel-bought");
    await panel.getByRole("button", { name: "未支付，去处理" }).click();
    const pay = page.getByRole("dialog", { name: "尾款处理" });
    await pay.getByLabel("尾款金额").fill("");
    await pay.getByRole("button", { name: "完成支付" }).click();
    await pay.getByText("未填写金额").waitFor();
    await pay.getByLabel("尾款金额").fill("19000");
    await pay.getByRole("button", { name: "完成支付" }).click();
    await page.getByText("支付的金额与订单金额的尾款不一致，是否继续完成支付处理？").waitFor();
    await screenshot(page, "workorders-final-confirm");
    await page.getByRole("button", { name: "确定" }).click();
    await toastShown(page, "处理完成");

    // The work order as the client screens read it (电邀记录, the per-client table): the call and the paid final payment.
    const view = await apiCall(baseURL, token, "GET", `/xiangyu/api/client/workorder/workorderview?clientId=${client.id}`, undefined, { functionId: "2001" });
    expect(view.body.data).toMatchObject({ code: "3111", buyInfo: { status: 1, isInstallment: 1, finalPayAmount: 19000 } });
    expect(view.body.data.remarkInfo[0]).toMatchObject({ remarkType: 1, recordType: "接通", remark: "周四上午到店" });
    expect(page.errors).toEqual([]);
  });
});
