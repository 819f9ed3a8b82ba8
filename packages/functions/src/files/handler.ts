import { areaApp, lambda, type Impls, type RouteContext } from "../http/app.ts";
import { routes } from "./routes.ts";
import type { UploadInput } from "@xiangyu/core/files/schemas";
import { confirmUpload, presignUpload, publicFileUrl, storeUpload } from "@xiangyu/core/files/service";
import { UPLOAD_MSG, mayUpload, type UploadKind } from "@xiangyu/core/files/rules";
import { ok } from "@xiangyu/core/kernel/envelope";

/** Every reply of the read path: a browser must take the type it is told, never guess one (issue 11). */
const NOSNIFF = { "x-content-type-options": "nosniff" };

/**
 * What the caller's screen may upload: the kinds its module takes (the adapter already checked the
 * function belongs to a module that uploads and holds A or E, routes.ts).
 */
function screenMayUpload({ fn }: RouteContext<unknown>): (kind: UploadKind) => boolean {
  return (kind) => mayUpload(fn?.module ?? "", kind);
}

/** The multipart `file` part (R068), already known to be a file. */
async function multipartUpload(ctx: RouteContext<UploadInput>) {
  const may = screenMayUpload(ctx);
  const { file } = ctx.input;
  const bytes = new Uint8Array(await file.arrayBuffer());
  const f = { bytes, name: file.name, contentType: file.type, md5file: ctx.input.md5file, kind: ctx.input.kind, maxKB: ctx.input.maxKB };
  return ok(await storeUpload(ctx.caller, f, may));
}

const impls: Impls<typeof routes> = {
  "POST /uploader/presign": async (ctx) => ok(await presignUpload(ctx.caller, ctx.input, screenMayUpload(ctx))),
  "POST /uploader/confirm": async (ctx) => {
    const file = await confirmUpload(ctx.caller, ctx.input.remotename, screenMayUpload(ctx));
    ctx.actedOn(file.remotename);
    return ok(file);
  },
  "POST /uploader/upload": multipartUpload,
  "POST /upload": multipartUpload,
  // Public: pictures appear on the website and in the mini-program. The bytes come from S3 itself.
  "GET /uploader/files/{key+}": async ({ input }) => {
    const read = await publicFileUrl(input.key);
    if (!read) {
      return new Response(JSON.stringify({ code: "404", desc: UPLOAD_MSG.notFound }), {
        status: 404,
        headers: { "content-type": "application/json; charset=utf-8", "cache-control": "no-store", ...NOSNIFF },
      });
    }
    return new Response(null, { status: 302, headers: { location: read.url, "cache-control": `public, max-age=${read.maxAge}`, ...NOSNIFF } });
  },
};

export const app = areaApp(routes, impls);
export const handler = lambda(app);
