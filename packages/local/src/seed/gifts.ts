import * as v from "valibot";
import { Client } from "@xiangyu/core/clients/entities";
import { GiftWeek } from "@xiangyu/core/weeks/entities";
import { GiftWeekInput } from "@xiangyu/core/weeks/schemas";
import { saveGiftWeek } from "@xiangyu/core/weeks/giftWeeks";
import { GiftInput } from "@xiangyu/core/vouchers/schemas";
import { saveGift } from "@xiangyu/core/vouchers/gifts";
import { formatDate, nowMs } from "@xiangyu/core/kernel/clock";
import { headOffice } from "@xiangyu/core/kernel/context";
import { since } from "./progress.ts";

/**
 * Demo gifts waiting for review (the workbench's to-dos and the two gift screens have work on them):
 * three gift weeks and two gift voucher batches for members of the first stores, made through the
 * services as staff would, so the lists' and the workbench's kept totals move with them. A no-op when
 * the tenant has gift weeks.
 */
export async function seedGifts(tenantId: string, log: (s: string) => void = () => undefined): Promise<void> {
  const t0 = Date.now();
  if ((await GiftWeek.query.byId({ tenantId }).go({ limit: 1 })).data.length) return;
  const members = (await Client.query.byId({ tenantId }).go({ limit: 40 })).data.filter((c) => c.status === 2).slice(0, 5);
  if (members.length < 5) return;
  const staff = headOffice(tenantId, { userId: 1, username: "admin", realname: "管理员" });
  const inDays = (d: number) => formatDate(nowMs() + d * 86_400_000);
  for (const [i, c] of members.slice(0, 3).entries())
    await saveGiftWeek(
      staff,
      v.parse(GiftWeekInput, { clientId: String(c.id), giftCount: String(i + 1), giftDuration: inDays(365), remark: ["周年回馈", "老带新奖励", "投诉补偿"][i] }),
    );
  for (const [i, c] of members.slice(3).entries())
    await saveGift(
      staff,
      v.parse(GiftInput, {
        clientId: String(c.id),
        ticketCount: String(2 + i),
        ticketDuration: inDays(180),
        priceType: "1",
        useScope: "1",
        bindingHotelId: "0",
        remark: "会员日赠送",
      }),
    );
  log(`gifts: 3 gift weeks and 2 gift voucher batches waiting for review (${since(t0)})`);
}
