import { describe, expect, it } from "vitest";
import { AREAS } from "../src/manifest.ts";
import { importWorker } from "../src/clientImport/routes.ts";
import { buildLambda } from "../../local/src/bench/lambdaBuild.ts";

/**
 * The Lambdas that use the bucket reach it through the small S3 client (core's kernel/s3Lite/):
 * their bundles, built as `sst deploy` builds them, import neither the SDK's S3 client nor its
 * presigner from the runtime (issue 39: importing those was 390–460 ms of their cold starts).
 */
const s3Sdk = /@aws-sdk\/(client-s3|s3-request-presigner)/;

describe("S3 Lambdas' bundles", () => {
  it.each([
    ["files", AREAS.files.handler],
    ["goods", AREAS.goods.handler],
    ["clientImport", AREAS.clientImport.handler],
    ["the import worker", importWorker.handler],
  ])(
    "%s: no import of @aws-sdk/client-s3 or s3-request-presigner",
    async (_, handler) => {
      const { text, metafile } = await buildLambda(handler);
      const externals = Object.values(metafile.inputs).flatMap((i) => i.imports.filter((x) => x.external).map((x) => x.path));
      expect(externals.filter((p) => s3Sdk.test(p))).toEqual([]);
      expect(text).not.toMatch(s3Sdk);
      // The bundle does talk to S3: the small client is in it.
      expect(Object.keys(metafile.inputs).some((p) => p.includes("kernel/s3Lite/client.ts"))).toBe(true);
    },
    60_000,
  );
});

/**
 * No Lambda loads any of the AWS SDK at cold start (issue 39): DynamoDB through the small client,
 * its attribute values through its own marshaller (util-dynamodb is aliased to it, for ElectroDB
 * too), S3 through s3Lite. Only what a bundle imports when it is loaded counts here; a package
 * loaded on first use of a rare path (`kernel/aws.ts loadSdk`) is required by name at run time.
 */
describe("Lambdas' bundles and the runtime's SDK", () => {
  it.each([
    ["auth", AREAS.auth.handler],
    ["clients", AREAS.clients.handler],
    ["lottery", AREAS.lottery.handler],
    ["memberHotels", AREAS.memberHotels.handler],
  ])(
    "%s: imports no @aws-sdk package when loaded",
    async (_, handler) => {
      const { metafile } = await buildLambda(handler);
      const loaded = Object.values(metafile.inputs).flatMap((i) => i.imports.filter((x) => x.external && x.kind !== "dynamic-import").map((x) => x.path));
      expect(loaded.filter((p) => p.startsWith("@aws-sdk/"))).toEqual([]);
      expect(Object.keys(metafile.inputs).some((p) => p.includes("kernel/dynamoLite/attributeValues.ts"))).toBe(true);
    },
    60_000,
  );
});
