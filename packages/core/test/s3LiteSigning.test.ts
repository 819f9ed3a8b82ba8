import { describe, expect, it } from "vitest";
import { GetObjectCommand, PutObjectCommand, S3Client } from "@aws-sdk/client-s3";
import { getSignedUrl } from "@aws-sdk/s3-request-presigner";
import { presignGet, presignPut } from "../src/kernel/s3Lite/presign.ts";
import { objectAddress } from "../src/kernel/s3Lite/address.ts";
import { sha256Hex, signedHeaders, type Credentials } from "../src/kernel/sigv4.ts";

/**
 * The small S3 client signs and presigns exactly as the SDK does for the same inputs: header
 * signatures against the S3 client's own signer, presigned URLs against
 * @aws-sdk/s3-request-presigner's getSignedUrl with the options files/storage.ts gave it.
 */
const keys = ["t1/a b/中文+x.png", "t1/uploads/abc~!*'().xlsx", "plain.txt", "t1/二/三/客户 导入+1.xlsx"];
const pairs: Array<[string, Credentials]> = [
  ["without a session token", { accessKeyId: "AKIDEXAMPLE", secretAccessKey: "wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY" }],
  ["with a session token", { accessKeyId: "ASIAEXAMPLE", secretAccessKey: "wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY", sessionToken: "IQoJb3JpZ2luX2VjE/+token==" }],
];
const places = [
  { name: "on AWS (virtual-hosted)", endpoint: undefined },
  { name: "on the twin (path-style)", endpoint: "http://127.0.0.1:9000" },
];
const region = "ap-east-1";
const Bucket = "xiangyu-uploads";
const at = new Date("2026-03-04T05:06:07Z");

/** The S3 client as kernel/aws.ts built it before the small client. */
const sdkClient = (endpoint: string | undefined, credentials: Credentials) =>
  new S3Client({
    region,
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
    credentials,
    ...(endpoint ? { endpoint, forcePathStyle: true } : {}),
  });

describe.each(pairs)("s3Lite presigning %s", (_, credentials) => {
  describe.each(places)("$name", ({ endpoint }) => {
    const signer = { endpoint, region, bucket: Bucket, credentials };
    const sdk = sdkClient(endpoint, credentials);

    it.each(keys)("presigns a PUT bound to type, length and SHA-256 checksum as the SDK does: %s", async (Key) => {
      const command = new PutObjectCommand({ Bucket, Key, ContentType: "image/png", ContentLength: 1234, ChecksumSHA256: "n4bQgYhMfWWaL+qgxVrQFaO/TxsrC4Is0V1sFbDwCgg=" });
      const expected = await getSignedUrl(sdk, command, {
        expiresIn: 900,
        signingDate: at,
        signableHeaders: new Set(["content-type", "content-length"]),
        unhoistableHeaders: new Set(["x-amz-checksum-sha256"]),
      });
      const digest = { checksumSha256: "n4bQgYhMfWWaL+qgxVrQFaO/TxsrC4Is0V1sFbDwCgg=" };
      expect(presignPut(signer, Key, { contentType: "image/png", size: 1234, digest, expiresIn: 900, at })).toBe(expected);
    });

    it.each(keys)("presigns a PUT bound to Content-MD5 as the SDK does: %s", async (Key) => {
      const command = new PutObjectCommand({ Bucket, Key, ContentType: "application/vnd.ms-excel", ContentLength: 99, ContentMD5: "1B2M2Y8AsgTpgAmY7PhCfg==" });
      const expected = await getSignedUrl(sdk, command, {
        expiresIn: 900,
        signingDate: at,
        signableHeaders: new Set(["content-type", "content-length"]),
        unhoistableHeaders: new Set(["x-amz-checksum-sha256"]),
      });
      const digest = { contentMd5: "1B2M2Y8AsgTpgAmY7PhCfg==" };
      expect(presignPut(signer, Key, { contentType: "application/vnd.ms-excel", size: 99, digest, expiresIn: 900, at })).toBe(expected);
    });

    it.each(keys)("presigns a GET with the response type and disposition as the SDK does: %s", async (Key) => {
      const disposition = "attachment; filename=\"a b.xlsx\"; filename*=UTF-8''%E5%AE%A2%E6%88%B7.xlsx";
      const command = new GetObjectCommand({ Bucket, Key, ResponseContentType: "image/png", ResponseContentDisposition: disposition });
      const expected = await getSignedUrl(sdk, command, { expiresIn: 7200, signingDate: at });
      expect(presignGet(signer, Key, { contentType: "image/png", disposition, expiresIn: 7200, at })).toBe(expected);
    });
  });
});

/** The S3 client's own signer, as its config gives it. */
type Signer = { sign(r: object, o: { signingDate: Date }): Promise<{ headers: Record<string, string> }> };

describe.each(pairs)("s3Lite header signing %s", (_, credentials) => {
  // The signer the S3 client uses: S3's paths are signed as sent (not encoded twice), the payload's hash in a header.
  const sdkSigner = (sdkClient(undefined, credentials).config.signer as unknown as () => Promise<Signer>)();

  it.each(places.flatMap((p) => keys.map((key) => [p.name, p.endpoint, key] as const)))("signs %s a PUT of %s as the SDK's signer does", async (_name, endpoint, key) => {
    const body = Buffer.from("内容 body");
    const address = objectAddress({ endpoint, region, bucket: Bucket }, key);
    const headers = { "content-type": "text/plain", "content-md5": "abc=", range: "bytes=0-9", "x-amz-content-sha256": sha256Hex(body) };
    const ours = signedHeaders({ method: "PUT", host: address.host, path: address.path, headers, payloadHash: sha256Hex(body), region, service: "s3", credentials, at });
    const request = { method: "PUT", protocol: "https:", hostname: address.host, path: address.path, query: {}, headers: { ...headers, host: address.host }, body };
    const signed = await (await sdkSigner).sign(request, { signingDate: at });
    expect(ours).toEqual(signed.headers);
  });
});
