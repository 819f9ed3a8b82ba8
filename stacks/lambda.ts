import { resolve } from "node:path";
import { Function, type FunctionProps, type Stack } from "sst/constructs";

/** Bundle-only stand-ins for packages the Lambdas never need at run time (see the file itself). */
export const BUNDLE_ALIASES = { jsonschema: resolve("packages/functions/src/bundle/jsonschema.cjs") };

/**
 * How every Xiangyu Lambda is built and run, areas and jobs alike: Node 20, one minified ESM
 * bundle per handler. @aws-sdk/* stays out of the bundle because the Node 20 runtime ships the
 * v3 SDK (and resolves it for ES modules); that keeps bundles small and cold starts short. If a
 * client option the code relies on is newer than the runtime's SDK, drop the external and the
 * SDK gets bundled (docs/deploy.md).
 */
const BUILD: FunctionProps = {
  runtime: "nodejs20.x",
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

export const handlerFunction = (stack: Stack, id: string, props: HandlerFunctionProps) =>
  new Function(stack, id, { ...BUILD, ...props });
