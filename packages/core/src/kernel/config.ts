/**
 * Configuration read from the environment. In the cloud the stacks set these; on one machine
 * `packages/local` does. Nothing else reads process.env. The two secrets are the exception to
 * "read from the environment" in the cloud: see `secrets()` below.
 */
const env = (name: string, fallback?: string): string => {
  const v = process.env[name] ?? fallback;
  if (v === undefined) throw new Error(`missing configuration ${name}`);
  return v;
};

export const config = {
  get table() {
    return env("XY_TABLE", "xiangyu");
  },
  get bucket() {
    return env("XY_BUCKET", "xiangyu-uploads");
  },
  get region() {
    return env("AWS_REGION", "ap-east-1");
  },
  /** Only set on one machine: where the local twins listen. */
  get dynamoEndpoint() {
    return process.env.XY_DYNAMO_ENDPOINT;
  },
  get s3Endpoint() {
    return process.env.XY_S3_ENDPOINT;
  },
  /** Public base of presigned URLs when the browser reaches S3 at another address than the server. */
  get s3PublicEndpoint() {
    return process.env.XY_S3_PUBLIC_ENDPOINT ?? process.env.XY_S3_ENDPOINT;
  },
  /** The Lambda the customer import runs in (asynchronous invoke); unset on one machine, where it runs in-process. */
  get importWorker() {
    return process.env.XY_IMPORT_WORKER || undefined;
  },
  /** The Lambda a deleted tenant's items are removed in (asynchronous invoke); unset on one machine, where it runs in-process. */
  get tenantWorker() {
    return process.env.XY_TENANT_WORKER || undefined;
  },
  /**
   * Whether super-administrators must sign in with a TOTP code (auth/twoFactor.ts). On unless the
   * stage says "0": deployed stages keep it; `npm start` and the tests turn it off for the demo.
   */
  get superTwoFactor() {
    return process.env.XY_SUPER_TOTP !== "0";
  },
  /**
   * Whether the ports' sandbox adapters may stand in for the outside world where a real adapter
   * is not configured (the mini-program's sign-in code today). Only "1" turns it on: `npm start`,
   * the tests and the bench set it; a deployed stage never does.
   */
  get sandbox() {
    return process.env.XY_SANDBOX === "1";
  },
  /**
   * Cloud only: where scheduled tasks get their EventBridge schedules (platform/tasks/schedulePort.ts):
   * the schedule group, the role the scheduler assumes and the task runner Lambda it invokes.
   * Unset on one machine, where the local scheduler reads the task items instead.
   */
  get taskSchedules() {
    const group = process.env.XY_TASK_SCHEDULE_GROUP;
    const roleArn = process.env.XY_TASK_SCHEDULER_ROLE;
    const targetArn = process.env.XY_TASK_RUNNER_ARN;
    return group && roleArn && targetArn ? { group, roleArn, targetArn } : undefined;
  },
  /** Cloud only ("live"): the HTTP push task posts to its address; otherwise the sandbox records what it would post. */
  get httpPushLive() {
    return process.env.XY_HTTP_PUSH === "live";
  },
  /** Cloud only: the SSM path holding this stage's secrets ("/xiangyu/<stage>"), see `secrets()`. */
  get secretsPath() {
    return process.env.XY_SECRETS_PATH || undefined;
  },
};

export type Secrets = {
  /** Signs session tokens (HS256). */
  readonly jwtSecret: string;
  /** 32-byte key (hex) for AES-256-GCM encryption of revealable secrets. */
  readonly dataKey: string;
  /**
   * The value CloudFront adds to every API request it forwards (header `x-xy-origin`): only a
   * request carrying it may name its viewer's address (see functions' `http/viewer.ts`). Unset on
   * one machine, where the gateway itself is the edge.
   */
  readonly originSecret: string | undefined;
};

/** One machine and the tests: the environment, read when asked (so a test may set it late). */
const fromEnvironment: Secrets = {
  get jwtSecret() {
    return env("XY_JWT_SECRET");
  },
  get dataKey() {
    return env("XY_DATA_KEY");
  },
  get originSecret() {
    return process.env.XY_ORIGIN_SECRET || undefined;
  },
};

let fromParameterStore: Promise<Secrets> | undefined;

/**
 * The stage's secrets. In the cloud they are SSM SecureString parameters under XY_SECRETS_PATH,
 * read with decryption once per container (the first caller's promise is shared; a failed read
 * is forgotten so the next request tries again) — never Lambda environment variables, which
 * anyone allowed to read the function's configuration could see. On one machine there is no
 * path, and the values come from XY_JWT_SECRET and XY_DATA_KEY as before, with no AWS call.
 */
export function secrets(): Promise<Secrets> {
  const path = config.secretsPath;
  if (!path) return Promise.resolve(fromEnvironment);
  fromParameterStore ??= readParameters(path).catch((e) => {
    fromParameterStore = undefined;
    throw e;
  });
  return fromParameterStore;
}

async function readParameters(path: string): Promise<Secrets> {
  // Loaded only here: one machine never needs the SSM client, and the Lambda runtime ships it.
  const { SSMClient, GetParameterCommand } = await import("@aws-sdk/client-ssm");
  const ssm = new SSMClient({ region: config.region });
  const read = async (name: string) => {
    const { Parameter } = await ssm.send(new GetParameterCommand({ Name: `${path}/${name}`, WithDecryption: true }));
    if (!Parameter?.Value) throw new Error(`missing secret ${path}/${name}`);
    return Parameter.Value;
  };
  const [jwtSecret, dataKey, originSecret] = await Promise.all([read("jwt-secret"), read("data-key"), read("origin-secret")]);
  return { jwtSecret, dataKey, originSecret };
}
