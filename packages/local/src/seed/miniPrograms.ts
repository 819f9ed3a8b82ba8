import * as v from "valibot";
import { headOffice } from "@xiangyu/core/kernel/context";
import { formatDateTime } from "@xiangyu/core/kernel/clock";
import { MpMember } from "@xiangyu/core/platform/mp/entities";
import { miniProgramsOf } from "@xiangyu/core/platform/mp/receivers";
import { MpConfigInput, PayconfigInput } from "@xiangyu/core/platform/mp/schemas";
import { saveMpConfig, savePayconfig } from "@xiangyu/core/platform/mp/service";
import { OrgNode } from "@xiangyu/core/org/entities";
import { MobileUser } from "@xiangyu/core/users/entities";
import { itemsOf, putItems } from "./batchPut.ts";
import { since, type Log } from "./progress.ts";

/**
 * The demo tenant's mini-program (issue 19): members sign in through it (`POST /xiangyu/api/mp/login`
 * takes the tenant's only enabled one, docs/api.md), 小程序管理 lists it, and its profit-sharing
 * receivers are the ones the finance area pays. Written through the services the console uses, so
 * the AppSecret is sealed for the tenant exactly as 账户配置 seals it. The seeded mobile users (the
 * clients bound to the mini-program) are its members, under the openid they sign in with, so the
 * OPENID lookup finds them.
 */
const DEMO_MINI_PROGRAM = { appId: "wxdemo00000000000001", mpName: "享域会员" } as const;

export async function seedMiniPrograms(tenantId: string, log: Log): Promise<void> {
  // A tenant with a mini-program keeps what its staff configured.
  if ((await miniProgramsOf(tenantId)).length > 0) return;
  const t0 = Date.now();
  const caller = headOffice(tenantId, { username: "admin", realname: "系统管理员", sessionId: "seed" });
  const { data: depts } = await OrgNode.query.byCode({ tenantId, orgType: "dept" }).go({ pages: "all" });
  const store = depts.filter((d) => d.orgCode.length === 6).sort((a, b) => a.orgCode.localeCompare(b.orgCode))[0];
  const mp = await saveMpConfig(
    caller,
    v.parse(MpConfigInput, {
      ...DEMO_MINI_PROGRAM,
      shop: store?.orgCode ?? "0",
      menuCode: "home",
      content: "享域酒店会员俱乐部：会员酒店预订、房券、积分商城与会员活动。",
      bgColor: "#ae0026",
      contactTips: "客服热线 400-800-0000",
      buyTips: "购买后请在有效期内使用",
      idisplay: 1,
    }),
  );
  // Every party takes part, so the demo's membership purchases still share to group, agent and channel (finance/profitSharing).
  await savePayconfig(
    caller,
    // A whole-record save: every field is sent, the merchant's blank (the sandbox pays).
    v.parse(PayconfigInput, {
      id: mp.id,
      secret: "demo-mini-program-app-secret",
      mchId: "",
      mchName: "",
      secretNumber: "",
      apiV3Key: "",
      certPath: "",
      publickeyId: "",
      publicKeyPath: "",
      groupType: "MERCHANT_ID",
      groupName: "享域集团",
      groupAccount: "1900000001",
      agentType: "MERCHANT_ID",
      agentName: "华南代理",
      agentAccount: "1900000002",
      channelType: "PERSONAL_OPENID",
      channelName: "线上渠道",
      channelAccount: "oDemoChannel0001",
    }),
  );
  const { data: users } = await MobileUser.query.byId({ tenantId }).go({ pages: "all", attributes: ["id", "userId"] });
  const joinTime = formatDateTime();
  await putItems(itemsOf(users.map((u) => MpMember.put({ tenantId, appId: mp.appId, mobileUserId: u.id, openId: u.userId, joinTime }))), "mini-program members");
  log(`mini-program ${mp.appId}: ${users.length} members (${since(t0)})`);
}
