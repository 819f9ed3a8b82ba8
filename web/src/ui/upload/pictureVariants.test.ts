import { afterEach, describe, expect, it, vi } from "vitest";
import { addVariants, isPhoto, withWebpVariants } from "./pictureVariants.ts";
import { fakeXhr, mockApi } from "../test-utils.tsx";
import { ApiClient } from "../../lib/api.ts";

/**
 * The uploader's WebP copies (issue 35): which files get them, which widths are made, how each is
 * uploaded as a copy of the stored original, and the address kept. jsdom has no canvas: the
 * encoder is a stand-in, the browser's drawing is left to the end-to-end tests.
 */
const api = new ApiClient(1601);
const HASH = "a".repeat(64);
const stored = { remotename: `xiangyu/${HASH}.jpg`, ext: "jpg", localname: "a.jpg", url: `/uploader/files/xiangyu/${HASH}.jpg`, exists: false };
const webpBlob = (width: number) => new Blob([`webp${width}`], { type: "image/webp" });

function server(o: { exists?: boolean; confirm?: string } = {}) {
  return mockApi({
    "POST /uploader/presign": (c) => ({
      code: "200",
      desc: "",
      data: {
        exists: !!o.exists,
        remotename: `xiangyu/${HASH}.w${c.body.width}.webp`,
        ext: `w${c.body.width}.webp`,
        localname: "",
        url: "",
        uploadUrl: `http://s3/${c.body.width}`,
        uploadHeaders: { "Content-Type": "image/webp" },
      },
    }),
    "POST /uploader/confirm": () => (o.confirm ? { code: o.confirm, desc: "文件内容与类型不符" } : { code: "200", desc: "", data: stored }),
  });
}

describe("the uploader's WebP copies", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("are made of photos only: JPEG and PNG, not a GIF that may move", () => {
    expect(isPhoto(new File(["x"], "a.jpg", { type: "image/jpeg" }))).toBe(true);
    expect(isPhoto(new File(["x"], "a.png", { type: "image/png" }))).toBe(true);
    expect(isPhoto(new File(["x"], "a.JPEG", { type: "" }))).toBe(true);
    expect(isPhoto(new File(["x"], "a.gif", { type: "image/gif" }))).toBe(false);
    expect(isPhoto(new File(["x"], "a.gif", { type: "" }))).toBe(false);
  });

  it("at 480, 960 and the picture's own width below 1920, each presigned as a copy of the original, PUT and confirmed", async () => {
    const calls = server();
    const puts = fakeXhr();
    const encoded: number[] = [];
    const url = await addVariants(stored, 1280, async (w) => (encoded.push(w), webpBlob(w)), api);
    expect(encoded).toEqual([480, 960, 1280]);
    expect(url).toBe(`${stored.url}#w=480,960,1280`);
    const presigns = calls.calls.filter((c) => c.path === "/uploader/presign");
    expect(presigns.map((c) => c.body)).toEqual(
      [480, 960, 1280].map((w) => expect.objectContaining({ name: `w${w}.webp`, contentType: "image/webp", kind: "image", variantOf: stored.remotename, width: String(w) })),
    );
    expect(presigns[0]!.headers.functionId).toBe("1601");
    expect(puts.map((p) => p.url)).toEqual(["http://s3/480", "http://s3/960", "http://s3/1280"]);
    expect(calls.calls.filter((c) => c.path === "/uploader/confirm").map((c) => c.body.remotename)).toEqual([480, 960, 1280].map((w) => `xiangyu/${HASH}.w${w}.webp`));
  });

  it("a copy the server already has is not sent again", async () => {
    server({ exists: true });
    const puts = fakeXhr();
    expect(await addVariants(stored, 800, async (w) => webpBlob(w), api)).toBe(`${stored.url}#w=480,800`);
    expect(puts).toHaveLength(0);
  });

  it("never fail the upload: no WebP, a refusal or a small picture keep the original's address (with the copies made before)", async () => {
    server();
    fakeXhr();
    // A browser that answers PNG for WebP (older Safari).
    expect(await addVariants(stored, 1280, async () => new Blob(["png"], { type: "image/png" }), api)).toBe(stored.url);
    expect(await addVariants(stored, 1280, async (w) => (w > 480 ? null : webpBlob(w)), api)).toBe(`${stored.url}#w=480`);
    expect(await addVariants(stored, 400, async (w) => webpBlob(w), api)).toBe(stored.url);
    server({ confirm: "400" });
    expect(await addVariants(stored, 1280, async (w) => webpBlob(w), api)).toBe(stored.url);
    // Without a canvas (jsdom) nothing is tried at all.
    expect(await withWebpVariants(new File(["x"], "a.jpg", { type: "image/jpeg" }), stored, api)).toBe(stored.url);
  });
});
