import { DENIAL } from "@xiangyu/core/kernel/rights";
import { data, moduleRoute, publicRoute, response, type RouteTable } from "../http/define.ts";
import { ConfirmInput, FileKeyInput, MULTIPART_MAX_BODY, PresignInput, UPLOAD_MODULES, UploadInput } from "@xiangyu/core/files/schemas";
import type { PresignedUpload, UploadedFile } from "@xiangyu/core/files/service";

/**
 * Uploads to S3: presigned PUTs with dedupe by content hash, confirmed by their first bytes; the
 * spec's multipart /upload; reads. An upload is made from a screen that adds or edits something
 * (issue 11): the functionId must name a function of a module that uploads (rules.ts UPLOADERS),
 * holding A or E on it (refused 你无操作权限 before any file is looked at); the handler then asks
 * the kind that module takes.
 */
const WRITER = { right: ["A", "E"], denial: DENIAL.S } as const;
export const routes = {
  // Handing out a URL changes nothing a user would look for in the operation log.
  "POST /uploader/presign": moduleRoute(UPLOAD_MODULES, { ...WRITER, input: PresignInput, reply: data<PresignedUpload>(), log: false }),
  "POST /uploader/confirm": moduleRoute(UPLOAD_MODULES, { ...WRITER, input: ConfirmInput, reply: data<UploadedFile>(), log: "上传文件" }),
  // The multipart routes read a body as large as the largest file they accept (rules.ts MULTIPART_MAX_KB) and its form.
  "POST /uploader/upload": moduleRoute(UPLOAD_MODULES, { ...WRITER, input: UploadInput, reply: data<UploadedFile>(), maxBody: MULTIPART_MAX_BODY, log: "上传文件" }),
  "POST /upload": moduleRoute(UPLOAD_MODULES, { ...WRITER, input: UploadInput, reply: data<UploadedFile>(), maxBody: MULTIPART_MAX_BODY, log: "上传文件" }),
  "GET /uploader/files/{key+}": publicRoute({ input: FileKeyInput, reply: response() }),
} satisfies RouteTable;
