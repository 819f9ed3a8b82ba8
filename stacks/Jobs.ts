import { Duration, Stack } from "aws-cdk-lib";
import { PolicyStatement, Role, ServicePrincipal } from "aws-cdk-lib/aws-iam";
import { CfnScheduleGroup } from "aws-cdk-lib/aws-scheduler";
import { SqsDestination } from "aws-cdk-lib/aws-lambda-destinations";
import type { Queue } from "aws-cdk-lib/aws-sqs";
import { Cron, use, type CronProps, type Function, type StackContext } from "sst/constructs";
import { JOBS, type JobDef } from "@xiangyu/functions/manifest";
import { taskRunnerDef } from "@xiangyu/functions/jobs/taskRunnerDef";
import { monthWorkerDef } from "@xiangyu/functions/jobs/monthWorkerDef";
import { Storage } from "./Storage.ts";
import { Api } from "./Api.ts";
import { secretAccess } from "./secrets.ts";
import { grantTableItems } from "./access.ts";
import { handlerFunction } from "./lambda.ts";
import { deadLetterQueue } from "./deadLetters.ts";
import { keepAsyncFunction } from "./nag.ts";
import { NagSuppressions } from "cdk-nag";

/** EventBridge accepts only these two forms; a typo in the manifest fails the synth, not the deploy. */
function scheduleExpression(schedule: string): NonNullable<CronProps["schedule"]> {
  const m = /^(cron|rate)\((.+)\)$/.exec(schedule);
  if (!m) throw new Error(`job schedule "${schedule}" is neither cron(...) nor rate(...)`);
  return m[1] === "cron" ? `cron(${m[2]})` : `rate(${m[2]})`;
}

/** Construct id of a job's function: "sessionSweep" → "SessionSweepJob". */
const jobFunctionId = (name: string) => `${name[0].toUpperCase()}${name.slice(1)}Job`;

/** Tries after the first one, both when EventBridge cannot deliver and when the job throws. */
const JOB_RETRIES = 2;

/**
 * How long a missed run is still worth running: until the next run would do the same work (its
 * period), between EventBridge's minimum of one minute and two hours. A one-minute settlement
 * retried ten minutes late would only race the runs after it.
 */
const jobMaxEventAge = (job: Pick<JobDef, "everyMs">) => Duration.seconds(Math.min(Math.max(job.everyMs / 1000, 60), 2 * 3600));

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
  const month = monthWorker(stack, table);
  const crons = JOBS.map((job) => {
    const fn = handlerFunction(stack, jobFunctionId(job.name), {
      handler: job.handler,
      timeout: job.timeout ?? 300,
      ...(job.memory ? { memorySize: `${job.memory} MB` as const } : {}),
      environment: { XY_TABLE: table.tableName },
    });
    keepAsyncFunction(fn);
    grantTableItems(table, fn);
    const dlq = deadLetterQueue(stack, `${jobFunctionId(job.name)}DeadLetters`);
    const maxEventAge = jobMaxEventAge(job);
    fn.configureAsyncInvoke({ retryAttempts: JOB_RETRIES, maxEventAge, onFailure: new SqsDestination(dlq) });
    deadLetters[job.name] = dlq;
    functions[job.name] = fn;
    if (job.name === MONTH_JOB) month.startedBy(fn);
    return new Cron(stack, `${job.name}Schedule`, {
      schedule: scheduleExpression(job.schedule),
      job: { function: fn, cdk: { target: { deadLetterQueue: dlq, retryAttempts: JOB_RETRIES, maxEventAge } } },
    });
  });
  const tasks = scheduledTasks(stack, table);
  functions[taskRunnerDef.name] = tasks.runner;
  // An operator's task of the month job's class runs the same dispatcher.
  month.startedBy(tasks.runner);
  return { crons, functions, deadLetters, tasks, monthWorker: month.worker, monthWorkerDeadLetters: month.deadLetters };
}

/** The job whose dispatcher starts the month worker. */
const MONTH_JOB = "splitBillMonth";

/**
 * The month job's worker (core finance/splitBill/monthJob.ts): one tenant's month per asynchronous
 * invocation, the table and nothing else. Each unit is idempotent, so Lambda retries a failed one
 * (the unit's own claim bounds its tries); the last failure lands in its dead-letter queue (an
 * alarm) and the unit says 失败 with its error on the operator's list.
 */
