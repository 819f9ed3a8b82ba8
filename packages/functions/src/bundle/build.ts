import { join, sep } from "node:path";

/**
 * The part of an esbuild plugin used here, written out: SST 2 builds with its own esbuild (0.18), whose
 * Plugin type differs from the repository's (0.25) in fields this never touches.
 */
type Plugin = {
  name: string;
  setup: (build: { onResolve: (o: { filter: RegExp }, resolve: (args: { path: string; importer: string }) => { path: string } | undefined) => void }) => void;
};

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
  esbuild: { external: string[]; alias: Record<string, string>; define: Record<string, string>; plugins: Plugin[] };
};

/**
 * Bundle-only stand-ins for packages the Lambdas never need at run time (see each file). The
 * document client's commands and the attribute-value conversion (ElectroDB's `unmarshall`
 * included) come from the small DynamoDB client (core's kernel/dynamoLite/), so neither our code
 * nor ElectroDB loads any of the SDK at cold start (docs/decisions.md, "A small DynamoDB client")
 * unless XY_DYNAMO_CLIENT=sdk at build time, when lib-dynamodb and util-dynamodb are the runtime's.
 */
const liteBuild = (): boolean => process.env.XY_DYNAMO_CLIENT !== "sdk";

const lite = (root: string, file: string) => join(root, "packages/core/src/kernel/dynamoLite", file);

export const bundleAliases = (root: string): Record<string, string> => ({
  electrodb: join(root, "packages/functions/src/bundle/electrodb.cjs"),
  ...(liteBuild() ? { "@aws-sdk/lib-dynamodb": lite(root, "commands.ts"), "@aws-sdk/util-dynamodb": lite(root, "attributeValues.ts") } : {}),
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
  esbuild: { external: ["@aws-sdk/*"], alias: bundleAliases(root), define: bundleDefines(), plugins: [electrodbValidations(root)] },
});

/**
 * ElectroDB's own `require("./validations")` (its model schemas and their `jsonschema` check, which
 * the tests make with the real package) answered by a stand-in keeping only the predicates it calls
 * at run time (bundle/electrodbValidations.cjs). A relative path, which esbuild's `alias` cannot
 * reach: hence a plugin.
 */
const electrodbValidations = (root: string): Plugin => ({
  name: "electrodb-validations",
  setup(build) {
    const inElectrodb = `${sep}node_modules${sep}electrodb${sep}src${sep}`;
    build.onResolve({ filter: /^\.\/validations$/ }, (args) =>
      args.importer.includes(inElectrodb) ? { path: join(root, "packages/functions/src/bundle/electrodbValidations.cjs") } : undefined,
    );
  },
});
