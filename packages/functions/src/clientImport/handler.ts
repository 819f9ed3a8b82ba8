import { areaApp, lambda, type Impls } from "../http/app.ts";
import { routes } from "./routes.ts";
import { ok } from "@xiangyu/core/kernel/envelope";
import { DomainError } from "@xiangyu/core/kernel/errors";
import { acceptImport } from "@xiangyu/core/clients/import/accept";
import { templateDownload, failureDownload } from "@xiangyu/core/clients/import/downloads";
import { getJob, jobView } from "@xiangyu/core/clients/import/jobs";

const impls: Impls<typeof routes> = {
  "GET /xiangyu/api/client/importtemplate": async () => ok(await templateDownload()),
  // Answers as soon as the job is recorded and its worker started: the rows are read after.
  "POST /xiangyu/api/client/clientimport": async ({ caller, input }) => ok(await acceptImport(caller, input), "导入已开始"),
  "GET /xiangyu/api/client/importprogress": async ({ caller, input }) => {
    const job = await getJob(caller.tenantId, input.jobId);
    if (!job) throw new DomainError("导入任务不存在", "404");
    return ok(jobView(job));
  },
  "GET /xiangyu/api/client/importfailures": async ({ caller, input }) => {
    const file = await failureDownload(caller.tenantId, input.jobId);
    if (!file) throw new DomainError("没有导入失败的记录", "404");
    return ok(file);
  },
};

export const app = areaApp(routes, impls);
export const handler = lambda(app);
