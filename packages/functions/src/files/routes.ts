import { data, publicRoute, response, sessionRoute, type RouteTable } from "../http/define.ts";
import { FileKeyInput, MULTIPART_MAX_BODY, PresignInput, UploadInput } from "@xiangyu/core/files/schemas";
import type { PresignedUpload, UploadedFile } from "@xiangyu/core/files/service";

/** Uploads to S3: presigned PUTs with dedupe by content hash, the spec's multipart /upload, reads. */
export const routes = {
  // Handing out a URL changes nothing a user would look for in the operation log.
  "POST /uploader/presign": sessionRoute({ input: PresignInput, reply: data<PresignedUpload>(), log: false }),
  // The multipart routes read a body as large as the largest file they accept (rules.ts MULTIPART_MAX_KB) and its form.
  "POST /uploader/upload": sessionRoute({ input: UploadInput, reply: data<UploadedFile>(), maxBody: MULTIPART_MAX_BODY }),
  "POST /upload": sessionRoute({ input: UploadInput, reply: data<UploadedFile>(), maxBody: MULTIPART_MAX_BODY }),
  "GET /uploader/files/{key+}": publicRoute({ input: FileKeyInput, reply: response() }),
} satisfies RouteTable;
