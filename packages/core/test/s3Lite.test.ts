import { afterAll, describe, expect, it } from "vitest";
import { createHash } from "node:crypto";
import { createServer, type Server } from "node:http";
import { S3Client } from "@aws-sdk/client-s3";
import { bucket, browserBucket } from "../src/kernel/aws.ts";
import { config } from "../src/kernel/config.ts";
import { S3Lite } from "../src/kernel/s3Lite/client.ts";
import { S3LiteError } from "../src/kernel/s3Lite/errors.ts";

/** The small S3 client against the local twin's s3rver (kernel/aws.ts points it there in tests). */
const run = Date.now().toString(36);
const key = (name: string) => `s3lite-${run}/${name}`;
const md5 = (b: Buffer) => createHash("md5").update(b).digest("base64");
const sha256 = (b: Buffer) => createHash("sha256").update(b).digest("base64");

describe("s3Lite against s3rver", () => {
  it("puts, heads, reads whole and by range, and deletes an object", async () => {
    const k = key("客户 导入+1.txt");
    const body = Buffer.from("0123456789 内容");
    await bucket().putObject(k, body, { contentType: "text/plain; charset=utf-8", contentMd5: md5(body) });
    const head = await bucket().headObject(k);
    expect(head).toMatchObject({ size: body.length, contentType: "text/plain; charset=utf-8" });
    expect(head!.lastModified).toBeInstanceOf(Date);
    expect(await bucket().getObject(k)).toEqual(body);
    expect(await bucket().getObject(k, { range: "bytes=2-5" })).toEqual(Buffer.from("2345"));
    await bucket().deleteObject(k);
    expect(await bucket().headObject(k)).toBeNull();
  });

  it("answers null for a missing object's head, and throws NoSuchKey with 404 for its read", async () => {
    expect(await bucket().headObject(key("none"))).toBeNull();
    const e = await bucket()
      .getObject(key("none"))
      .catch((x: unknown) => x);
    expect(e).toBeInstanceOf(S3LiteError);
    expect(e).toMatchObject({ code: "NoSuchKey", name: "NoSuchKey", status: 404, $metadata: { httpStatusCode: 404 } });
  });

  it("serves a presigned GET's body with the type and disposition asked", async () => {
    const k = key("报表.xlsx");
    await bucket().putObject(k, Buffer.from("sheet"), { contentType: "application/octet-stream" });
    const disposition = "attachment; filename*=UTF-8''%E6%8A%A5%E8%A1%A8.xlsx";
    const url = browserBucket().presignGet(k, { contentType: "application/vnd.ms-excel", disposition, expiresIn: 60 });
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe("sheet");
    expect(res.headers.get("content-type")).toBe("application/vnd.ms-excel");
    expect(res.headers.get("content-disposition")).toBe(disposition);
  });
});

type Presigner = { presign(r: object, o: { signingDate: Date; expiresIn: number; unhoistableHeaders: Set<string> }): Promise<{ query: Record<string, string> }> };
/** The S3 client's own signer (its config types it as signing only; it presigns too). */
const s3Signer = (client: S3Client) => (client.config.signer as unknown as () => Promise<Presigner>)();

/**
 * s3rver does not check V4 signatures, so S3's check of a presigned request is done here with the
 * S3 client's own signer: the signature S3 computes from the method, path, query and the headers the
 * URL names as signed, with their values as sent. A header named but not sent is refused.
 */
async function s3Accepts(url: string, method: string, sent: Record<string, string>): Promise<boolean> {
  const u = new URL(url);
  const q = Object.fromEntries(u.searchParams);
  const { "X-Amz-Signature": given, "X-Amz-Credential": credential, "X-Amz-Date": date, "X-Amz-Expires": expires, "X-Amz-Security-Token": sessionToken } = q;
  const { "X-Amz-SignedHeaders": names, "X-Amz-Content-Sha256": payload, "X-Amz-Algorithm": _, ...query } = q;
  for (const k of ["X-Amz-Signature", "X-Amz-Credential", "X-Amz-Date", "X-Amz-Expires", "X-Amz-Security-Token"]) delete query[k];
  const all: Record<string, string> = { host: u.host, ...Object.fromEntries(Object.entries(sent).map(([k, v]) => [k.toLowerCase(), v])) };
  const signed = names!.split(";");
  if (signed.some((n) => all[n] === undefined)) return false;
  const [accessKeyId, , region] = credential!.split("/");
  const credentials = { accessKeyId: accessKeyId!, secretAccessKey: "local", sessionToken };
  const signer = await s3Signer(new S3Client({ region: region!, credentials }));
  const headers = { ...Object.fromEntries(signed.map((n) => [n, all[n]!])), "X-Amz-Content-Sha256": payload! };
  const request = { method, protocol: u.protocol, hostname: u.hostname, port: Number(u.port), path: u.pathname, query, headers };
  const signingDate = new Date(date!.replace(/^(\d{4})(\d\d)(\d\d)T(\d\d)(\d\d)(\d\d)Z$/, "$1-$2-$3T$4:$5:$6Z"));
  const again = await signer.presign(request, { signingDate, expiresIn: Number(expires), unhoistableHeaders: new Set(signed.filter((n) => n.startsWith("x-amz-"))) });
  return again.query["X-Amz-Signature"] === given;
}

