import { ScheduledTask, TaskCode, TaskLease, TaskRun, type TaskItem, type TaskRunItem } from "./entities.ts";
import { TASK_MSG, type TaskInput } from "./schemas.ts";
import { TASK_CLASS_LABELS, effectiveMinutes, isHttpPush, type TaskClass } from "./rules.ts";
import { removeSchedule, syncSchedule } from "./schedulePort.ts";
import { allRecords, holds, masked, pageOf, replaced } from "../configStore.ts";
import { PLATFORM_COUNTERS, requirePlatformOperator } from "../operator.ts";
import { nextId } from "../../kernel/counters.ts";
import { formatDateTime } from "../../kernel/clock.ts";
import { DomainError, nothingDeleted } from "../../kernel/errors.ts";
import { okList, type Envelope } from "../../kernel/envelope.ts";
import { pageParams, type Paging } from "../../kernel/paging.ts";
import { transact, txDelete, txPut } from "../../kernel/tx.ts";
import type { Caller } from "../../kernel/context.ts";

/**
 * Scheduled tasks (定时任务, R476–R483), the platform operator's alone (docs/gaps.md: platform-level
 * tables). Every save, enable or disable brings the task's schedule in line (schedulePort.ts);
 * the runs themselves are run.ts.
 */
export type TaskView = Omit<TaskItem, "servicekey"> & {
  servicekey: string;
  /** The class in words (消息推送 …). */
  classLabel: string;
  /** The period the schedule really has, in whole minutes (0 = none; rules.ts effectiveMinutes). */
  everyMinutes: number;
};
export const taskView = (t: TaskItem): TaskView => ({
  ...t,
  servicekey: masked(t.servicekey),
  classLabel: TASK_CLASS_LABELS[t.apiThreadClass as TaskClass] ?? t.apiThreadClass,
  everyMinutes: effectiveMinutes(t.runround) ?? 0,
});

export type TaskRunView = TaskRunItem;

/** How many runs of a task the run log keeps (the oldest is removed as a new one ends). */
export const RUN_LOG_KEEP = 200;

export const allTasks = () => allRecords<TaskItem>(ScheduledTask);

export async function listTasks(caller: Caller, p: Paging, f: { istate?: 0 | 1 }): Promise<Envelope<never, TaskView>> {
  await requirePlatformOperator(caller);
  const rows = (await allTasks()).filter(
    (t) => (f.istate === undefined || t.istate === f.istate) && holds(p.keyword, t.apicode, t.apiname, t.apiThreadClass, TASK_CLASS_LABELS[t.apiThreadClass as TaskClass]),
  );
  return pageOf(rows, p, ["id", "apicode", "apiname", "apiThreadClass", "runround", "istate", "heartbeat"], taskView);
}

export async function taskOf(id: number): Promise<TaskItem> {
  const { data } = await ScheduledTask.get({ id }).go();
  if (!data) throw new DomainError(TASK_MSG.missing, "404");
  return data;
}

export async function viewTask(caller: Caller, id: number): Promise<TaskView> {
  await requirePlatformOperator(caller);
  return taskView(await taskOf(id));
}

export async function saveTask(caller: Caller, input: TaskInput): Promise<TaskView> {
  await requirePlatformOperator(caller);
  const now = formatDateTime();
  const http = isHttpPush(input.apiThreadClass);
  const { id: _id, servicekey, ...fields } = input;
  // R480: the HTTP push fields belong to that class only; another class keeps none of them.
  const pushFields = http ? { url: fields.url, servicecode: fields.servicecode } : { url: "", servicecode: "" };
  let saved: TaskItem;
  if (!input.id) {
    const id = await nextId(PLATFORM_COUNTERS, "scheduledTask");
    const item = { id, ...fields, ...pushFields, servicekey: http ? replaced(servicekey, "") : "", ownerTenant: caller.tenantId, createTime: now, updateTime: now };
    await transact([
      txPut(TaskCode.create({ apicode: input.apicode, taskId: id }), TASK_MSG.apicodeTaken),
      txPut(ScheduledTask.create(item)),
      txPut(TaskLease.create({ taskId: id })),
    ]);
    saved = await taskOf(id);
  } else {
    const old = await taskOf(input.id);
    // R476: the code is fixed once saved (the form locks it; the server refuses a changed one).
    if (old.apicode !== input.apicode) throw new DomainError(TASK_MSG.apicodeLocked, "400");
    const { data } = await ScheduledTask.patch({ id: input.id })
      .set({ ...fields, ...pushFields, servicekey: http ? replaced(servicekey, old.servicekey) : "", ownerTenant: caller.tenantId, updateTime: now })
      .go({ response: "all_new" });
    saved = data as TaskItem;
  }
  await syncSchedule(saved);
  return taskView(saved);
}

/** The tasks among `ids`; none found answers `missing` (a delete's is the kernel's 并没有删除信息). */
async function found(ids: readonly number[], missing: () => Error = () => new DomainError(TASK_MSG.missing, "404")): Promise<TaskItem[]> {
  const rows = (await allTasks()).filter((t) => ids.includes(t.id));
  if (!rows.length) throw missing();
  return rows;
}

export async function passTasks(caller: Caller, ids: readonly number[], istate: 0 | 1): Promise<number[]> {
  await requirePlatformOperator(caller);
  const rows = await found(ids);
  for (const t of rows) {
    await ScheduledTask.patch({ id: t.id }).set({ istate, updateTime: formatDateTime() }).go({ response: "none" });
    await syncSchedule({ ...t, istate });
  }
  return rows.map((t) => t.id);
}

export async function deleteTasks(caller: Caller, ids: readonly number[]): Promise<number[]> {
  await requirePlatformOperator(caller);
  const rows = await found(ids, nothingDeleted);
  for (const t of rows) {
    // The schedule first: a task whose schedule could not be removed stays listed, to be deleted again.
    await removeSchedule(t.id);
    await transact([txDelete(ScheduledTask.delete({ id: t.id })), txDelete(TaskCode.delete({ apicode: t.apicode })), txDelete(TaskLease.delete({ taskId: t.id }))]);
    const { data: runs } = await TaskRun.query.byTask({ taskId: t.id }).go({ pages: "all", limit: RUN_LOG_KEEP * 2, attributes: ["taskId", "seq"] });
    if (runs.length) await TaskRun.delete(runs.map((r) => ({ taskId: r.taskId, seq: r.seq }))).go();
  }
  return rows.map((t) => t.id);
}

/**
 * One page of a task's run log, newest first. Runs are numbered without gaps by the lease, so a
 * page is one key range read (no walk from the start) and the total is the count the lease keeps,
 * bounded by what the log keeps.
 */
export async function listTaskRuns(caller: Caller, taskId: number, p: Paging): Promise<Envelope<never, TaskRunView>> {
  await requirePlatformOperator(caller);
  await taskOf(taskId);
  const { data: lease } = await TaskLease.get({ taskId }).go();
  const runs = lease?.runs ?? 0;
  const oldest = Math.max(1, runs - RUN_LOG_KEEP + 1);
  const hi = runs - (p.currentPage - 1) * p.pageSize;
  const lo = Math.max(oldest, hi - p.pageSize + 1);
  const rows = hi >= lo ? (await TaskRun.query.byTask({ taskId }).between({ seq: lo }, { seq: hi }).go({ order: "desc", pages: "all" })).data : [];
  return okList(rows, pageParams(p, runs - oldest + 1 > 0 ? Math.min(runs, RUN_LOG_KEEP) : 0));
}
