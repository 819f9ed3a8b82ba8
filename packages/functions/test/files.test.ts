import { describe, it, expect, beforeAll } from "vitest";
import { createHash, randomBytes } from "node:crypto";
import { get, post, testTenant, type Reply } from "./harness.ts";
import { objectHead } from "@xiangyu/core/files/storage";
import { loadFile } from "@xiangyu/core/files/service";
import { StoredFile } from "@xiangyu/core/files/entities";
import {
  UPLOADERS,
  UPLOAD_MSG,
  checkUpload,
  contentDisposition,
  formatMB,
  hashAlgorithm,
  limitKB,
  looksLike,
  mayUpload,
  parseRemotename,
  storageKey,
} from "@xiangyu/core/files/rules";

// A real 1×1 PNG; random bytes after IEND keep each test's file distinct (viewers ignore them).
const PNG_1X1 = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==", "base64");
const png = (extraBytes = 16) => Buffer.concat([PNG_1X1, randomBytes(extraBytes)]);
const md5 = (b: Buffer) => createHash("md5").update(b).digest("hex");
const sha256 = (b: Buffer) => createHash("sha256").update(b).digest("hex");

const FORMAT_IMAGE = "文件格式不正确，请上传 jpg、png、gif、jpeg 格式的文件";
const IMAGE_TOO_BIG = "文件大小不能超过 1.95MB";

let t: Awaited<ReturnType<typeof testTenant>>;
beforeAll(async () => {
  t = await testTenant();
});

/** A multipart body exactly as a browser's FormData sends it. */
async function multipart(fields: Record<string, string | { bytes: Buffer; name: string; type?: string }>) {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) {
    if (typeof v === "string") fd.append(k, v);
    else fd.append(k, new Blob([v.bytes], { type: v.type ?? "" }), v.name);
  }
  const req = new Request("http://localhost/", { method: "POST", body: fd });
  return { body: Buffer.from(await req.arrayBuffer()), contentType: req.headers.get("content-type")! };
}

/** Screens that upload (seed menu): 会员酒店 (hotels, pictures), 客户列表 (clients, the import sheet), 支付通道 (platform, certificates). */
const HOTEL_FN = 1601;
const CLIENTS_FN = 2001;
const PAY_FN = 1102;
/** A screen whose module has no reason to upload: 全部订单 (orders). */
const ORDERS_FN = 1701;

/** The function a screen uploading this kind sends. */
const screenFor = (kind: unknown) => (kind === "excel" ? CLIENTS_FN : kind === "pem" || kind === "video" || kind === "apk" ? PAY_FN : HOTEL_FN);

/** `token: null` calls without a session. */
async function upload(
  path: "/upload" | "/uploader/upload",
  fields: Parameters<typeof multipart>[0],
  token: string | null = t.adminToken,
  functionId: number = screenFor(fields.kind),
): Promise<Reply> {
  return post(path, { token: token ?? undefined, functionId, raw: await multipart(fields) });
}

const presign = (json: Record<string, unknown>, token: string | null = t.adminToken, functionId: number = screenFor(json.kind)) =>
  post("/uploader/presign", { token: token ?? undefined, functionId, json });
const confirm = (remotename: string, token: string = t.adminToken, functionId: number = HOTEL_FN) => post("/uploader/confirm", { token, functionId, json: { remotename } });

/** Presigns, PUTs `bytes` with the signed headers, and answers the presign's data (not confirmed). */
async function presignAndPut(bytes: Buffer, ask: Record<string, unknown>) {
  const r = await presign({ size: bytes.length, hash: sha256(bytes), ...ask });
  expect(r.body.code, JSON.stringify(r.body)).toBe("200");
  const put = await fetch(r.body.data.uploadUrl, { method: "PUT", body: bytes, headers: r.body.data.uploadHeaders });
  expect(put.status).toBe(200);
  return r.body.data;
}

