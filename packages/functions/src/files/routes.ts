import { publicRoute, sessionRoute } from "../http/define.ts";
import { LEGACY } from "../http/legacy.ts";

/** Uploads to S3: presigned PUTs with dedupe by content hash, the spec's multipart /upload, reads. */
export const routes = {
  // Handing out a URL changes nothing a user would look for in the operation log.
  "POST /uploader/presign": sessionRoute({ ...LEGACY, log: false }),
  "POST /uploader/upload": sessionRoute(LEGACY),
  "POST /upload": sessionRoute(LEGACY),
  "GET /uploader/files/{key+}": publicRoute(LEGACY),
};
