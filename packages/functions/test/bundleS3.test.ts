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