/** Follows the read path's redirect and returns what the browser would get. */
async function readThrough(remotename: string) {
  const r = await get(`/uploader/files/${remotename}`);
  expect(r.status).toBe(302);
  const res = await fetch(r.headers.location!);
  return { redirect: r, status: res.status, type: res.headers.get("content-type"), bytes: Buffer.from(await res.arrayBuffer()) };
}

const head = async (key: string) => (await objectHead(key))!;

describe("presigned uploads", () => {
  it("gives a PUT URL, then recognises the uploaded file by its hash", async () => {
    const file = png();
    const ask = { name: "酒店外景.png", size: file.length, contentType: "image/png", hash: sha256(file) };
    const first = await presign(ask);
    expect(first.body.code).toBe("200");
    const d = first.body.data;
    expect(d).toMatchObject({ exists: false, ext: "png", localname: "酒店外景.png", remotename: `${t.clientId}/${sha256(file)}.png` });
    expect(d.url).toBe(`/uploader/files/${d.remotename}`);
    expect(d.uploadUrl).toMatch(/^https?:\/\//);
    expect(d.uploadHeaders).toEqual({ "Content-Type": "image/png", "x-amz-checksum-sha256": createHash("sha256").update(file).digest("base64") });

    // Not uploaded yet: asking again is no hit, and the file cannot be read.
    expect((await presign(ask)).body.data.exists).toBe(false);
    expect((await get(`/uploader/files/${d.remotename}`)).status).toBe(404);

    const put = await fetch(d.uploadUrl, { method: "PUT", body: file, headers: d.uploadHeaders });
    expect(put.status).toBe(200);
    // In the bucket but not confirmed: still no hit, still not readable.
    expect((await presign(ask)).body.data.exists).toBe(false);
    expect((await get(`/uploader/files/${d.remotename}`)).status).toBe(404);
    await fetch(d.uploadUrl, { method: "PUT", body: file, headers: d.uploadHeaders });
    const confirmed = await confirm(d.remotename);
    expect(confirmed.body).toEqual({ code: "200", desc: "", data: { remotename: d.remotename, ext: "png", localname: "酒店外景.png", url: d.url } });

    const again = await presign({ ...ask, name: "另一个名字.png" });
    expect(again.body.data).toEqual({ exists: true, remotename: d.remotename, ext: "png", localname: "另一个名字.png", url: d.url });
    const stored = await StoredFile.get({ tenantId: t.clientId, hash: sha256(file), ext: "png" }).go();
    expect(stored.data).toMatchObject({ confirmed: true, verified: true });

    const read = await readThrough(d.remotename);
    expect(read.status).toBe(200);
    expect(read.type).toBe("image/png");
    expect(read.bytes.equals(file)).toBe(true);
    expect(read.redirect.headers["cache-control"]).toMatch(/^public, max-age=\d+$/);
  });

  it("binds an MD5-hashed upload with Content-MD5", async () => {
    const file = png();
    const r = await presign({ name: "a.PNG", size: file.length, contentType: "", hash: md5(file).toUpperCase() });
    expect(r.body.data).toMatchObject({ exists: false, ext: "png", remotename: `${t.clientId}/${md5(file)}.png` });
    expect(r.body.data.uploadHeaders).toEqual({ "Content-Type": "image/png", "Content-MD5": createHash("md5").update(file).digest("base64") });
    expect(r.body.data.uploadUrl).toContain("content-md5");
  });

  it("refuses a wrong format before giving a URL", async () => {
    const ask = { size: 1000, hash: "a".repeat(64) };
    for (const bad of [
      { name: "setup.exe", contentType: "application/octet-stream" },
      { name: "合同.pdf", contentType: "application/pdf" },
      { name: "伪装.png", contentType: "application/pdf" },
      { name: "无扩展名", contentType: "image/png" },
    ]) {
      const r = await presign({ ...ask, ...bad });
      expect(r.body, bad.name).toEqual({ code: "400", desc: FORMAT_IMAGE });
    }
    const sheet = await presign({ ...ask, name: "客户.xls", kind: "excel" });
    expect(sheet.body.desc).toBe("文件格式不正确，请上传 xlsx 格式的文件");
    expect((await presign({ ...ask, name: "a.png", kind: "script" })).body.desc).toBe(UPLOAD_MSG.badKind);
    expect((await presign({ ...ask, name: "a.png", hash: "not-a-hash" })).body.desc).toBe(UPLOAD_MSG.badHash);
  });

  it("refuses a file over the kind's limit or the screen's smaller one, never allowing more than the kind", async () => {
    const ask = { name: "大图.jpg", contentType: "image/jpeg", hash: "b".repeat(64) };
    expect((await presign({ ...ask, size: 2100 * 1024 })).body).toEqual({ code: "400", desc: IMAGE_TOO_BIG });
    expect((await presign({ ...ask, size: 2100 * 1024, maxKB: 99999 })).body.desc).toBe(IMAGE_TOO_BIG);
    expect((await presign({ ...ask, size: 1500 * 1024, maxKB: 1000 })).body.desc).toBe("文件大小不能超过 0.98MB");
    expect((await presign({ ...ask, size: 2000 * 1024 })).body.code).toBe("200");
    const sheet = await presign({ name: "客户.xlsx", size: 60 * 1024 * 1024, hash: "c".repeat(64), kind: "excel" });
    expect(sheet.body.desc).toBe("文件大小不能超过 50MB");
  });

  it("needs a session", async () => {
    const r = await presign({ name: "a.png", size: 10, hash: "d".repeat(64) }, null);
    expect(r.status).toBe(401);
  });
});

describe("who may upload (issue 11: uploads need a reason)", () => {
  const NO_RIGHT = { code: "403", desc: "你无操作权限" };
  const ask = () => {
    const file = png();
    return { name: "房间.png", size: file.length, contentType: "image/png", hash: sha256(file) };
  };

  it("needs A or E on a function of a module that uploads: a clerk with no letter is refused", async () => {
    const viewer = await t.userWith({ [HOTEL_FN]: "" });
    expect((await presign(ask(), viewer.token)).body).toEqual(NO_RIGHT);
    expect((await upload("/upload", { file: { bytes: png(), name: "a.png", type: "image/png" } }, viewer.token)).body).toEqual(NO_RIGHT);
    expect((await upload("/uploader/upload", { file: { bytes: png(), name: "a.png", type: "image/png" } }, viewer.token)).body).toEqual(NO_RIGHT);
    expect((await confirm(`${t.clientId}/${"a".repeat(64)}.png`, viewer.token)).body).toEqual(NO_RIGHT);
    // Deleting or reviewing is no reason to upload.
    const reviewer = await t.userWith({ [HOTEL_FN]: "DPR" });
    expect((await presign(ask(), reviewer.token)).body).toEqual(NO_RIGHT);

    for (const letters of ["A", "E"]) {
      const editor = await t.userWith({ [HOTEL_FN]: letters });
      const r = await presign(ask(), editor.token);
      expect(r.body.code, letters).toBe("200");
      expect(r.body.data.exists).toBe(false);
    }
  });

  it("answers HTTP 403 for a module that does not upload, a function not held, or none", async () => {
    const clerk = await t.userWith({ [ORDERS_FN]: "AEDPRS", [HOTEL_FN]: "AE" });
    for (const functionId of [ORDERS_FN, 1602]) {
      const r = await presign(ask(), clerk.token, functionId);
      expect(r.status, String(functionId)).toBe(403);
      expect((await upload("/upload", { file: { bytes: png(), name: "a.png", type: "image/png" } }, clerk.token, functionId)).status).toBe(403);
    }
    const bare = await post("/uploader/presign", { token: clerk.token, json: ask() });
    expect(bare.status).toBe(403);
  });

  it("takes only the kinds the screen's module uploads", async () => {
    const sheet = Buffer.concat([Buffer.from("PK\x03\x04", "binary"), randomBytes(32)]);
    const sheetAsk = { name: "客户.xlsx", size: sheet.length, hash: sha256(sheet), kind: "excel" };
    const hotelClerk = await t.userWith({ [HOTEL_FN]: "AE", [CLIENTS_FN]: "A" });
    expect((await presign(sheetAsk, hotelClerk.token, HOTEL_FN)).body).toEqual(NO_RIGHT);
    expect((await upload("/upload", { file: { bytes: sheet, name: "客户.xlsx" }, kind: "excel" }, hotelClerk.token, HOTEL_FN)).body).toEqual(NO_RIGHT);
    expect((await presign(ask(), hotelClerk.token, CLIENTS_FN)).body).toEqual(NO_RIGHT);
    expect((await presign(sheetAsk, hotelClerk.token, CLIENTS_FN)).body.code).toBe("200");
    // Confirming is judged by the stored file's kind: a sheet is not confirmed from a hotel screen.
    expect((await confirm(`${t.clientId}/${sha256(sheet)}.xlsx`, hotelClerk.token, HOTEL_FN)).body).toEqual(NO_RIGHT);
  });

  it("lists the uploading modules once, with their kinds", () => {
    expect(Object.keys(UPLOADERS).sort()).toEqual(
      ["clients", "content", "goods", "hotels", "lottery", "org", "pages", "platform", "products", "users", "vouchers", "weeks", "website"].sort(),
    );
    expect(UPLOADERS.clients).toEqual(["excel"]);
    expect(mayUpload("hotels", "image")).toBe(true);
    expect(mayUpload("hotels", "excel")).toBe(false);
    expect(mayUpload("orders", "image")).toBe(false);
  });
});

describe("presigned PUTs are bound to type, length and checksum", () => {
  it("signs content-type, content-length and x-amz-checksum-sha256, and asks the browser to send exactly the type and the checksum", async () => {
    const file = png();
    const r = await presign({ name: "a.png", size: file.length, contentType: "image/png", hash: sha256(file) });
    const url = new URL(r.body.data.uploadUrl);
    const signed = (url.searchParams.get("X-Amz-SignedHeaders") ?? "").split(";");
    expect(signed).toEqual(expect.arrayContaining(["content-type", "content-length", "x-amz-checksum-sha256"]));
    // The checksum travels as a signed header, not as a query parameter anyone could drop.
    expect(url.searchParams.has("x-amz-checksum-sha256")).toBe(false);
    // Content-Length is the browser's own (a forbidden header for scripts): it must equal the signed size.
    expect(Object.keys(r.body.data.uploadHeaders).sort()).toEqual(["Content-Type", "x-amz-checksum-sha256"]);
  });
});

describe("a presigned upload is checked by its bytes before use (POST /uploader/confirm)", () => {
  it("refuses and deletes a file whose bytes are not its type, so it is never served", async () => {
    const page = Buffer.from(`<html><script>alert(document.cookie)</script>${randomBytes(8).toString("hex")}</html>`);
    const d = await presignAndPut(page, { name: "头像.png", contentType: "image/png" });
    expect(await objectHead(d.remotename)).not.toBeNull();
    expect((await get(`/uploader/files/${d.remotename}`)).status).toBe(404);

    expect((await confirm(d.remotename)).body).toEqual({ code: "400", desc: "文件内容与类型不符" });
    expect(await objectHead(d.remotename)).toBeNull();
    expect((await StoredFile.get({ tenantId: t.clientId, hash: sha256(page), ext: "png" }).go()).data).toBeNull();
    expect((await get(`/uploader/files/${d.remotename}`)).status).toBe(404);
  });

  it("checks a sheet for the ZIP signature, and a server use refuses it until confirmed", async () => {
    const notZip = Buffer.from(`姓名,手机号\n张三,13900000001\n${randomBytes(4).toString("hex")}`);
    const bad = await presignAndPut(notZip, { name: "客户.xlsx", kind: "excel" });
    expect((await confirm(bad.remotename, t.adminToken, CLIENTS_FN)).body).toEqual({ code: "400", desc: "文件内容与类型不符" });

    const sheet = Buffer.concat([Buffer.from("PK\x03\x04", "binary"), randomBytes(64)]);
    const good = await presignAndPut(sheet, { name: "客户.xlsx", kind: "excel" });
    await expect(loadFile(t.clientId, good.remotename)).rejects.toThrow(UPLOAD_MSG.notFound);
    expect((await confirm(good.remotename, t.adminToken, CLIENTS_FN)).body.data).toMatchObject({ remotename: good.remotename, ext: "xlsx" });
    expect(Buffer.from((await loadFile(t.clientId, good.remotename)).bytes).equals(sheet)).toBe(true);
    // Confirming again changes nothing.
    expect((await confirm(good.remotename, t.adminToken, CLIENTS_FN)).body.code).toBe("200");
  });

  it("answers a file not uploaded yet, or another tenant's, as missing", async () => {
    const file = png();
    const r = await presign({ name: "a.png", size: file.length, contentType: "image/png", hash: sha256(file) });
    expect((await confirm(r.body.data.remotename)).body).toEqual({ code: "404", desc: UPLOAD_MSG.notFound });
    // The record stays: the PUT may still come.
    await fetch(r.body.data.uploadUrl, { method: "PUT", body: file, headers: r.body.data.uploadHeaders });
    expect((await confirm(r.body.data.remotename)).body.code).toBe("200");
    const other = await testTenant();
    expect((await confirm(r.body.data.remotename, other.adminToken)).body).toEqual({ code: "404", desc: UPLOAD_MSG.notFound });
    expect((await confirm("../etc/passwd")).body).toEqual({ code: "404", desc: UPLOAD_MSG.notFound });
  });
});

describe("how files are served", () => {
  it("says nosniff on every read reply, shows pictures inline and has everything else saved", async () => {
    const picture = await upload("/upload", { file: { bytes: png(), name: "图.png", type: "image/png" } });
    const pic = await get(`/uploader/files/${picture.body.data.remotename}`);
    expect(pic.headers["x-content-type-options"]).toBe("nosniff");
    expect(new URL(pic.headers.location!).searchParams.get("response-content-disposition")).toBe("inline");

    const mp4 = Buffer.concat([Buffer.from("\x00\x00\x00\x18ftypmp42", "binary"), randomBytes(32)]);
    const video = await upload("/upload", { file: { bytes: mp4, name: "宣传片.mp4", type: "video/mp4" }, kind: "video" });
    expect(video.body.code, JSON.stringify(video.body)).toBe("200");
    const read = await readThrough(video.body.data.remotename);
    expect(read.redirect.headers["x-content-type-options"]).toBe("nosniff");
    expect(new URL(read.redirect.headers.location!).searchParams.get("response-content-disposition")).toMatch(/^attachment; filename=/);

    const missing = await get(`/uploader/files/${t.clientId}/${"e".repeat(64)}.png`);
    expect(missing.headers["x-content-type-options"]).toBe("nosniff");
  });
});

describe("multipart uploads (the spec's POST /upload)", () => {
  it("stores a small image and answers remotename, ext, localname", async () => {
    const file = png();
    const r = await upload("/upload", { file: { bytes: file, name: "头像.png", type: "image/png" }, md5file: md5(file) });
    expect(r.body.code).toBe("200");
    expect(r.body.data).toEqual({ remotename: `${t.clientId}/${sha256(file)}.png`, ext: "png", localname: "头像.png", url: `/uploader/files/${t.clientId}/${sha256(file)}.png` });
    const read = await readThrough(r.body.data.remotename);
    expect(read.bytes.equals(file)).toBe(true);
  });

  it("does not store the same file twice", async () => {
    const file = png();
    const first = await upload("/uploader/upload", { file: { bytes: file, name: "一.png", type: "image/png" } });
    const key = first.body.data.remotename;
    const before = await head(key);
    expect(before.lastModified).toBeInstanceOf(Date);
    const record = await StoredFile.get({ tenantId: t.clientId, hash: sha256(file), ext: "png" }).go();
    // s3rver's LastModified has one-second resolution: a second write must be able to show.
    await new Promise((r) => setTimeout(r, 1100));

    const second = await upload("/upload", { file: { bytes: file, name: "二.png", type: "image/png" }, md5file: sha256(file) });
    expect(second.body.data).toMatchObject({ remotename: key, localname: "二.png" });
    expect((await head(key)).lastModified).toEqual(before.lastModified);
    const after = await StoredFile.get({ tenantId: t.clientId, hash: sha256(file), ext: "png" }).go();
    expect(after.data?.createdAt).toBe(record.data?.createdAt);

    // A browser that hashes with MD5 finds it too, and is not asked to upload it.
    const asked = await presign({ name: "三.png", size: file.length, contentType: "image/png", hash: md5(file) });
    expect(asked.body.data).toMatchObject({ exists: true, remotename: key });
  });

  it("refuses a wrong format, also when only the name pretends", async () => {
    const exe = await upload("/upload", { file: { bytes: Buffer.from("MZ\x90\x00 this program", "binary"), name: "tool.exe", type: "application/x-msdownload" } });
    expect(exe.body).toEqual({ code: "400", desc: FORMAT_IMAGE });
    const pdf = Buffer.from("%PDF-1.7\n%âãÏÓ\n1 0 obj\n");
    expect((await upload("/upload", { file: { bytes: pdf, name: "报价.pdf", type: "application/pdf" } })).body.desc).toBe(FORMAT_IMAGE);
    expect((await upload("/upload", { file: { bytes: pdf, name: "报价.png", type: "image/png" } })).body.desc).toBe(FORMAT_IMAGE);
  });

  it("refuses a file over the limit, the screen's maxKB, or the size a request can carry", async () => {
    const big = png(2100 * 1024);
    expect((await upload("/upload", { file: { bytes: big, name: "大.png", type: "image/png" } })).body).toEqual({ code: "400", desc: IMAGE_TOO_BIG });
    const small = png(3 * 1024);
    expect((await upload("/upload", { file: { bytes: small, name: "小.png", type: "image/png" }, maxKB: "2" })).body.desc).toBe("文件大小不能超过 0.002MB");
    // Just over the multipart ceiling: the body is read and the file refused with the limit.
    const sheet = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), randomBytes(4 * 1024 * 1024)]);
    const r = await upload("/upload", { file: { bytes: sheet, name: "客户.xlsx", type: "" }, kind: "excel" });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ code: "400", desc: "文件大小不能超过 4MB" });
    // Far beyond it (the route's maxBody, MULTIPART_MAX_BODY): refused before the body is read.
    const huge = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), randomBytes(5 * 1024 * 1024)]);
    const tooBig = await upload("/upload", { file: { bytes: huge, name: "客户.xlsx", type: "" }, kind: "excel" });
    expect(tooBig.status).toBe(200);
    expect(tooBig.body).toEqual({ code: "413", desc: "请求数据过大" });
  });

  it("fails when md5file does not match the bytes", async () => {
    const file = png();
    const r = await upload("/upload", { file: { bytes: file, name: "a.png", type: "image/png" }, md5file: md5(png()) });
    expect(r.body).toEqual({ code: "400", desc: "上传失败！" });
  });

  it("needs a file and a session", async () => {
    expect((await upload("/upload", { md5file: "x" })).body.desc).toBe(UPLOAD_MSG.noFile);
    // A text field named file is no file.
    expect((await upload("/uploader/upload", { file: "头像.png" })).body).toEqual({ code: "400", desc: UPLOAD_MSG.noFile });
    expect((await upload("/upload", { file: { bytes: png(), name: "a.png", type: "image/png" }, kind: "script" })).body.desc).toBe(UPLOAD_MSG.badKind);
    expect((await upload("/upload", { file: { bytes: png(), name: "a.png", type: "image/png" }, maxKB: "0.5" })).body.desc).toBe(UPLOAD_MSG.badParam);
    const r = await upload("/upload", { file: { bytes: png(), name: "a.png", type: "image/png" } }, null);
    expect(r.status).toBe(401);
  });

  it("keeps certificates out of the public read path", async () => {
    const pem = Buffer.from(`-----BEGIN PRIVATE KEY-----\n${randomBytes(48).toString("base64")}\n-----END PRIVATE KEY-----\n`);
    const r = await upload("/upload", { file: { bytes: pem, name: "apiclient_key.pem", type: "" }, kind: "pem" });
    expect(r.body.data.ext).toBe("pem");
    expect((await get(`/uploader/files/${r.body.data.remotename}`)).status).toBe(404);
  });
});