describe("a presigned PUT is bound to its type, length and digest", () => {
  const body = Buffer.from("a presigned upload");
  const k = key("上传 a+b.png");

  it.each([
    ["SHA-256 checksum", { checksumSha256: sha256(body) }, { "x-amz-checksum-sha256": sha256(body) }],
    ["Content-MD5", { contentMd5: md5(body) }, { "Content-MD5": md5(body) }],
  ] as const)("is accepted with the headers it was signed with (%s), and stores the bytes", async (_, digest, digestHeader) => {
    const url = browserBucket().presignPut(k, { contentType: "image/png", size: body.length, digest, expiresIn: 60 });
    const headers = { "Content-Type": "image/png", "Content-Length": String(body.length), ...digestHeader };
    expect(await s3Accepts(url, "PUT", headers)).toBe(true);
    const res = await fetch(url, { method: "PUT", body, headers: { "Content-Type": "image/png", ...digestHeader } });
    expect(res.status).toBe(200);
    expect(await bucket().getObject(k)).toEqual(body);
  });

  it("is refused with another content type, length or digest, or without the digest", async () => {
    const url = browserBucket().presignPut(k, { contentType: "image/png", size: body.length, digest: { checksumSha256: sha256(body) }, expiresIn: 60 });
    const right = { "Content-Type": "image/png", "Content-Length": String(body.length), "x-amz-checksum-sha256": sha256(body) };
    expect(await s3Accepts(url, "PUT", right)).toBe(true);
    expect(await s3Accepts(url, "PUT", { ...right, "Content-Type": "text/html" })).toBe(false);
    expect(await s3Accepts(url, "PUT", { ...right, "Content-Length": String(body.length + 1) })).toBe(false);
    expect(await s3Accepts(url, "PUT", { ...right, "x-amz-checksum-sha256": sha256(Buffer.from("other")) })).toBe(false);
    const { "x-amz-checksum-sha256": _, ...withoutDigest } = right;
    expect(await s3Accepts(url, "PUT", withoutDigest)).toBe(false);
    expect(await s3Accepts(url, "GET", right)).toBe(false);
  });
});

describe("s3Lite retries and errors", () => {
  let server: Server | undefined;
  afterAll(() => server?.close());

  /** A stand-in for S3 answering `answers` in turn (then the last one again). */
  async function standIn(answers: Array<{ status: number; xml?: string; headers?: Record<string, string> }>): Promise<{ client: S3Lite; calls: () => number }> {
    let calls = 0;
    server?.close();
    server = createServer((req, res) => {
      const a = answers[Math.min(calls++, answers.length - 1)]!;
      req.resume();
      res.writeHead(a.status, { ...a.headers, ...(a.xml ? { "content-type": "application/xml" } : {}) });
      res.end(req.method === "HEAD" ? undefined : a.xml);
    });
    await new Promise<void>((r) => server!.listen(0, "127.0.0.1", r));
    const { port } = server.address() as { port: number };
    const client = new S3Lite({
      endpoint: `http://127.0.0.1:${port}`,
      region: config.region,
      bucket: "b",
      credentials: () => ({ accessKeyId: "local", secretAccessKey: "local" }),
    });
    return { client, calls: () => calls };
  }
  const slowDown = { status: 503, xml: "<Error><Code>SlowDown</Code><Message>Please reduce your request rate.</Message></Error>" };

  it("tries a SlowDown and a 500 again, and answers the attempt that succeeds", async () => {
    const s = await standIn([slowDown, { status: 500, xml: "<Error><Code>InternalError</Code></Error>" }, { status: 200, headers: { "content-length": "7" } }]);
    expect(await s.client.headObject("k")).toMatchObject({ size: 7 });
    expect(s.calls()).toBe(3);
  });

  it("gives up after three attempts, and does not repeat a refusal", async () => {
    const busy = await standIn([slowDown]);
    await expect(busy.client.deleteObject("k")).rejects.toMatchObject({ code: "SlowDown", status: 503 });
    expect(busy.calls()).toBe(3);
    const denied = await standIn([{ status: 403, xml: "<Error><Code>AccessDenied</Code><Message>Access Denied</Message></Error>" }]);
    await expect(denied.client.putObject("k", "x", { contentType: "text/plain" })).rejects.toMatchObject({ code: "AccessDenied", message: "Access Denied", status: 403 });
    expect(denied.calls()).toBe(1);
  });
});
