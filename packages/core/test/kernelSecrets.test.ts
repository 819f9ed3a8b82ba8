import { afterEach, describe, expect, it, vi } from "vitest";

/** Secrets Manager as the cloud's: the two secrets the deploy generated, by ARN. */
const asked = vi.hoisted(() => [] as any[]);
const KEYS = "arn:aws:secretsmanager:ap-east-1:1:secret:StageKeys-AbCdEf";
const ORIGIN = "arn:aws:secretsmanager:ap-east-1:1:secret:OriginSecret-GhIjKl";
vi.mock("@aws-sdk/client-secrets-manager", () => ({
  SecretsManagerClient: class {
    async send(command: any) {
      asked.push(command.input);
      const stored: Record<string, string> = { [KEYS]: JSON.stringify({ master: "m".repeat(64) }), [ORIGIN]: "edge-secret" };
      return { ARN: command.input.SecretId, SecretString: stored[command.input.SecretId] };
    }
  },
  GetSecretValueCommand: class {
    constructor(public input: any) {}
  },
}));

const { secrets, deriveKey } = await import("../src/kernel/config.ts");

afterEach(() => {
  delete process.env.XY_SECRET_KEYS;
  delete process.env.XY_SECRET_ORIGIN;
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

  it("in the cloud: are read from the two secrets the deploy generated, once per container; the keys are derived from the master value", async () => {
    process.env.XY_SECRET_KEYS = KEYS;
    process.env.XY_SECRET_ORIGIN = ORIGIN;
    const [a, b] = await Promise.all([secrets(), secrets()]);
    expect(a.originSecret).toBe("edge-secret");
    // 32 bytes each, hex: the data key is AES-256's, and the two differ.
    expect(a.dataKey).toMatch(/^[0-9a-f]{64}$/);
    expect(a.jwtSecret).toMatch(/^[0-9a-f]{64}$/);
    expect(a.jwtSecret).not.toBe(a.dataKey);
    expect(a.dataKey).toBe(await deriveKey("m".repeat(64), "data-key"));
    // HKDF-SHA-256 as node:crypto computes it (RFC 5869): WebCrypto here, the same bytes.
    const { hkdfSync } = await import("node:crypto");
    expect(a.dataKey).toBe(Buffer.from(hkdfSync("sha256", "m".repeat(64), "xiangyu", "data-key", 32)).toString("hex"));
    expect(b).toBe(a);
    await secrets();
    expect(asked.map((i) => i.SecretId).sort()).toEqual([KEYS, ORIGIN].sort());
  });

  it("derivation is stable: the same master value gives the same data key in every container, so stored secrets stay readable", async () => {
    expect(await deriveKey("x".repeat(64), "data-key")).toBe(await deriveKey("x".repeat(64), "data-key"));
    expect(await deriveKey("x".repeat(64), "data-key")).not.toBe(await deriveKey("y".repeat(64), "data-key"));
  });
});
