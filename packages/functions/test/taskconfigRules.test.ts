import { describe, expect, it } from "vitest";
import * as v from "valibot";
import { TaskInput, TASK_MSG } from "@xiangyu/core/platform/tasks/schemas";
import { allDay, effectiveMinutes, inWindow, isDue, parseWhitelist, scheduleRule, whitelistAllows } from "@xiangyu/core/platform/tasks/rules";
import { eventBridgeSchedules } from "@xiangyu/core/platform/tasks/eventBridgeSchedules";

/** Scheduled tasks' pure rules (R476–R483) and the EventBridge Scheduler adapter with a stand-in client. */
const form = (more: Record<string, unknown> = {}) => ({ apicode: "Sweep1", apiThreadClass: "sessionSweep", apiname: "清理", runround: "1", ...more });
const message = (input: unknown) => {
  const r = v.safeParse(TaskInput, input);
  return r.success ? null : r.issues[0]!.message;
};

describe("the task form's messages (R476–R483)", () => {
  it.each([
    ["apicode", "", TASK_MSG.apicode],
    ["apicode", "  ", TASK_MSG.apicode],
    ["apicode", "a-b", TASK_MSG.apicodeBad],
    ["apicode", "任务", TASK_MSG.apicodeBad],
    ["apiThreadClass", "", TASK_MSG.apiThreadClass],
    ["apiThreadClass", "com.x.PushThread", TASK_MSG.apiThreadClassBad],
    ["apiname", "", TASK_MSG.apiname],
    ["runround", "", TASK_MSG.runround],
    ["runround", "abc", TASK_MSG.runroundBad],
    ["runround", "-1", TASK_MSG.runroundBad],
    ["runround", "1.234", TASK_MSG.runroundBad],
    ["runround", "10081", TASK_MSG.runroundBad],
    ["starthour", "24", TASK_MSG.hourBad],
    ["endhour", "-1", TASK_MSG.hourBad],
    ["endhour", "1.5", TASK_MSG.hourBad],
    ["addressip", "10.0.0.1\nnot allowed", TASK_MSG.whitelistBad],
    ["addressip", Array.from({ length: 21 }, (_, i) => `10.0.0.${i}`).join("\n"), TASK_MSG.whitelistBad],
    ["datacount", "0", TASK_MSG.datacountBad],
    ["pushcount", "11", TASK_MSG.pushcountBad],
  ])("%s = %j → %s", (field, value, desc) => {
    expect(message(form({ [field]: value }))).toBe(desc);
  });

  it("the HTTP push class needs an http(s) address; other classes do not", () => {
    expect(message(form({ apiThreadClass: "httpPush" }))).toBe(TASK_MSG.url);
    expect(message(form({ apiThreadClass: "httpPush", url: "ftp://x.example.com" }))).toBe(TASK_MSG.urlBad);
    expect(message(form({ apiThreadClass: "httpPush", url: "https://partner.example.com/in" }))).toBeNull();
    expect(message(form({ url: "" }))).toBeNull();
  });

  it("decimals in minutes, the defaults of R483, the whitelist one per line", () => {
    const out = v.parse(TaskInput, form({ runround: "1.25", addressip: " host-a \n\n10.0.0.2\r\n" }));
    expect(out).toMatchObject({ runround: 1.25, datacount: 1000, pushcount: 3, starthour: 0, endhour: 23, istate: 1, addressip: "host-a\n10.0.0.2" });
    expect(v.parse(TaskInput, form({ runround: "0" })).runround).toBe(0);
  });
});

