import { publicRoute, sessionRoute } from "../http/define.ts";

/** Uploads to S3: presigned PUTs with dedupe by content hash, the spec's multipart /upload, reads. */
export const routes = {
  // Handing out a URL changes nothing a user would look for in the operation log.
  "POST /uploader/presign": sessionRoute(false),
  "POST /uploader/upload": sessionRoute(),
  "POST /upload": sessionRoute(),
  "GET /uploader/files/{key+}": publicRoute(),
};
