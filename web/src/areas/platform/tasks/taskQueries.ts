import { useQuery } from "@tanstack/react-query";
import { useApi } from "../../../lib/screen.tsx";
import { routeQuery, useRouteMutation, staleReads } from "../../../lib/routeQuery.ts";
import type { DataOf, RowOf } from "../../../lib/contract.ts";
import { useSave, type SaveOptions } from "../../../ui/form/useSave.ts";

/** The scheduled tasks' reads and writes by route (../configQueries.ts is the model). */
const TASK_LIST = "GET /gateway/api/manage/platform/taskconfig/list";
const TASK_VIEW = "GET /gateway/api/manage/platform/taskconfig/view";
export const TASK_RUNS = "GET /gateway/api/manage/platform/taskconfig/runs";
/** The month job's units of a month (ours, issue 37), failed ones first. */
export const MONTH_JOB = "GET /gateway/api/manage/platform/taskconfig/monthjob";

export type Task = DataOf<typeof TASK_VIEW>;
export type TaskRow = RowOf<typeof TASK_LIST>;
export type TaskRun = RowOf<typeof TASK_RUNS>;
export type MonthUnit = RowOf<typeof MONTH_JOB>;

const TASKS = staleReads(TASK_LIST, TASK_VIEW, TASK_RUNS);

/** One task for its dialog (nothing read for a new one). */
export function useTask(id?: number) {
  const api = useApi();
  return useQuery({ ...routeQuery(api, TASK_VIEW, { id: id ?? 0 }), select: (r) => r.data, gcTime: 0, enabled: !!id });
}

export const useSaveTask = (o: SaveOptions) => useSave("POST /gateway/api/manage/platform/taskconfig/save", { ...o, invalidates: TASKS });
export const usePassTask = () => useRouteMutation("POST /gateway/api/manage/platform/taskconfig/passed", { invalidates: TASKS });
export const useDeleteTask = () => useRouteMutation("POST /gateway/api/manage/platform/taskconfig/delete", { invalidates: TASKS, success: "删除成功" });
