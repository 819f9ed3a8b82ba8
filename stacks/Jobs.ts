import { Cron, use, type CronProps, type StackContext } from "sst/constructs";
import { JOBS } from "@xiangyu/functions/manifest";
import { Storage } from "./Storage.ts";
import { grantTableItems } from "./access.ts";
import { handlerFunction } from "./lambda.ts";

/** EventBridge accepts only these two forms; a typo in the manifest fails the synth, not the deploy. */
export function scheduleExpression(schedule: string): NonNullable<CronProps["schedule"]> {
  const m = /^(cron|rate)\((.+)\)$/.exec(schedule);
  if (!m) throw new Error(`job schedule "${schedule}" is neither cron(...) nor rate(...)`);
  return m[1] === "cron" ? `cron(${m[2]})` : `rate(${m[2]})`;
}

/** Construct id of a job's function: "sessionSweep" → "SessionSweepJob". */
export const jobFunctionId = (name: string) => `${name[0].toUpperCase()}${name.slice(1)}Job`;

/** Every job of the manifest on its EventBridge schedule, with the table and nothing else. */
export function Jobs({ stack }: StackContext) {
  const { table } = use(Storage);
  const crons = JOBS.map((job) => {
    const fn = handlerFunction(stack, jobFunctionId(job.name), {
      handler: job.handler,
      timeout: 300,
      environment: { XY_TABLE: table.tableName },
    });
    grantTableItems(table, fn);
    return new Cron(stack, `${job.name}Schedule`, { schedule: scheduleExpression(job.schedule), job: fn });
  });
  return { crons };
}
