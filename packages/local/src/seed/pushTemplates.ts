import * as v from "valibot";
import { headOffice } from "@xiangyu/core/kernel/context";
import { readTotal } from "@xiangyu/core/kernel/counters";
import { PushTemplateInput } from "@xiangyu/core/platform/push/schemas";
import { savePushTemplate } from "@xiangyu/core/platform/push/templates";
import { since, type Log } from "./progress.ts";

/**
 * The demo tenant's push templates (issue 19), one per business event, so on a fresh `npm start`
 * placing, reviewing, cancelling or refunding a booking sends its WeChat message to the client's mini-program account
 * and a work-order appointment reaches the inviter (their official account once bound, else SMS):
 * the push job sends them through the sandbox ports and 消息推送记录 lists them. Saved through the
 * service the template form uses.
 */
const TEMPLATES = [
  {
    tempName: "订单提交通知",
    tempId: "DEMO-ORDER-PLACED",
    event: "orderPlaced",
    weixinTemp: '{"first":"${touser}，您的酒店订单已提交","keyword1":"${address}","keyword2":"${msgTime}"}',
    smsTemp: "${touser}您好，您在${address}的酒店订单已提交。",
  },
  {
    tempName: "订单审核通知",
    tempId: "DEMO-ORDER-REVIEWED",
    event: "orderReviewed",
    weixinTemp: '{"first":"${touser}，您的酒店订单已审核","keyword1":"${address}","keyword2":"${msgTime}"}',
    smsTemp: "${touser}您好，您在${address}的酒店订单已审核。",
  },
  {
    tempName: "订单取消通知",
    tempId: "DEMO-ORDER-CANCELLED",
    event: "orderCancelled",
    weixinTemp: '{"first":"${touser}，您的酒店订单已取消","keyword1":"${address}","keyword2":"${msgTime}"}',
    smsTemp: "${touser}您好，您在${address}的酒店订单已取消。",
  },
  {
    tempName: "订单退款通知",
    tempId: "DEMO-ORDER-REFUNDED",
    event: "orderRefunded",
    weixinTemp: '{"first":"${touser}，您的酒店订单已退款","keyword1":"${address}","keyword2":"${msgTime}"}',
    smsTemp: "${touser}您好，您在${address}的酒店订单已退款。",
  },
  {
    tempName: "工单预约提醒",
    tempId: "DEMO-WORKORDER-APPOINTED",
    event: "workOrderAppointed",
    weixinTemp: '{"first":"${touser}，您有新的客户预约","keyword1":"${address}","keyword2":"${msgTime}"}',
    smsTemp: "${touser}您好，客户已预约${msgTime}到访${address}。",
  },
];

export async function seedPushTemplates(tenantId: string, log: Log): Promise<void> {
  // Seeded once (templates.ts keeps this total): a tenant with templates keeps what its staff made.
  if ((await readTotal(tenantId, "pushTemplate")) > 0) return;
  const t0 = Date.now();
  const caller = headOffice(tenantId, { username: "admin", realname: "系统管理员", sessionId: "seed" });
  for (const t of TEMPLATES) await savePushTemplate(caller, v.parse(PushTemplateInput, t));
  log(`push templates: ${TEMPLATES.length} (${since(t0)})`);
}
