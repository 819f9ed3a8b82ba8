import { spawn, type ChildProcess } from "node:child_process";
import { createRequire } from "node:module";
import { freePort } from "../../packages/local/src/twin/ports.ts";

/** The product of `npm start`, started for a test run and stopped after it. */
export type Product = { baseURL: string; dynamoEndpoint: string; stop: () => Promise<void> };

export { freePort };

const tsxCli = createRequire(import.meta.url).resolve("tsx/cli");

/**
 * Runs `start.ts --fresh` on `port` with its own data folder and waits for its "ready in" line.
 * It runs in its own process group so that stopping it also stops DynamoDB Local and s3rver.
 */
export async function startProduct(opts: { root: string; port: number; dataDir: string; timeoutMs?: number }): Promise<Product> {
  const child = spawn(process.execPath, [tsxCli, "packages/local/src/start.ts", "--fresh"], {
    cwd: opts.root,
    env: { ...process.env, PORT: String(opts.port), XY_DATA_DIR: opts.dataDir },
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let log = "";
  const collect = (b: Buffer) => (log += b.toString());
  child.stdout!.on("data", collect);
  child.stderr!.on("data", collect);

  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => fail(`not ready after ${opts.timeoutMs ?? 300_000} ms`), opts.timeoutMs ?? 300_000);
    const fail = (why: string) => {
      clearTimeout(timer);
      stopGroup(child);
      reject(new Error(`the product did not start: ${why}\n${log}`));
    };
    const exited = (code: number | null) => fail(`exited with ${code}`);
    child.stdout!.on("data", () => {
      if (/ready in/.test(log)) {
        clearTimeout(timer);
        child.off("exit", exited);
        resolve();
      }
    });
    child.once("exit", exited);
  });

  const dynamoEndpoint = /DynamoDB Local on (\S+)/.exec(log)?.[1] ?? "";
  return {
    baseURL: `http://127.0.0.1:${opts.port}`,
    dynamoEndpoint,
    stop: () => stopGroup(child),
  };
}

function stopGroup(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || !child.pid) return Promise.resolve();
  return new Promise((resolve) => {
    const hard = setTimeout(() => signal(child.pid!, "SIGKILL"), 10_000);
    child.once("exit", () => {
      clearTimeout(hard);
      resolve();
    });
    signal(child.pid!, "SIGTERM");
  });
}

const signal = (pid: number, sig: NodeJS.Signals) => {
  try {
    process.kill(-pid, sig);
  } catch {
    // Already gone.
  }
};
