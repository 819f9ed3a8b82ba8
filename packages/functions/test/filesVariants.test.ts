import { describe, it, expect, beforeAll } from "vitest";
import { createHash, randomBytes } from "node:crypto";
import { get, post, testTenant } from "./harness.ts";
import { UPLOAD_MSG, parseRemotename } from "@xiangyu/core/files/rules";
import { variantUrl, withVariants } from "@xiangyu/core/content/pictureVariants";

/**
 * A picture's smaller copies (issue 35, core/content/pictureVariants.ts): the console's uploader
 * presigns each with `variantOf` (the original's remotename) and `width`; it is stored beside the
 * original as `<tenant>/<hash>.w480.webp`, confirmed by its first bytes like any upload, and read
 * through the same public path, so the website can name it from the original's address alone.
 */
const PNG_1X1 = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==", "base64");
const webp = () => {
  const body = Buffer.concat([Buffer.from("WEBPVP8L"), randomBytes(24)]);
  const size = Buffer.alloc(4);
  size.writeUInt32LE(body.length);
  return Buffer.concat([Buffer.from("RIFF"), size, body]);
};
const sha256 = (b: Buffer) => createHash("sha256").update(b).digest("hex");
const HOTEL_FN = 1601;

let t: Awaited<ReturnType<typeof testTenant>>;
let original = "";
const presign = (json: Record<string, unknown>, token = t.adminToken) => post("/uploader/presign", { token, functionId: HOTEL_FN, json });
const confirm = (remotename: string) => post("/uploader/confirm", { token: t.adminToken, functionId: HOTEL_FN, json: { remotename } });

async function putAndConfirm(bytes: Buffer, ask: Record<string, unknown>) {
  const r = await presign({ size: bytes.length, hash: sha256(bytes), ...ask });
  expect(r.body.code, JSON.stringify(r.body)).toBe("200");
  const put = await fetch(r.body.data.uploadUrl, { method: "PUT", body: bytes, headers: r.body.data.uploadHeaders });
  expect(put.status).toBe(200);
  return { presigned: r.body.data, confirmed: await confirm(r.body.data.remotename) };
}

beforeAll(async () => {
  t = await testTenant();
  const file = Buffer.concat([PNG_1X1, randomBytes(16)]);
  const { confirmed } = await putAndConfirm(file, { name: "外景.png", contentType: "image/png" });
  expect(confirmed.body.code).toBe("200");
  original = confirmed.body.data.remotename;
});

describe("a picture's copies", () => {
  it("are stored beside the original under its hash and width, and read where the website names them", async () => {
    const bytes = webp();
    const { presigned, confirmed } = await putAndConfirm(bytes, { name: "外景.webp", contentType: "image/webp", variantOf: original, width: 480 });
    const key = original.replace(/\.png$/, ".w480.webp");
    expect(presigned).toMatchObject({ exists: false, remotename: key, ext: "w480.webp", url: `/uploader/files/${key}` });
    expect(confirmed.body.code, JSON.stringify(confirmed.body)).toBe("200");
    expect(parseRemotename(key)).toEqual({ tenantId: t.clientId, hash: original.split("/")[1]!.split(".")[0], ext: "w480.webp" });
    // The address the website draws the copy from.
    expect(variantUrl(withVariants(`/uploader/files/${original}`, [480]), 480, "webp")).toBe(`/uploader/files/${key}`);
    const read = await get(`/uploader/files/${key}`);
    expect(read.status).toBe(302);
    const res = await fetch(read.headers.location!);
    expect(res.headers.get("content-type")).toBe("image/webp");
    expect(Buffer.from(await res.arrayBuffer()).equals(bytes)).toBe(true);
    // Made again (another browser, the same picture): already there.
    const again = await presign({ name: "外景.webp", size: bytes.length, hash: sha256(bytes), contentType: "image/webp", variantOf: original, width: 480 });
    expect(again.body.data).toMatchObject({ exists: true, remotename: key });
  });

  it("must be a picture's format, and say what they are", async () => {
    const bytes = webp();
    const ask = { name: "外景.webp", size: bytes.length, hash: sha256(bytes), contentType: "image/webp", variantOf: original };
    expect((await presign({ ...ask, width: 5 })).body.code).toBe("400");
    expect((await presign({ ...ask, width: 960, name: "外景.gif", contentType: "image/gif" })).body.code).toBe("400");
    expect((await presign({ ...ask, width: 960, contentType: "image/png" })).body.code).toBe("400");
    // A PNG named .webp: refused on confirm, and gone.
    const fake = Buffer.concat([PNG_1X1, randomBytes(8)]);
    const { confirmed } = await putAndConfirm(fake, { ...ask, size: fake.length, hash: sha256(fake), width: 960 });
    expect(confirmed.body).toEqual({ code: "400", desc: UPLOAD_MSG.mismatch });
    expect((await get(`/uploader/files/${original.replace(/\.png$/, ".w960.webp")}`)).status).toBe(404);
  });

  it("only of a stored picture of the caller's own tenant", async () => {
    const bytes = webp();
    const ask = { name: "外景.webp", size: bytes.length, hash: sha256(bytes), contentType: "image/webp", width: 480 };
    const other = await testTenant();
    expect((await presign({ ...ask, variantOf: original }, other.adminToken)).body).toEqual({ code: "404", desc: UPLOAD_MSG.notFound });
    expect((await presign({ ...ask, variantOf: `${t.clientId}/${"e".repeat(64)}.png` })).body).toEqual({ code: "404", desc: UPLOAD_MSG.notFound });
    // A copy of a copy.
    expect((await presign({ ...ask, variantOf: original.replace(/\.png$/, ".w480.webp") })).body).toEqual({ code: "404", desc: UPLOAD_MSG.notFound });
  });
});
