import { join } from "node:path";

/**
 * What the stack asks SST for when it bundles a Lambda (`FunctionProps.nodejs`, stacks/lambda.ts):
 * the fields SST 2's Node build reads. The bundle bench (packages/local/src/bench/lambdaBuild.ts)
 * builds from this same object, so its figure is the deployed bundle's; infra-tests compare the
 * two byte for byte. A field SST reads that is not typed here (loader, splitting, …) must be added
 * here and mirrored there first.
 */
export type NodejsBuild = {
  format: "esm";
  minify: boolean;
  /** SST's default (undefined) writes a separate map, left out of the zip; false writes none. */
  sourcemap?: boolean;
  /** Appended to SST's own ESM banner. */
  banner?: string;
  /** Packages installed beside the bundle instead of bundled. */
  install?: string[];
  esbuild: { external: string[]; alias: Record<string, string>; define: Record<string, string> };
};

/**
 * Bundle-only stand-ins for packages the Lambdas never need at run time (see each file). The
 * document client's commands come from the small DynamoDB client (core's kernel/dynamoLite/), so
 * neither our code nor ElectroDB loads the SDK at cold start (docs/decisions.md, "A small DynamoDB
 * client") unless XY_DYNAMO_CLIENT=sdk at build time, when lib-dynamodb is the runtime's.
 */
const liteBuild = (): boolean => process.env.XY_DYNAMO_CLIENT !== "sdk";

export const bundleAliases = (root: string): Record<string, string> => ({
  jsonschema: join(root, "packages/functions/src/bundle/jsonschema.cjs"),
  electrodb: join(root, "packages/functions/src/bundle/electrodb.cjs"),
  ...(liteBuild() ? { "@aws-sdk/lib-dynamodb": join(root, "packages/core/src/kernel/dynamoLite/commands.ts") } : {}),
});

/**
 * The client choice is the build's, baked in as a constant (a Lambda's environment does not carry
 * it): core's kernel/aws.ts `dynamo()` then keeps only the client built with, and the other one's
 * code is left out of the bundle.
 */
export const bundleDefines = (): Record<string, string> => ({
  "process.env.XY_DYNAMO_CLIENT": JSON.stringify(liteBuild() ? "lite" : "sdk"),
});

/**
 * One minified ESM bundle per handler. @aws-sdk/* stays out of the bundle because the Node runtime
 * ships the v3 SDK (and resolves it for ES modules); that keeps bundles small and cold starts short.
 * If a client option the code relies on is newer than the runtime's SDK, drop the external and the
 * SDK gets bundled (docs/deploy.md). `root` is the repository (SST runs from there).
 */
export const nodejsBuild = (root: string): NodejsBuild => ({
  format: "esm",
  minify: true,
  esbuild: { external: ["@aws-sdk/*"], alias: bundleAliases(root), define: bundleDefines() },
});
