import { resolve } from "node:path";
import { Function, type FunctionProps, type Stack } from "sst/constructs";

/** Bundle-only stand-ins for packages the Lambdas never need at run time (see the file itself). */
export const BUNDLE_ALIASES = {
  jsonschema: resolve("packages/functions/src/bundle/jsonschema.cjs"),
  electrodb: resolve("packages/functions/src/bundle/electrodb.mjs"),
};

/**
 * The Lambda runtime: the newest Node line aws-cdk-lib 2.224.0 and SST 2.49.8 both know. Local
 * work and the tests still run on the machines' Node 20 (docs/decisions.md): the code uses
 * nothing newer than Node 20, so both run the same source.
 */
export const LAMBDA_RUNTIME = "nodejs24.x";

/**
 * How every Xiangyu Lambda is built and run, areas, workers and jobs alike: one minified ESM
 * bundle per handler. @aws-sdk/* stays out of the bundle because the Node runtime ships the
 * v3 SDK (and resolves it for ES modules); that keeps bundles small and cold starts short. If a
 * client option the code relies on is newer than the runtime's SDK, drop the external and the
 * SDK gets bundled (docs/deploy.md).
 */
const BUILD: FunctionProps = {
  runtime: LAMBDA_RUNTIME,
  architecture: "arm_64",
  memorySize: "1024 MB",
  logRetention: "one_month",
  nodejs: {
    format: "esm",
    minify: true,
    esbuild: { external: ["@aws-sdk/*"], alias: BUNDLE_ALIASES },
  },
};

export type HandlerFunctionProps = {
  /** Path as the manifest writes it: "packages/functions/src/auth/handler.handler". */
  handler: string;
  /** API Gateway gives up after 30 s; a job may take longer. */
  timeout: number;
  /** Default 1024 MB; long work (imports) asks for more. */
  memorySize?: `${number} MB`;
  environment: Record<string, string>;
};

export const handlerFunction = (stack: Stack, id: string, props: HandlerFunctionProps) => new Function(stack, id, { ...BUILD, ...props });
