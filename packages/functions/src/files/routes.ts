import { publicRoute, sessionRoute } from "../http/define.ts";

/** Uploads to S3: presigned PUTs with dedupe by content hash, the spec's multipart /upload, reads. */
export const routes = {
  "POST /uploader/presign": sessionRoute(),
  "POST /uploader/upload": sessionRoute(),
  "POST /upload": sessionRoute(),
  "GET /uploader/files/{key+}": publicRoute(),
};
