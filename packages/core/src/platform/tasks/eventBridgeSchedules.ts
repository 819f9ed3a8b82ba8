import { CreateScheduleCommand, DeleteScheduleCommand, SchedulerClient, UpdateScheduleCommand, type CreateScheduleCommandInput } from "@aws-sdk/client-scheduler";
import { config } from "../../kernel/config.ts";
import type { SchedulePort } from "./schedulePort.ts";

/** The schedule's name in its group: one per task. */
export const scheduleName = (taskId: number) => `task-${taskId}`;

/**
 * The cloud adapter of the schedule port: EventBridge Scheduler. Each task is one schedule in the
 * stage's group, targeting the task runner Lambda with `{ taskId }` through the role stacks/Jobs.ts
 * creates (the scheduler assumes it to invoke). A put updates the schedule and creates it when
 * there is none; a remove of a schedule already gone is done. The target does not retry: the
 * runner retries a failed run itself (the task's pushcount) and logs it.
 */
type Send = (command: CreateScheduleCommand | UpdateScheduleCommand | DeleteScheduleCommand) => Promise<unknown>;
type Target = { group: string; roleArn: string; targetArn: string };

export function eventBridgeSchedules(target: Target, send?: Send): SchedulePort {
  let client: SchedulerClient | undefined;
  const run: Send = send ?? ((c) => (client ??= new SchedulerClient({ region: config.region })).send(c as never));
  const input = (taskId: number, rule: { expression: string; timezone: string }): CreateScheduleCommandInput => ({
    Name: scheduleName(taskId),
    GroupName: target.group,
    ScheduleExpression: rule.expression,
    ScheduleExpressionTimezone: rule.timezone,
    FlexibleTimeWindow: { Mode: "OFF" },
    State: "ENABLED",
    Target: { Arn: target.targetArn, RoleArn: target.roleArn, Input: JSON.stringify({ taskId }), RetryPolicy: { MaximumRetryAttempts: 0 } },
  });
  const named = (e: unknown, name: string) => (e as { name?: string })?.name === name;
  return {
    async put(taskId, rule) {
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
      try {
        await run(new DeleteScheduleCommand({ Name: scheduleName(taskId), GroupName: target.group }));
      } catch (e) {
        if (!named(e, "ResourceNotFoundException")) throw e;
      }
    },
  };
}
