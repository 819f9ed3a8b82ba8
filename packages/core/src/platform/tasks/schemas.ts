import * as v from "valibot";
import { blank, idField, idsInput, intChoice, maybeChoice, maybeId, optInt, optText, rawValue, requiredText, linkField, wholeRecord } from "../../kernel/fields.ts";
import { listQuery } from "../../kernel/paging.ts";
import { secretField } from "../paySchemas.ts";
import { MAX_WHITELIST_LINES, TASK_CLASSES, parseWhitelist, type TaskClass } from "./rules.ts";

/**
 * Scheduled tasks (定时任务, R476–R483): the form and the routes' inputs, shared by the server and
 * the console. The spec's messages are R476–R479's; the rest (bounds, the HTTP push address, the
 * whitelist's lines) are ours.
 */
export const TASK_MSG = {
  apicode: "任务代码不能为空",
  apicodeBad: "任务代码只能包含字母或数字",
  apicodeLocked: "任务代码保存后不能修改",
  apicodeTaken: "任务代码已存在",
  apiThreadClass: "任务线程类名不能为空",
  apiThreadClassBad: "任务线程类名不正确",
  apiname: "任务名称不能为空",
  runround: "运行周期不能为空",
  runroundBad: "运行周期必须是0到10080之间的数字（分钟，最多两位小数）",
  hourBad: "运行时段必须是0到23之间的整数",
  url: "推送地址不能为空",
  urlBad: "推送地址须以http://或https://开头",
  whitelistBad: `白名单每行填写一个IP地址或容器名，最多${MAX_WHITELIST_LINES}行`,
  datacountBad: "推送条数必须是1到5000之间的整数",
  pushcountBad: "重试次数必须是0到10之间的整数",
  missing: "定时任务不存在或已被删除",
  stateBad: "状态不正确",
} as const;

/** R483's defaults: 1000 records, 3 retries, period 0 (no schedule until one is given), all day, enabled. */
export const TASK_DEFAULTS = { datacount: 1000, pushcount: 3, runround: 0, starthour: 0, endhour: 23, istate: 1 } as const;

/** The longest period: one week, in minutes. */
export const MAX_RUNROUND = 7 * 24 * 60;

/** Minutes with at most two decimals ("1", "0.5", "90.25"); null when it is not one. */
function minutes(x: unknown): number | null {
  const m = /^(\d{1,5})(?:\.(\d{1,2}))?$/.exec(String(x ?? "").trim());
  if (!m) return null;
  const n = Number(m[1]) + Number((m[2] ?? "").padEnd(2, "0")) / 100;
  return n <= MAX_RUNROUND ? n : null;
}

/** The run period (R479): required, a number of minutes, decimals allowed. */
const runroundField = v.pipe(
  rawValue,
  v.check((x) => !blank(x), TASK_MSG.runround),
  v.transform((x) => minutes(x)),
  v.check((n) => n !== null, TASK_MSG.runroundBad),
  v.transform((n) => n as number),
);

const hourField = (fallback: number) => optInt(fallback, TASK_MSG.hourBad, 0, 23);

/** The class: one of the product's jobs (the runner registry, functions/src/jobs/taskRunners.ts). */
const classField = v.pipe(
  requiredText(TASK_MSG.apiThreadClass, 50, TASK_MSG.apiThreadClassBad),
  v.check((s) => (TASK_CLASSES as readonly string[]).includes(s), TASK_MSG.apiThreadClassBad),
  v.transform((s) => s as TaskClass),
);

/** taskconfig/save. The HTTP push fields are kept only for the HTTP push class (R480); the service clears them otherwise. */
export const TaskInput = v.pipe(
  wholeRecord({
    id: maybeId(),
    apicode: v.pipe(requiredText(TASK_MSG.apicode, 50, "任务代码不能超过50个字"), v.regex(/^[A-Za-z0-9]+$/, TASK_MSG.apicodeBad)),
    apiThreadClass: classField,
    apiname: requiredText(TASK_MSG.apiname, 50, "任务名称不能超过50个字"),
    runround: runroundField,
    starthour: hourField(TASK_DEFAULTS.starthour),
    endhour: hourField(TASK_DEFAULTS.endhour),
    addressip: v.pipe(
      optText(2000, TASK_MSG.whitelistBad),
      v.check((s) => parseWhitelist(s) !== null, TASK_MSG.whitelistBad),
      v.transform((s) => (parseWhitelist(s) ?? []).join("\n")),
    ),
    url: linkField("推送地址", { tooLong: "推送地址不能超过500个字", bad: TASK_MSG.urlBad }),
    servicecode: optText(100, "服务代码不能超过100个字"),
    /** Sealed when stored; blank (or the mask) keeps the stored key on an edit. */
    servicekey: secretField(200, "服务密钥不能超过200个字"),
    datacount: optInt(TASK_DEFAULTS.datacount, TASK_MSG.datacountBad, 1, 5000),
    pushcount: optInt(TASK_DEFAULTS.pushcount, TASK_MSG.pushcountBad, 0, 10),
    istate: intChoice([0, 1] as const, TASK_MSG.stateBad, 1),
  }),
  // Named on `url` so the form shows it under the field (docs/decisions.md, cross-field checks).
  v.forward(
    v.partialCheck([["apiThreadClass"], ["url"]], (t) => t.apiThreadClass !== "httpPush" || t.url !== "", TASK_MSG.url),
    ["url"],
  ),
  v.forward(
    v.partialCheck([["apiThreadClass"], ["url"]], (t) => t.apiThreadClass !== "httpPush" || t.url === "" || /^https?:\/\/\S+$/i.test(t.url), TASK_MSG.urlBad),
    ["url"],
  ),
);
export type TaskInput = v.InferOutput<typeof TaskInput>;

export const TaskListQuery = listQuery({ istate: maybeChoice([0, 1] as const, TASK_MSG.stateBad) });
export const TaskViewQuery = v.object({ id: idField(TASK_MSG.missing) });
export const TaskPassInput = idsInput("并没有选择审核项", { istate: intChoice([0, 1] as const, TASK_MSG.stateBad) });
export const TaskDeleteInput = idsInput();
/** taskconfig/runs: one task's run log, newest first. */
export const TaskRunsQuery = listQuery({ id: idField(TASK_MSG.missing) });
