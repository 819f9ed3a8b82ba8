import { afterEach, describe, expect, it, vi } from "vitest";

/** The Lambda client as the cloud would use it: records what is sent, answers 202 as Lambda does for "Event". */
const sent = vi.hoisted(() => [] as any[]);
vi.mock("@aws-sdk/client-lambda", () => ({
  LambdaClient: class {
    async send(command: any) {
      sent.push(command.input);
      if (command.input.InvocationType === "RequestResponse") return { StatusCode: 200, Payload: new TextEncoder().encode(JSON.stringify({ key: "written" })) };
      return { StatusCode: 202 };
    }
  },
  InvokeCommand: class {
    constructor(public input: any) {}
  },
}));

const { startWorker, callWorker, runInProcess, workersIdle } = await import("../src/kernel/background.ts");

afterEach(() => {
  sent.length = 0;
});

describe("starting a worker", () => {
  it("in the cloud: invokes the worker Lambda asynchronously with the order, and runs nothing here", async () => {
    const run = vi.fn(async () => undefined);
    await startWorker({ name: "test", run, functionName: () => "xy-ClientImportWorker" }, { jobId: "j1", tenantId: "t" });
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
    await startWorker({ name: "test", run, functionName: () => undefined }, { jobId: "j2" });
    expect(done).toEqual([]); // started returned while the work waits
    expect(sent).toEqual([]);
    release();
    await workersIdle();
    expect(done).toEqual(["j2"]);
  });

  it("on one machine: a failing worker is logged, not an unhandled rejection", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => undefined);
    await startWorker({ name: "test", run: async () => Promise.reject(new Error("boom")), functionName: () => undefined }, {});
    await workersIdle();
    expect(errors.mock.calls.some(([line]) => String(line).includes("boom"))).toBe(true);
    errors.mockRestore();
  });
});

describe("a worker whose code the request path does not carry", () => {
  it("on one machine: runs the runner registered under its name, and says so when none is", async () => {
    const done: string[] = [];
    runInProcess<{ jobId: string }>("registered", async (o) => void done.push(o.jobId));
    await startWorker({ name: "registered", functionName: () => undefined }, { jobId: "j3" });
    await workersIdle();
    expect(done).toEqual(["j3"]);
    await expect(startWorker({ name: "nobody", functionName: () => undefined }, {})).rejects.toThrow(/no runner/);
  });

  it("an errand is awaited: a synchronous invoke in the cloud, the registered runner here, answering the worker's value", async () => {
    expect(await callWorker({ name: "registered", functionName: () => "xy-ClientImportWorker" }, { kind: "template" })).toEqual({ key: "written" });
    expect(sent[0].InvocationType).toBe("RequestResponse");
    runInProcess("errand", async () => ({ key: "here" }));
    expect(await callWorker({ name: "errand", functionName: () => undefined }, {})).toEqual({ key: "here" });
  });
});