describe("periods, hours and the schedule expression", () => {
  it("rounds a period up to whole minutes, at least one; 0 is no schedule", () => {
    expect([0, 0.01, 0.5, 1, 1.25, 2, 59.99].map(effectiveMinutes)).toEqual([null, 1, 1, 1, 2, 2, 60]);
  });

  it("0–0 and 0–23 are all day; a window may cross midnight", () => {
    expect([allDay(0, 0), allDay(0, 23), allDay(1, 23)]).toEqual([true, true, false]);
    expect([7, 8, 20, 21].map((h) => inWindow(8, 20, h))).toEqual([false, true, true, false]);
    expect([21, 22, 3, 6, 7].map((h) => inWindow(22, 6, h))).toEqual([false, true, true, true, false]);
    expect([8, 9].map((h) => inWindow(9, 9, h))).toEqual([false, true]);
  });

  it("a run is due once its period has passed since the last start, a few seconds' slack included", () => {
    const t0 = 1_800_000_000_000;
    expect(isDue(0, t0, 1)).toBe(true);
    expect(isDue(t0, t0 + 30_000, 1)).toBe(false);
    expect(isDue(t0, t0 + 54_000, 1)).toBe(false);
    expect(isDue(t0, t0 + 56_000, 1)).toBe(true);
    expect(isDue(t0, t0 + 9 * 60_000, 10)).toBe(false);
  });

  it("rate all day, a cron inside the window below an hour, Asia/Shanghai", () => {
    expect(scheduleRule({ runround: 0, starthour: 0, endhour: 23 })).toBeNull();
    expect(scheduleRule({ runround: 0.5, starthour: 0, endhour: 0 })).toEqual({ expression: "rate(1 minute)", timezone: "Asia/Shanghai" });
    expect(scheduleRule({ runround: 90, starthour: 0, endhour: 23 })!.expression).toBe("rate(90 minutes)");
    expect(scheduleRule({ runround: 5, starthour: 8, endhour: 20 })!.expression).toBe("cron(0/5 8-20 * * ? *)");
    expect(scheduleRule({ runround: 1, starthour: 8, endhour: 20 })!.expression).toBe("cron(* 8-20 * * ? *)");
    expect(scheduleRule({ runround: 10, starthour: 22, endhour: 6 })!.expression).toBe("cron(0/10 22-23,0-6 * * ? *)");
    expect(scheduleRule({ runround: 10, starthour: 9, endhour: 9 })!.expression).toBe("cron(0/10 9 * * ? *)");
    expect(scheduleRule({ runround: 120, starthour: 8, endhour: 20 })!.expression).toBe("rate(120 minutes)");
  });

  it("a whitelist names runners; empty allows all", () => {
    expect(parseWhitelist("a b")).toBeNull();
    expect(whitelistAllows("", ["x"])).toBe(true);
    expect(whitelistAllows("Host-A\n10.0.0.2", ["host-a"])).toBe(true);
    expect(whitelistAllows("host-a", ["host-b", "10.0.0.9"])).toBe(false);
  });
});

describe("the EventBridge Scheduler adapter", () => {
  const target = {
    group: "xiangyu-pr-42-tasks",
    roleArn: "arn:aws:iam::1:role/sched",
    targetArn: "arn:aws:lambda:ap-east-1:1:function:runner",
    deadLetterArn: "arn:aws:sqs:ap-east-1:1:task-dlq",
  };
  const recorder = (fail: Record<string, string> = {}) => {
    const sent: Array<{ name: string; input: any }> = [];
    const send = async (c: any) => {
      const name = c.constructor.name as string;
      sent.push({ name, input: c.input });
      if (fail[name]) throw Object.assign(new Error(fail[name]), { name: fail[name] });
      return {};
    };
    return { sent, send };
  };

  it("put updates the task's schedule, with the task id for the runner, retried deliveries and the dead-letter queue", async () => {
    const r = recorder();
    await eventBridgeSchedules(target, r.send).put(7, { expression: "rate(1 minute)", timezone: "Asia/Shanghai" });
    expect(r.sent.map((s) => s.name)).toEqual(["UpdateScheduleCommand"]);
    expect(r.sent[0]!.input).toMatchObject({
      Name: "task-7",
      GroupName: target.group,
      ScheduleExpression: "rate(1 minute)",
      ScheduleExpressionTimezone: "Asia/Shanghai",
      FlexibleTimeWindow: { Mode: "OFF" },
      State: "ENABLED",
      Target: {
        Arn: target.targetArn,
        RoleArn: target.roleArn,
        Input: '{"taskId":7}',
        RetryPolicy: { MaximumRetryAttempts: 2, MaximumEventAgeInSeconds: 3600 },
        DeadLetterConfig: { Arn: target.deadLetterArn },
      },
    });
  });

  it("put creates the schedule when there is none; remove deletes it, and one already gone is done", async () => {
    const r = recorder({ UpdateScheduleCommand: "ResourceNotFoundException", DeleteScheduleCommand: "ResourceNotFoundException" });
    const port = eventBridgeSchedules(target, r.send);
    await port.put(8, { expression: "cron(0/5 8-20 * * ? *)", timezone: "Asia/Shanghai" });
    await port.remove(8);
    expect(r.sent.map((s) => s.name)).toEqual(["UpdateScheduleCommand", "CreateScheduleCommand", "DeleteScheduleCommand"]);
    expect(r.sent[1]!.input.ScheduleExpression).toBe("cron(0/5 8-20 * * ? *)");
    expect(r.sent[2]!.input).toEqual({ Name: "task-8", GroupName: target.group });
  });

  it("another failure is not swallowed", async () => {
    const r = recorder({ UpdateScheduleCommand: "AccessDeniedException" });
    await expect(eventBridgeSchedules(target, r.send).put(9, { expression: "rate(1 minute)", timezone: "Asia/Shanghai" })).rejects.toThrow("AccessDeniedException");
  });
});
