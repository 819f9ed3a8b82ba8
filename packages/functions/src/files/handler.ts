import { areaApp, lambda, type Impls } from "../http/app.ts";
import { routes } from "./routes.ts";
import { DomainError } from "@xiangyu/core/kernel/errors";

// Being written: core/files (presign, dedupe, multipart, reads).
const todo = async (): Promise<never> => {
  throw new DomainError("上传服务未就绪", "503");
};
const impls: Impls<typeof routes> = {
  "POST /uploader/presign": todo,
  "POST /uploader/upload": todo,
  "POST /upload": todo,
  "GET /uploader/files/{key+}": todo,
};

export const app = areaApp(routes, impls);
export const handler = lambda(app);