function monthWorker(stack: StackContext["stack"], table: Parameters<typeof grantTableItems>[0]) {
  const worker = handlerFunction(stack, "MonthWorker", {
    handler: monthWorkerDef.handler,
    timeout: monthWorkerDef.timeout,
    memorySize: monthWorkerDef.memorySize,
    environment: { XY_TABLE: table.tableName },
  });
  keepAsyncFunction(worker);
  grantTableItems(table, worker);
  const deadLetters = deadLetterQueue(stack, "MonthWorkerDeadLetters");
  worker.configureAsyncInvoke({ retryAttempts: monthWorkerDef.retryAttempts, maxEventAge: Duration.hours(6), onFailure: new SqsDestination(deadLetters) });
  const startedBy = (fn: Function) => {
    fn.addEnvironment(monthWorkerDef.environmentName, worker.functionName);
    worker.grantInvoke(fn);
  };
  return { worker, deadLetters, startedBy };
}

/** The stage's EventBridge Scheduler group of scheduled tasks: one schedule per enabled task, created at run time. */
export const taskScheduleGroupName = (stage: string) => `xiangyu-${stage}-tasks`;
/** What the API Lambda that saves tasks may do to their schedules, and nothing else of EventBridge Scheduler. */
export const TASK_SCHEDULE_ACTIONS = ["scheduler:CreateSchedule", "scheduler:UpdateSchedule", "scheduler:DeleteSchedule"] as const;

/**
 * Scheduled tasks (core/platform/tasks): the operators' tasks are schedules created at run time,
 * not at deploy. Here:
 * - the task runner Lambda (functions/src/jobs/taskRunner.ts) each schedule invokes with
 *   `{ taskId }`: the table, the stage's secrets (an HTTP push opens its sealed key) and the live
 *   HTTP port. No Lambda retry: the runner retries a failed run itself (the task's pushcount) and
 *   logs it, and its lease would refuse a repeated delivery anyway. A run that crashed, and a
 *   delivery the scheduler could not make after its retries (core eventBridgeSchedules.ts), land
 *   in the runner's dead-letter queue (an alarm);
 * - the schedule group and the role EventBridge Scheduler assumes to invoke that Lambda, and
 *   only that Lambda;
 * - on the platformConfig Lambda (it saves, enables and disables tasks, so it keeps their
 *   schedules in line): where the schedules go (group, role, target) and the grant to create,
 *   update and delete schedules of that group and to pass that role to the scheduler.
 */
function scheduledTasks(stack: StackContext["stack"], table: Parameters<typeof grantTableItems>[0]) {
  const secrets = secretAccess(use(Storage).secrets);
  const runner = handlerFunction(stack, "TaskRunnerJob", {
    handler: taskRunnerDef.handler,
    timeout: taskRunnerDef.timeout,
    memorySize: `${taskRunnerDef.memory} MB`,
    environment: { XY_TABLE: table.tableName, XY_HTTP_PUSH: "live", ...secrets.environment },
  });
  keepAsyncFunction(runner);
  grantTableItems(table, runner);
  secrets.grantRead(runner);
  const deadLetters = deadLetterQueue(stack, "TaskRunnerDeadLetters");
  runner.configureAsyncInvoke({ retryAttempts: 0, maxEventAge: Duration.hours(1), onFailure: new SqsDestination(deadLetters) });

  const group = new CfnScheduleGroup(stack, "TaskSchedules", { name: taskScheduleGroupName(stack.stage) });
  const role = new Role(stack, "TaskSchedulerRole", {
    assumedBy: new ServicePrincipal("scheduler.amazonaws.com", { conditions: { StringEquals: { "aws:SourceAccount": stack.account } } }),
    description: "EventBridge Scheduler invokes the task runner for the stage's scheduled tasks",
  });
  runner.grantInvoke(role);
  deadLetters.grantSendMessages(role);
  NagSuppressions.addResourceSuppressions(
    role,
    [
      {
        id: "AwsSolutions-IAM5",
        reason: "The task runner's versions and aliases (<arn>:*) are the same function: grantInvoke names both",
        appliesTo: [{ regex: "/^Resource::<TaskRunnerJob[0-9A-F]{8}\\.Arn>:\\*$/g" }],
      },
    ],
    true,
  );

  const api = use(Api).functions.platformConfig;
  api.addEnvironment("XY_TASK_SCHEDULE_GROUP", group.name!);
  api.addEnvironment("XY_TASK_SCHEDULER_ROLE", role.roleArn);
  api.addEnvironment("XY_TASK_RUNNER_ARN", runner.functionArn);
  api.addEnvironment("XY_TASK_DEAD_LETTERS", deadLetters.queueArn);
  api.addToRolePolicy(
    new PolicyStatement({
      actions: [...TASK_SCHEDULE_ACTIONS],
      resources: [Stack.of(api).formatArn({ service: "scheduler", resource: "schedule", resourceName: `${group.name}/*` })],
    }),
  );
  role.grantPassRole(api.grantPrincipal);
  return { runner, role, group, deadLetters };
}
