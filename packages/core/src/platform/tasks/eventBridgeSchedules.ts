import type { CreateScheduleCommand, CreateScheduleCommandInput, DeleteScheduleCommand, SchedulerClient, UpdateScheduleCommand } from "@aws-sdk/client-scheduler";
import { config } from "../../kernel/config.ts";
import type { SchedulePort } from "./schedulePort.ts";

/** The schedule's name in its group: one per task. */
export const scheduleName = (taskId: number) => `task-${taskId}`;

/**
 * The cloud adapter of the schedule port: EventBridge Scheduler. Each task is one schedule in the
 * stage's group, targeting the task runner Lambda with `{ taskId }` through the role stacks/Jobs.ts
 * creates (the scheduler assumes it to invoke). A put updates the schedule and creates it when
 * there is none; a remove of a schedule already gone is done. A delivery the scheduler could not
 * make (the runner throttled or unreachable) is tried again TARGET_RETRIES times within the hour
 * and then sent to the task runner's dead-letter queue (an alarm); a repeated delivery is harmless,
 * the runner's lease refuses a run already under way. A run that fails inside the runner is
 * retried by the runner itself (the task's pushcount) and logged.
 */
export const TARGET_RETRIES = 2;
export const TARGET_MAX_AGE_S = 3600;
/**
 * The Scheduler SDK is loaded on the first schedule change, not when the module is imported: the
 * area that saves tasks serves mostly reads, and the package would add to every cold start of it
 * (docs/performance.md, cold starts).
 */
const sdk = () => import("@aws-sdk/client-scheduler");

type Send = (command: CreateScheduleCommand | UpdateScheduleCommand | DeleteScheduleCommand) => Promise<unknown>;
type Target = { group: string; roleArn: string; targetArn: string; deadLetterArn?: string };

export function eventBridgeSchedules(target: Target, send?: Send): SchedulePort {
  let client: SchedulerClient | undefined;
  const run: Send = send ?? (async (c) => (client ??= new (await sdk()).SchedulerClient({ region: config.region })).send(c as never));
  const input = (taskId: number, rule: { expression: string; timezone: string }): CreateScheduleCommandInput => ({
    Name: scheduleName(taskId),
    GroupName: target.group,
    ScheduleExpression: rule.expression,
    ScheduleExpressionTimezone: rule.timezone,
    FlexibleTimeWindow: { Mode: "OFF" },
    State: "ENABLED",
    Target: {
      Arn: target.targetArn,
      RoleArn: target.roleArn,
      Input: JSON.stringify({ taskId }),
      RetryPolicy: { MaximumRetryAttempts: TARGET_RETRIES, MaximumEventAgeInSeconds: TARGET_MAX_AGE_S },
      ...(target.deadLetterArn ? { DeadLetterConfig: { Arn: target.deadLetterArn } } : {}),
    },
  });
  const named = (e: unknown, name: string) => (e as { name?: string })?.name === name;
  return {
    async put(taskId, rule) {
      const { CreateScheduleCommand, UpdateScheduleCommand } = await sdk();
      try {
        await run(new UpdateScheduleCommand(input(taskId, rule)));
      } catch (e) {
        if (!named(e, "ResourceNotFoundException")) throw e;
        try {
          await run(new CreateScheduleCommand(input(taskId, rule)));
        } catch (c) {
          // Another save created it in between: this one's rule goes in as an update.
          if (!named(c, "ConflictException")) throw c;
          await run(new UpdateScheduleCommand(input(taskId, rule)));
        }
      }
    },
    async remove(taskId) {
      const { DeleteScheduleCommand } = await sdk();
      try {
        await run(new DeleteScheduleCommand({ Name: scheduleName(taskId), GroupName: target.group }));
      } catch (e) {
        if (!named(e, "ResourceNotFoundException")) throw e;
      }
    },
  };
}