describe("bounded inputs", () => {
  it("refuses an over-long name or type, and a size that is no whole number, before any URL", async () => {
    const ask = { name: "a.png", size: 10, contentType: "image/png", hash: "f".repeat(64) };
    expect((await presign({ ...ask, name: `${"名".repeat(252)}.png` })).body).toEqual({ code: "400", desc: UPLOAD_MSG.badParam });
    expect((await presign({ ...ask, contentType: "image/" + "x".repeat(250) })).body).toEqual({ code: "400", desc: UPLOAD_MSG.badParam });
    for (const size of ["1e3", 10.5, -1, 2 ** 31, "ten"]) expect((await presign({ ...ask, size })).body, String(size)).toEqual({ code: "400", desc: UPLOAD_MSG.badParam });
    expect((await presign({ ...ask, hash: "f".repeat(65) })).body).toEqual({ code: "400", desc: UPLOAD_MSG.badHash });
    expect((await presign({ ...ask, name: "" })).body).toEqual({ code: "400", desc: UPLOAD_MSG.noFile });
  });

  it("answers a path that cannot name a file with a Chinese message, never a 500", async () => {
    const r = await get(`/uploader/files/${t.clientId}/${"e".repeat(300)}.png`);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ code: "400", desc: UPLOAD_MSG.notFound });
  });
});

