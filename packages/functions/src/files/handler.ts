import { areaApp, lambda, type Impls } from "../http/app.ts";
import { routes } from "./routes.ts";
import type { UploadInput } from "@xiangyu/core/files/schemas";
import { presignUpload, publicFileUrl, storeUpload } from "@xiangyu/core/files/service";
import { UPLOAD_MSG } from "@xiangyu/core/files/rules";
import { ok } from "@xiangyu/core/kernel/envelope";
import type { Caller } from "@xiangyu/core/kernel/context";

/** The multipart `file` part (R068), already known to be a file. */
async function multipartUpload(caller: Caller, input: UploadInput) {
  const { file } = input;
  return ok(
    await storeUpload(caller, {
      bytes: new Uint8Array(await file.arrayBuffer()),
      name: file.name,
      contentType: file.type,
      md5file: input.md5file,
      kind: input.kind,
      maxKB: input.maxKB,
    }),
  );
}

const impls: Impls<typeof routes> = {
  "POST /uploader/presign": async ({ caller, input }) => ok(await presignUpload(caller, input)),
  "POST /uploader/upload": async ({ caller, input }) => multipartUpload(caller, input),
  "POST /upload": async ({ caller, input }) => multipartUpload(caller, input),
  // Public: pictures appear on the website and in the mini-program. The bytes come from S3 itself.
  "GET /uploader/files/{key+}": async ({ input }) => {
    const read = await publicFileUrl(input.key);
    if (!read) {
      return new Response(JSON.stringify({ code: "404", desc: UPLOAD_MSG.notFound }), {
        status: 404,
        headers: { "content-type": "application/json; charset=utf-8", "cache-control": "no-store" },
      });
    }
    return new Response(null, { status: 302, headers: { location: read.url, "cache-control": `public, max-age=${read.maxAge}` } });
  },
};

export const app = areaApp(routes, impls);
export const handler = lambda(app);
