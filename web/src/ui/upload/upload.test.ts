import { afterEach, describe, expect, it, vi } from "vitest";
import { precheck, sha256Hex, uploadFile, UploadError } from "./upload.ts";
import { fakeXhr, mockApi } from "../test-utils.tsx";
import { ApiClient } from "../../lib/api.ts";
import { UPLOAD_MSG } from "@xiangyu/core/files/rules";

const png = (bytes = "abc", name = "a.png") => new File([bytes], name, { type: "image/png" });
const ABC_SHA256 = "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad";
/** The client of the screen the uploader sits on (会员酒店): its functionId goes with every call. */
const api = new ApiClient(1601);
const stored = { remotename: "xiangyu/abc.png", ext: "png", localname: "a.png", url: "/uploader/files/xiangyu/abc.png" };

describe("upload", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("hashes with SHA-256 and reports progress", async () => {
    const seen: number[] = [];
    expect(await sha256Hex(png(), (p) => seen.push(p))).toBe(ABC_SHA256);
    expect(seen.at(-1)).toBe(100);
  });

  it("refuses with the server's own format and size notices before any call", () => {
    expect(precheck(new File(["x"], "a.bmp", { type: "image/bmp" }), "image")).toBe("文件格式不正确，请上传 jpg、png、gif、jpeg 格式的文件");
    expect(precheck(png("x".repeat(2048)), "image", 1)).toBe(UPLOAD_MSG.size(1));
    expect(precheck(png(), "image")).toBeNull();
  });

  it("skips the PUT when the server already has the file", async () => {
    const server = mockApi({ "POST /uploader/presign": () => ({ code: "200", desc: "", data: { exists: true, ...stored } }) });
    const puts = fakeXhr();
    const r = await uploadFile(png(), { api, kind: "image", maxKB: 500 });
    expect(r.url).toBe(stored.url);
    expect(server.calls).toHaveLength(1);
    expect(server.calls[0].headers.functionId).toBe("1601");
    expect(server.calls[0].body).toMatchObject({ name: "a.png", size: "3", contentType: "image/png", hash: ABC_SHA256, kind: "image", maxKB: "500" });
    expect(puts).toHaveLength(0);
  });

  it("PUTs the bytes to the presigned URL with exactly the signed headers, confirms, and reports each phase", async () => {
    const server = mockApi({
      "POST /uploader/confirm": () => ({ code: "200", desc: "", data: stored }),
      "POST /uploader/presign": () => ({
        code: "200",
        desc: "",
        data: { exists: false, ...stored, uploadUrl: "http://s3/put", uploadHeaders: { "Content-Type": "image/png", "x-amz-checksum-sha256": "q" } },
      }),
    });
    const puts = fakeXhr();
    const phases: string[] = [];
    await uploadFile(png(), { api, kind: "image", onProgress: (ph) => phases.push(ph) });
    expect(puts).toEqual([{ url: "http://s3/put", headers: { "Content-Type": "image/png", "x-amz-checksum-sha256": "q" }, body: expect.any(File) }]);
    expect([...new Set(phases)]).toEqual(["hashing", "uploading", "done"]);
    const confirm = server.last("POST /uploader/confirm")!;
    expect(confirm.body).toEqual({ remotename: stored.remotename });
    expect(confirm.headers.functionId).toBe("1601");
  });

  it("shows the server's refusal when the bytes are not what the name says", async () => {
    mockApi({
      "POST /uploader/presign": () => ({ code: "200", desc: "", data: { exists: false, ...stored, uploadUrl: "http://s3/put", uploadHeaders: {} } }),
      "POST /uploader/confirm": () => ({ code: "400", desc: "文件内容与类型不符" }),
    });
    fakeXhr();
    await expect(uploadFile(png(), { api, kind: "image" })).rejects.toEqual(new UploadError("文件内容与类型不符"));
  });

  it("shows the server's refusal, and 上传失败！ when the network fails", async () => {
    mockApi({ "POST /uploader/presign": () => ({ code: "400", desc: "文件大小不能超过 1MB" }) });
    await expect(uploadFile(png(), { api, kind: "image" })).rejects.toEqual(new UploadError("文件大小不能超过 1MB"));
    mockApi({ "POST /uploader/presign": () => "network-error" });
    await expect(uploadFile(png(), { api, kind: "image" })).rejects.toEqual(new UploadError("上传失败！"));
    mockApi({ "POST /uploader/presign": () => ({ code: "200", desc: "", data: { exists: false, ...stored, uploadUrl: "http://s3/put" } }) });
    fakeXhr(0);
    await expect(uploadFile(png(), { api, kind: "image" })).rejects.toEqual(new UploadError("上传失败！"));
  });
});
