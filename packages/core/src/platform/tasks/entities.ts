import { Entity } from "electrodb";
import { SERVICE, entityConfig, idAttribute } from "../../kernel/entity.ts";

/**
 * Scheduled tasks are platform data like the other configuration records (no tenant in their
 * keys; tens of tasks, one partition read whole). Beside each task: its code's uniqueness item,
 * its lease (who runs it now, when it last started, how many runs it has had) and its run log.
 */
const times = { createTime: { type: "string", required: true, default: "" }, updateTime: { type: "string", default: "" } } as const;

export const ScheduledTask = new Entity(
  {
    model: { entity: "scheduledTask", version: "1", service: SERVICE },
    attributes: {
      id: idAttribute,
      apicode: { type: "string", required: true },
      apiname: { type: "string", required: true },
      apiThreadClass: { type: "string", required: true },
      url: { type: "string", required: true, default: "" },
      servicecode: { type: "string", required: true, default: "" },
      /** Sealed (the platform's secrets, configStore.ts). */
      servicekey: { type: "string", required: true, default: "" },
      /** Minutes, two decimals at most; 0 = no schedule. */
      runround: { type: "number", required: true, default: 0 },
      starthour: { type: "number", required: true, default: 0 },
      endhour: { type: "number", required: true, default: 23 },
      /** The whitelist, one runner name per line (R482). */
      addressip: { type: "string", required: true, default: "" },
      datacount: { type: "number", required: true, default: 1000 },
      pushcount: { type: "number", required: true, default: 3 },
      istate: { type: "number", required: true, default: 1 },
      /** The tenant of the operator who saved it: whose operation log an HTTP push sends. */
      ownerTenant: { type: "string", required: true, default: "" },
      /** Last run time (R483), written when a run starts and when it ends. */
      heartbeat: { type: "string", required: true, default: "" },
      /** The last run's start (ms): the local scheduler's first look at what is due (the lease decides). */
      lastRunAt: { type: "number", required: true, default: 0 },
      lastOutcome: { type: "string", required: true, default: "" },
      lastRecords: { type: "number", required: true, default: 0 },
      lastError: { type: "string", required: true, default: "" },
      ...times,
    },
    indexes: { byId: { pk: { field: "pk", composite: [] }, sk: { field: "sk", composite: ["id"] } } },
  },
  entityConfig(),
);

/** One per task code, created with the task and conditioned on absence: two saves of one code cannot both win. */
export const TaskCode = new Entity(
  {
    model: { entity: "taskCode", version: "1", service: SERVICE },
    attributes: { apicode: { type: "string", required: true }, taskId: { type: "number", required: true } },
    indexes: { byCode: { pk: { field: "pk", composite: [] }, sk: { field: "sk", composite: ["apicode"] } } },
  },
  entityConfig(),
);

/**
 * The lease: taken by a conditional update (free or expired, and due), so however many schedulers
 * or deliveries race, one run starts. `runs` numbers the runs (the run log's keys).
 */
export const TaskLease = new Entity(
  {
    model: { entity: "taskLease", version: "1", service: SERVICE },
    attributes: {
      taskId: { type: "number", required: true },
      /** Until when (ms) the holder may run; 0 when free. */
      until: { type: "number", required: true, default: 0 },
      holder: { type: "string", required: true, default: "" },
      lastRunAt: { type: "number", required: true, default: 0 },
      runs: { type: "number", required: true, default: 0 },
    },
    indexes: { byTask: { pk: { field: "pk", composite: ["taskId"] }, sk: { field: "sk", composite: [] } } },
  },
  entityConfig(),
);

/** One run of a task (the newest RUN_LOG_KEEP are kept): start, end, records, outcome, attempts, the error. */
export const TaskRun = new Entity(
  {
    model: { entity: "taskRun", version: "1", service: SERVICE },
    attributes: {
      taskId: { type: "number", required: true },
      seq: idAttribute,
      startTime: { type: "string", required: true },
      endTime: { type: "string", required: true, default: "" },
      records: { type: "number", required: true, default: 0 },
      outcome: { type: "string", required: true, default: "running" },
      attempts: { type: "number", required: true, default: 0 },
      error: { type: "string", required: true, default: "" },
      /** Who ran it: the scheduler's or the Lambda's name. */
      runner: { type: "string", required: true, default: "" },
    },
    indexes: { byTask: { pk: { field: "pk", composite: ["taskId"] }, sk: { field: "sk", composite: ["seq"] } } },
  },
  entityConfig(),
);

export type TaskItem = import("electrodb").EntityItem<typeof ScheduledTask>;
export type TaskRunItem = import("electrodb").EntityItem<typeof TaskRun>;
