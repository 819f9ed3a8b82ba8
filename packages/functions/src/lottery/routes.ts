import { data, dataAndList, done, list, memberRoute, moduleRoute, type RouteTable } from "../http/define.ts";
import { idInput, idsInput } from "@xiangyu/core/kernel/fields";
import {
  DrawInput,
  LotteryIdQuery,
  LotteryInput,
  LotteryListQuery,
  MemberLotteryListQuery,
  MemberRecordListQuery,
  MSG,
  PrizeInput,
  RecordListQuery,
  RecordSaveInput,
} from "@xiangyu/core/lottery/schemas";
import type { LotteryView, MemberLotteryRow, MemberPrizeRow, PrizeView, RecordView, Summary, SummaryRow } from "@xiangyu/core/lottery/views";
import type { DrawResult, MemberLotteryView } from "@xiangyu/core/lottery/drawing";

/**
 * Lotteries (spec 002 "Lottery", R583–R594): the 13 console routes of the activity list (1501,
 * module `lottery`). A: add, E: edit, D: delete, P: enable/disable (R586); prizes are saved with the
 * activity's A/E ("save"); the distribution registration needs E or A (R593: 你没有派奖权限).
 * The member's draw and the winners' export are beyond the spec (docs/api.md).
 */
const LOTTERY = "lottery";
export const DISTRIBUTE_DENIAL = "你没有派奖权限";

export const routes = {
  "GET /gateway/api/lotter/list": moduleRoute(LOTTERY, { input: LotteryListQuery, reply: list<LotteryView>(), log: false }),
  "GET /gateway/api/lotter/view": moduleRoute(LOTTERY, { input: idInput(MSG.notFound), reply: data<LotteryView>(), log: false }),
  "GET /gateway/api/lotter/totallist": moduleRoute(LOTTERY, { input: LotteryIdQuery, reply: dataAndList<Summary, SummaryRow>(), log: false }),
  "GET /gateway/api/lotter/recordlist": moduleRoute(LOTTERY, { input: RecordListQuery, reply: list<RecordView>(), log: false, audit: "personalData" }),
  "GET /gateway/api/lotter/recordview": moduleRoute(LOTTERY, { input: idInput(MSG.recordNotFound), reply: data<RecordView>(), log: false }),
  "GET /gateway/api/lotter/prizelist": moduleRoute(LOTTERY, { input: LotteryIdQuery, reply: list<PrizeView>(), log: false }),
  "GET /gateway/api/lotter/prizeview": moduleRoute(LOTTERY, { input: idInput(MSG.prizeNotFound), reply: data<PrizeView>(), log: false }),
  // Rich text with pictures: up to 2 MB of body.
  "POST /gateway/api/lotter/save": moduleRoute(LOTTERY, { right: "save", input: LotteryInput, reply: data<LotteryView>(), log: "保存抽奖活动", maxBody: 2 * 1024 * 1024 }),
  "POST /gateway/api/lotter/delete": moduleRoute(LOTTERY, { right: "D", input: idsInput(), reply: done(), log: "删除抽奖活动" }),
  "POST /gateway/api/lotter/passed": moduleRoute(LOTTERY, { right: "P", input: idsInput(MSG.pass), reply: list<{ id: number; idisplay: number }>(), log: "启禁用抽奖活动" }),
  "POST /gateway/api/lotter/recordsave": moduleRoute(LOTTERY, {
    right: ["E", "A"],
    denial: DISTRIBUTE_DENIAL,
    input: RecordSaveInput,
    reply: data<RecordView>(),
    log: "登记派奖",
  }),
  "POST /gateway/api/lotter/prizesave": moduleRoute(LOTTERY, { right: "save", input: PrizeInput, reply: data<PrizeView>(), log: "保存奖品" }),
  "POST /gateway/api/lotter/prizedelete": moduleRoute(LOTTERY, { right: "D", input: idInput(MSG.prizeNotFound), reply: done(), log: "删除奖品" }),

  // The mini-program's draw (beyond the spec; docs/api.md, docs/lottery.md): a signed-in member with a bound mobile, any activity of their tenant.
  "POST /gateway/api/lotter/mp/draw": memberRoute({ input: DrawInput, reply: data<DrawResult>(), log: false }),
  "GET /gateway/api/lotter/mp/view": memberRoute({ input: DrawInput, reply: data<MemberLotteryView>(), log: false }),
  // Issue 34: the activities open to the member now, and the member's own draws (core lottery/memberLotteries.ts).
  "GET /gateway/api/lotter/mp/list": memberRoute({ input: MemberLotteryListQuery, reply: list<MemberLotteryRow>(), log: false }),
  "GET /gateway/api/lotter/mp/records": memberRoute({ input: MemberRecordListQuery, reply: list<MemberPrizeRow>(), log: false }),
} satisfies RouteTable;
