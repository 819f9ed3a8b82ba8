import { Duration } from "aws-cdk-lib";
import { SqsDestination } from "aws-cdk-lib/aws-lambda-destinations";
import type { Queue } from "aws-cdk-lib/aws-sqs";
import { Cron, use, type CronProps, type Function, type StackContext } from "sst/constructs";
import { JOBS, type JobDef } from "@xiangyu/functions/manifest";
import { Storage } from "./Storage.ts";
import { grantTableItems } from "./access.ts";
import { handlerFunction } from "./lambda.ts";
import { deadLetterQueue } from "./deadLetters.ts";

/** EventBridge accepts only these two forms; a typo in the manifest fails the synth, not the deploy. */
export function scheduleExpression(schedule: string): NonNullable<CronProps["schedule"]> {
  const m = /^(cron|rate)\((.+)\)$/.exec(schedule);
  if (!m) throw new Error(`job schedule "${schedule}" is neither cron(...) nor rate(...)`);
  return m[1] === "cron" ? `cron(${m[2]})` : `rate(${m[2]})`;
}

/** Construct id of a job's function: "sessionSweep" → "SessionSweepJob". */
export const jobFunctionId = (name: string) => `${name[0].toUpperCase()}${name.slice(1)}Job`;

/** Tries after the first one, both when EventBridge cannot deliver and when the job throws. */
export const JOB_RETRIES = 2;

/**
 * How long a missed run is still worth running: until the next run would do the same work (its
 * period), between EventBridge's minimum of one minute and two hours. A one-minute settlement
 * retried ten minutes late would only race the runs after it.
 */
export const jobMaxEventAge = (job: Pick<JobDef, "everyMs">) => Duration.seconds(Math.min(Math.max(job.everyMs / 1000, 60), 2 * 3600));

/**
 * Every job of the manifest on its EventBridge schedule, with the table and nothing else. A run
 * that fails ends in the job's dead-letter queue either way: EventBridge sends it there when it
 * cannot invoke the function (the rule target's retry policy), and Lambda when the function
 * threw on every try (EventBridge invokes asynchronously, so a thrown error is Lambda's to retry).
 */
export function Jobs({ stack }: StackContext) {
  const { table } = use(Storage);
  const deadLetters: Record<string, Queue> = {};
  const functions: Record<string, Function> = {};
  const crons = JOBS.map((job) => {
    const fn = handlerFunction(stack, jobFunctionId(job.name), {
      handler: job.handler,
      timeout: job.timeout ?? 300,
      ...(job.memory ? { memorySize: `${job.memory} MB` as const } : {}),
      environment: { XY_TABLE: table.tableName },
    });
    grantTableItems(table, fn);
    const dlq = deadLetterQueue(stack, `${jobFunctionId(job.name)}DeadLetters`);
    const maxEventAge = jobMaxEventAge(job);
    fn.configureAsyncInvoke({ retryAttempts: JOB_RETRIES, maxEventAge, onFailure: new SqsDestination(dlq) });
    deadLetters[job.name] = dlq;
    functions[job.name] = fn;
    return new Cron(stack, `${job.name}Schedule`, {
      schedule: scheduleExpression(job.schedule),
      job: { function: fn, cdk: { target: { deadLetterQueue: dlq, retryAttempts: JOB_RETRIES, maxEventAge } } },
    });
  });
  return { crons, functions, deadLetters };
}
