import * as v from "valibot";
import {
  BAD_INPUT,
  blank,
  idField,
  intChoice,
  isBusinessDate,
  maybeId,
  optInt,
  optText,
  rawValue,
  requiredInt,
  requiredText,
  optRawText,
  linkField,
  wholeRecord,
} from "../kernel/fields.ts";
import { listQuery } from "../kernel/paging.ts";
import { MAX_PRIZE_NAME, MAX_TITLE, MAX_WEIGHT, weightHundredths } from "./rules.ts";

/**
 * The lottery forms and queries (spec 002 "Lottery", R583–R594), shared by the server and the
 * console. Messages are the spec's (docs/gaps.md §10 gives the Chinese of its English-only texts);
 * where it gives none, ours say what the field must be.
 */
export const MSG = {
  title: "活动标题不能为空",
  titleLong: `活动标题不能超过${MAX_TITLE}个字`,
  startTime: "开始时间不能为空",
  endTime: "结束时间不能为空",
  time: "时间格式不正确",
  order: "结束时间必须晚于开始时间",
  userJoinLimit: "每人抽奖次数必须是0或正整数（0为不限）",
  participantsNumber: "参与人数必须是0或正整数（0为不限）",
  color: "颜色格式不正确",
  bgPic: "背景图片地址过长",
  content: "活动内容不能超过200000个字符",
  notFound: "活动不存在或已被删除",
  prizeName: "名称不能为空",
  prizeNameLong: `名称不能超过${MAX_PRIZE_NAME}个字`,
  prizePrice: "奖品价值必须是不小于0的整数（元）",
  prizeCount: "奖品数量必须是0或正整数（0为不限）",
  weight: "中奖权重不能为空",
  weightBad: `中奖权重必须是0到${MAX_WEIGHT}之间的数字（最多两位小数）`,
  tips: "中奖提示不能超过100个字",
  prizeNotFound: "奖品不存在或已被删除",
  status: "请选择派奖状态",
  remark: "备注不能超过200个字",
  recordNotFound: "中奖记录不存在或已被删除",
  pass: "并没有选择启禁用项",
} as const;

/** A required business time: "YYYY-MM-DD HH:mm:ss"; a bare date is the start (00:00:00) or the end (23:59:59) of that day. */
const timeField = (missing: string, dayEdge: string) =>
  v.pipe(
    rawValue,
    v.check((x) => !blank(x), missing),
    v.transform((x) => String(x).trim()),
    v.check(isBusinessDate, MSG.time),
    v.transform((s) => (s.length === 10 ? `${s} ${dayEdge}` : s)),
  );

const colorField = v.pipe(
  optText(40, MSG.color),
  v.check((s) => s === "" || /^#[0-9a-fA-F]{3,8}$|^rgba?\([\d\s.,%]+\)$/.test(s), MSG.color),
);

/** The activity form (R583–R585); `content` is sanitised by the service before it is stored. */
export const LotteryInput = v.pipe(
  wholeRecord({
    id: maybeId("数据不完整，请刷新页面重新编辑。"),
    title: requiredText(MSG.title, MAX_TITLE, MSG.titleLong),
    startTime: timeField(MSG.startTime, "00:00:00"),
    endTime: timeField(MSG.endTime, "23:59:59"),
    userJoinLimit: optInt(0, MSG.userJoinLimit, 0, 100_000),
    participantsNumber: optInt(0, MSG.participantsNumber, 0, 100_000_000),
    content: optRawText(200_000, MSG.content),
    bgPic: linkField("背景图片地址", { tooLong: MSG.bgPic }),
    bgColor: colorField,
    color: colorField,
    idisplay: intChoice([0, 1] as const, BAD_INPUT, 1),
  }),
  // Reported on the end time, so the form shows it under that field.
  v.forward(
    v.check((f) => f.endTime > f.startTime, MSG.order),
    ["endTime"],
  ),
);
export type LotteryInput = v.InferOutput<typeof LotteryInput>;

/** A decimal weight ≥ 0 with at most 2 places, to whole hundredths (R589: lotteryWeight decimal). */
const weightField = v.pipe(
  rawValue,
  v.check((x) => !blank(x), MSG.weight),
  v.transform((x) => weightHundredths(x)),
  v.check((h) => h !== null, MSG.weightBad),
  v.transform((h) => h as number),
);

/** The prize form (R587–R589). Empty tips take the congratulation text in the service (R588). */
export const PrizeInput = wholeRecord({
  id: maybeId("数据不完整，请刷新页面重新编辑。"),
  lotteryId: idField(MSG.notFound),
  prizeName: requiredText(MSG.prizeName, MAX_PRIZE_NAME, MSG.prizeNameLong),
  prizePrice: optInt(0, MSG.prizePrice, 0, 100_000_000),
  prizeCount: optInt(0, MSG.prizeCount, 0, 10_000_000),
  lotteryWeight: weightField,
  hasDistribute: intChoice([0, 1] as const, BAD_INPUT, 0),
  prizeTips: optText(100, MSG.tips),
});
export type PrizeInput = v.InferOutput<typeof PrizeInput>;

/** Prize distribution registration (R592–R594, docs/gaps.md §3: {id, status, remark}; time and staff are the server's). */
export const RecordSaveInput = v.object({
  id: idField(MSG.recordNotFound),
  status: requiredInt(MSG.status, MSG.status, 0, 1),
  remark: optText(200, MSG.remark),
});
export type RecordSaveInput = v.InferOutput<typeof RecordSaveInput>;

export const LotteryListQuery = listQuery({});
export const LotteryIdQuery = v.object({ lotteryId: idField(MSG.notFound) });
export const RecordListQuery = listQuery({ lotteryId: idField(MSG.notFound) });
/** The winners' export (beyond the spec): one activity's records, newest first. */
export const RecordExportQuery = v.object({ lotteryId: idField(MSG.notFound) });
/** The member's draw (beyond the spec; docs/api.md). */
export const DrawInput = v.object({ lotteryId: idField(MSG.notFound) });
/** The mini-program's lists (issue 34): the activities open now, and the member's own draws, paged. */
export const MemberLotteryListQuery = listQuery({});
export const MemberRecordListQuery = listQuery({});
