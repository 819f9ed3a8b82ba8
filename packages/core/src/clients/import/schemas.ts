import * as v from "valibot";
import { BAD_INPUT, noInput, optText, requiredText } from "../../kernel/fields.ts";
import { MAX_REMOTENAME } from "../../files/rules.ts";

/** The inputs of the customer-import routes (R293–R296); the console's import modal uses the form's. */

/** Chosen by the console so it can poll progress while the import runs. */
const JOB_ID = /^[A-Za-z0-9-]{8,64}$/;
/** `/uploader/files/` and a remotename. */
const MAX_EXCEL_PATH = "/uploader/files/".length + MAX_REMOTENAME;

/** importtemplate takes nothing. */
export const ImportTemplateQuery = noInput;

/** clientimport: the store the customers join, the uploaded sheet (R293, R294) and the console's job id. */
export const ClientImportInput = v.object({
  shop: requiredText("门店不能为空", 60, "门店不正确"),
  excelPath: requiredText("请选上传文件", MAX_EXCEL_PATH, "文件不存在或已被删除"),
  excelName: optText(200, "文件名过长"),
  jobId: v.pipe(
    optText(64, BAD_INPUT),
    v.check((s) => s === "" || JOB_ID.test(s), BAD_INPUT),
  ),
});
export type ClientImportInput = v.InferOutput<typeof ClientImportInput>;

/** importprogress, importfailures: one job of the caller's tenant. */
export const ImportJobQuery = v.object({
  jobId: v.pipe(requiredText("导入任务不存在", 64, "导入任务不存在"), v.regex(JOB_ID, "导入任务不存在")),
});