describe("the read path", () => {
  it("answers 404 for unknown files and refuses traversal", async () => {
    const unknown = await get(`/uploader/files/${t.clientId}/${"e".repeat(64)}.png`);
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ code: "404", desc: "文件不存在或已被删除" });
    for (const p of [
      `/uploader/files/${t.clientId}/%2e%2e/%2e%2e/etc/passwd`,
      `/uploader/files/%2e%2e/${t.clientId}/${"e".repeat(64)}.png`,
      `/uploader/files/${t.clientId}/..%2f${"e".repeat(64)}.png`,
      `/uploader/files/../../${t.clientId}/x.png`,
    ]) {
      const r = await get(p);
      expect(r.status, p).toBe(404);
      expect(r.headers.location, p).toBeUndefined();
    }
  });
});

describe("upload rules", () => {
  it("takes jpg, png, gif, jpeg as images by default, in any case", () => {
    for (const name of ["a.jpg", "b.PNG", "c.gif", "d.JpEg"]) expect(checkUpload({ name, size: 10 }).kind).toBe("image");
    expect(() => checkUpload({ name: "a.webp", size: 10 })).toThrow(FORMAT_IMAGE);
    expect(checkUpload({ name: "C:\\fakepath\\照片.JPG", size: 10 })).toMatchObject({ ext: "jpg", contentType: "image/jpeg", localname: "照片.JPG" });
  });

  it("checks the declared type only against the extension's own names", () => {
    expect(checkUpload({ name: "a.jpg", size: 1, contentType: "image/pjpeg" }).contentType).toBe("image/jpeg");
    expect(checkUpload({ name: "a.pem", size: 1, contentType: "application/x-x509-ca-cert", kind: "pem" }).ext).toBe("pem");
    expect(() => checkUpload({ name: "a.png", size: 1, contentType: "image/gif" })).toThrow(FORMAT_IMAGE);
  });

  it("lets a screen lower the limit but never raise it", () => {
    expect(limitKB("image")).toBe(2000);
    expect(limitKB("image", 1000)).toBe(1000);
    expect(limitKB("image", 5000)).toBe(2000);
    expect(limitKB("excel", undefined, 4096)).toBe(4096);
    expect(() => checkUpload({ name: "a.png", size: 10, maxKB: "-1" })).toThrow(UPLOAD_MSG.badParam);
    expect(() => checkUpload({ name: "a.png", size: 0 })).toThrow(UPLOAD_MSG.empty);
    expect(checkUpload({ name: "a.png", size: 2000 * 1024 }).limitKB).toBe(2000);
    expect(() => checkUpload({ name: "a.png", size: 2000 * 1024 + 1 })).toThrow(IMAGE_TOO_BIG);
  });

  it("writes limits in MB", () => {
    expect(formatMB(2000)).toBe("1.95");
    expect(formatMB(1000)).toBe("0.98");
    expect(formatMB(51200)).toBe("50");
    expect(formatMB(1)).toBe("0.00098");
  });

  it("tells MD5 from SHA-256 and nothing else", () => {
    expect(hashAlgorithm("0".repeat(32))).toBe("md5");
    expect(hashAlgorithm("f".repeat(64))).toBe("sha256");
    expect(hashAlgorithm("F".repeat(64))).toBeNull();
    expect(hashAlgorithm("g".repeat(32))).toBeNull();
  });

  it("recognises formats by their first bytes", () => {
    expect(looksLike("png", PNG_1X1)).toBe(true);
    expect(looksLike("jpg", Buffer.from([0xff, 0xd8, 0xff, 0xe0]))).toBe(true);
    expect(looksLike("gif", Buffer.from("GIF89a..."))).toBe(true);
    expect(looksLike("png", Buffer.from("GIF89a..."))).toBe(false);
    expect(looksLike("xlsx", Buffer.from("PK\x03\x04", "binary"))).toBe(true);
    expect(looksLike("mp4", Buffer.from("\x00\x00\x00\x18ftypmp42", "binary"))).toBe(true);
    expect(looksLike("m3u8", Buffer.from("\uFEFF#EXTM3U\n"))).toBe(true);
    expect(looksLike("pem", Buffer.from("\n-----BEGIN CERTIFICATE-----"))).toBe(true);
    expect(looksLike("apk", Buffer.from("MZ"))).toBe(false);
  });

  it("names stored files by tenant and content, and reads names strictly", () => {
    const h = "a".repeat(64);
    expect(storageKey("xiangyu", h, "png")).toBe(`xiangyu/${h}.png`);
    expect(() => storageKey("../x", h, "png")).toThrow();
    expect(parseRemotename(`xiangyu/${h}.png`)).toEqual({ tenantId: "xiangyu", hash: h, ext: "png" });
    for (const bad of [
      `../${h}.png`,
      `xiangyu/../${h}.png`,
      `..%2f/${h}.png`,
      `xiangyu/${h}.exe`,
      `xiangyu/${h.toUpperCase()}.png`,
      `a/b/${h}.png`,
      `xiangyu/${h}.png/`,
      `.../${h}.png`,
    ]) {
      expect(parseRemotename(bad), bad).toBeNull();
    }
  });

  it("shows pictures inline and saves other files under their own name", () => {
    expect(contentDisposition("image", "图.png")).toBe("inline");
    expect(contentDisposition("apk", "祥裕 1.2.apk")).toBe(`attachment; filename="__ 1.2.apk"; filename*=UTF-8''${encodeURIComponent("祥裕 1.2.apk")}`);
  });
});
