import * as v from "valibot";
import { headOffice } from "@xiangyu/core/kernel/context";
import { readTotal } from "@xiangyu/core/kernel/counters";
import { formatDateTime, nowMs } from "@xiangyu/core/kernel/clock";
import { LOTTERY_TOTAL, saveLottery } from "@xiangyu/core/lottery/activities";
import { savePrize } from "@xiangyu/core/lottery/prizes";
import { drawPrize } from "@xiangyu/core/lottery/drawing";
import { saveDistribution } from "@xiangyu/core/lottery/records";
import { LotteryInput, PrizeInput, RecordSaveInput } from "@xiangyu/core/lottery/schemas";
import { MobileUser } from "@xiangyu/core/users/entities";
import { since, type Log } from "./progress.ts";

/**
 * The demo tenant's lotteries (issue 22): one running activity with four prizes ("谢谢参与"
 * included) that the first mobile users have drawn in, one distribution registered, and one ended
 * activity, so the list, the three modals and the export all show something at once. Everything
 * goes through the services the console and the draw route use.
 */
const DAY = 86_400_000;

export async function seedLottery(tenantId: string, log: Log): Promise<void> {
  // Seeded once: a tenant with an activity keeps what its staff made.
  if ((await readTotal(tenantId, LOTTERY_TOTAL)) > 0) return;
  const t0 = Date.now();
  const caller = headOffice(tenantId, { username: "admin", realname: "系统管理员" });
  await saveLottery(
    caller,
    v.parse(LotteryInput, {
      title: "国庆会员抽奖",
      startTime: formatDateTime(nowMs() - 60 * DAY),
      endTime: formatDateTime(nowMs() - 50 * DAY),
      userJoinLimit: 1,
      content: "<p>国庆期间登录小程序即可参与抽奖。</p>",
      idisplay: 1,
    }),
  );
  const running = await saveLottery(
    caller,
    v.parse(LotteryInput, {
      title: "年终会员幸运大抽奖",
      startTime: formatDateTime(nowMs() - 3 * DAY),
      endTime: formatDateTime(nowMs() + 30 * DAY),
      userJoinLimit: 3,
      participantsNumber: 1000,
      bgColor: "#ae0026",
      color: "#ffffff",
      content: "<h2>活动规则</h2><p>活动期间每位会员可抽奖 3 次，中奖后请留意客服联系，实物奖品将在 7 个工作日内寄出。</p>",
      idisplay: 1,
    }),
  );
  const prizes = [
    { prizeName: "一等奖", prizePrice: 5999, prizeCount: 1, lotteryWeight: "1", hasDistribute: 1, prizeTips: "恭喜您获得一等奖：智能手机一部" },
    { prizeName: "二等奖", prizePrice: 688, prizeCount: 5, lotteryWeight: "5", hasDistribute: 1, prizeTips: "恭喜您获得二等奖：会员酒店房券一张" },
    { prizeName: "三等奖", prizePrice: 100, prizeCount: 50, lotteryWeight: "30", hasDistribute: 1, prizeTips: "" },
    { prizeName: "谢谢参与", prizePrice: 0, prizeCount: 0, lotteryWeight: "64", hasDistribute: 0, prizeTips: "谢谢参与，祝您好运" },
  ];
  for (const p of prizes) await savePrize(caller, v.parse(PrizeInput, { lotteryId: running.id, ...p }));
  const { data: members } = await MobileUser.query.byId({ tenantId }).go({ limit: 12 });
  let registered = false;
  for (const m of members) {
    for (let i = 0; i < 2; i++) {
      const r = await drawPrize({ tenantId, mobileUserId: m.id, userId: m.userId, clientId: m.clientId ?? 0, realname: m.realname ?? "", mobile: m.mobile ?? "" }, running.id);
      if (r.hasDistribute === 1 && !registered) {
        await saveDistribution(caller, v.parse(RecordSaveInput, { id: r.recordId, status: 1, remark: "顺丰 SF1234567890" }));
        registered = true;
      }
    }
  }
  log(`lotteries: 2, ${members.length * 2} draws (${since(t0)})`);
}
