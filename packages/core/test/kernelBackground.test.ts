import { afterEach, describe, expect, it, vi } from "vitest";

/** The Lambda client as the cloud would use it: records what is sent, answers 202 as Lambda does for "Event". */
const sent = vi.hoisted(() => [] as any[]);
vi.mock("@aws-sdk/client-lambda", () => ({
  LambdaClient: class {
    async send(command: any) {
      sent.push(command.input);
      return { StatusCode: 202 };
    }
  },
  InvokeCommand: class {
    constructor(public input: any) {}
  },
}));

const { startWorker, workersIdle } = await import("../src/kernel/background.ts");

afterEach(() => {
  sent.length = 0;
});

describe("starting a worker", () => {
  it("in the cloud: invokes the worker Lambda asynchronously with the order, and runs nothing here", async () => {
    const run = vi.fn(async () => undefined);
    await startWorker({ run, functionName: () => "xy-ClientImportWorker" }, { jobId: "j1", tenantId: "t" });
    expect(sent).toHaveLength(1);
    expect(sent[0].FunctionName).toBe("xy-ClientImportWorker");
    expect(sent[0].InvocationType).toBe("Event");
    expect(JSON.parse(new TextDecoder().decode(sent[0].Payload))).toEqual({ jobId: "j1", tenantId: "t" });
    expect(run).not.toHaveBeenCalled();
  });

  it("on one machine: runs the same worker in this process, without waiting for it", async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const done: string[] = [];
    const run = async (order: { jobId: string }) => {
      await gate;
      done.push(order.jobId);
    };
    await startWorker({ run, functionName: () => undefined }, { jobId: "j2" });
    expect(done).toEqual([]); // started returned while the work waits
    expect(sent).toEqual([]);
    release();
    await workersIdle();
    expect(done).toEqual(["j2"]);
  });

  it("on one machine: a failing worker is logged, not an unhandled rejection", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => undefined);
    await startWorker({ run: async () => Promise.reject(new Error("boom")), functionName: () => undefined }, {});
    await workersIdle();
    expect(errors.mock.calls.some(([line]) => String(line).includes("boom"))).toBe(true);
    errors.mockRestore();
  });
});
