import { afterEach, describe, expect, it, vi } from "vitest";

/** Parameter Store as the cloud's: SecureString values, returned decrypted only when asked. */
const asked = vi.hoisted(() => [] as any[]);
vi.mock("@aws-sdk/client-ssm", () => ({
  SSMClient: class {
    async send(command: any) {
      asked.push(command.input);
      const secure: Record<string, string> = { "/xiangyu/pr-42/jwt-secret": "jwt-from-ssm", "/xiangyu/pr-42/data-key": "ab".repeat(32), "/xiangyu/pr-42/origin-secret": "edge" };
      return { Parameter: { Name: command.input.Name, Type: "SecureString", Value: command.input.WithDecryption ? secure[command.input.Name] : "AQICAH…" } };
    }
  },
  GetParameterCommand: class {
    constructor(public input: any) {}
  },
}));

const { secrets } = await import("../src/kernel/config.ts");

afterEach(() => {
  delete process.env.XY_SECRETS_PATH;
  asked.length = 0;
});

describe("the stage's secrets", () => {
  it("on one machine and in tests: come from the environment, with no AWS call", async () => {
    const s = await secrets();
    expect(s.jwtSecret).toBe(process.env.XY_JWT_SECRET);
    expect(s.dataKey).toBe(process.env.XY_DATA_KEY);
    // No origin secret on one machine: the local gateway is the edge, no viewer header is trusted.
    expect(s.originSecret).toBeUndefined();
    expect(asked).toEqual([]);
  });

  it("in the cloud: are read decrypted from SSM under the stage's path, once per container", async () => {
    process.env.XY_SECRETS_PATH = "/xiangyu/pr-42";
    const [a, b] = await Promise.all([secrets(), secrets()]);
    expect(a).toEqual({ jwtSecret: "jwt-from-ssm", dataKey: "ab".repeat(32), originSecret: "edge" });
    expect(b).toBe(a);
    await secrets();
    expect(asked.map((i) => [i.Name, i.WithDecryption]).sort()).toEqual([
      ["/xiangyu/pr-42/data-key", true],
      ["/xiangyu/pr-42/jwt-secret", true],
      ["/xiangyu/pr-42/origin-secret", true],
    ]);
  });
});
