import { useEffect, useRef, useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { ClientImportInput } from "@xiangyu/core/clients/import/schemas";
import { useApi } from "../../lib/screen.tsx";
import { toast } from "../../lib/toast.ts";
import { Modal } from "../../ui/dialogs/Modal.tsx";
import { Button } from "../../ui/Button.tsx";
import { Progress } from "../../ui/feedback/Progress.tsx";
import { Field } from "../../ui/form/Field.tsx";
import { OrgCascader } from "../../ui/pickers/OrgCascader.tsx";
import { SheetUploader } from "../../ui/upload/SheetUploader.tsx";
import { useSchemaForm } from "../../ui/form/useSchemaForm.ts";
import { ownDepartment, useCurrentUser } from "../../ui/useCurrentUser.ts";
import { ImportFailed, expectedText, percentDone, runImport, type ImportProgress, type ImportResult } from "./importRun.ts";
import { ImportResultView } from "./ImportResultView.tsx";
import { clientQueries } from "./clientQueries.ts";

/**
 * 客户导入 (600 wide, R293–R296): what the sheet must hold, the template, the store the clients go
 * to, the sheet (uploaded by the presigned flow), then 开始导入. While it runs the rows done show;
 * afterwards the result view (total, successes, failures, reasons, the failed rows as a sheet) until
 * 确定 returns to the form.
 */
type Props = { onClose: () => void; onImported: () => void };

export function ImportModal({ onClose, onImported }: Props) {
  const { data: me, isPending } = useCurrentUser();
  return (
    <Modal open width={600} title="客户导入" onClose={onClose}>
      {isPending ? (
        <p className="py-10 text-center text-sm text-slate-400">正在读取数据…</p>
      ) : (
        <ImportFlow shop={ownDepartment(me) ?? ""} deptCodes={me?.deptCodes} onClose={onClose} onImported={onImported} />
      )}
    </Modal>
  );
}

function ImportFlow({ shop, deptCodes, onClose, onImported }: Props & { shop: string; deptCodes?: string[] }) {
  const api = useApi();
  const form = useSchemaForm(ClientImportInput, { shop, excelPath: "", excelName: "", jobId: "" });
  const [running, setRunning] = useState<ImportProgress | "starting" | null>(null);
  const [result, setResult] = useState<ImportResult | null>(null);
  const closed = useRef(false);
  useEffect(() => {
    closed.current = false;
    return () => {
      closed.current = true;
    };
  }, []);
  const template = useQuery({ ...clientQueries.importTemplate(api), select: (r) => r.data, staleTime: 60 * 60_000 });

  const start = form.submit(async (input) => {
    setRunning("starting");
    try {
      const r = await runImport(api, input, { onProgress: setRunning, cancelled: () => closed.current });
      toast.success("导入完成");
      setResult(r);
      onImported();
    } catch (e) {
      // Closed while running: the import goes on server side, so the list reads again.
      if (closed.current) onImported();
      else toast.error(e instanceof ImportFailed ? e.message : String((e as Error).message));
    } finally {
      setRunning(null);
    }
  });

  if (result) {
    return (
      <ImportResultView
        result={result}
        onDone={() => {
          setResult(null);
          form.reset({ ...form.values, excelPath: "", excelName: "" });
        }}
      />
    );
  }
  const progress = running && running !== "starting" ? running : null;
  return (
    <form onSubmit={start} noValidate>
      <div className="mb-3 rounded border border-blue-100 bg-blue-50 px-3 py-2 text-sm leading-6 text-slate-600">
        <p>请先下载导入模板，按模板的列填写客户资料（姓名、手机号必填），每行一位客户，保存为 .xlsx 文件后上传。</p>
        <p>导入的客户归入所选门店，状态为“客户”；同一门店已有相同手机号码的客户不会重复导入，失败的行可在结果中下载。</p>
      </div>
      <fieldset disabled={!!running} className="min-w-0">
        <Field label="门店" required error={form.errors.shop}>
          <OrgCascader value={String(form.values.shop ?? "")} onChange={(code) => form.set("shop", code)} limitTo={deptCodes} label="门店" disabled={!!running} />
        </Field>
        <Field label="导入文件" required error={form.errors.excelPath} hint={form.values.excelName ? `已上传：${String(form.values.excelName)}` : undefined}>
          <SheetUploader
            templateUrl={template.data?.url}
            disabled={!!running}
            onUploaded={(f) => {
              form.set("excelPath", f.remotename);
              form.set("excelName", f.localname);
            }}
          />
        </Field>
      </fieldset>
      {running && (
        <div className="mt-2 rounded border border-slate-200 px-3 py-2" aria-live="polite">
          <Progress value={percentDone(progress)} label={progress?.total ? `正在导入 ${progress.rowsDone}/${progress.total} 行` : progress ? "正在读取表格" : "正在导入"} />
          {/* Large sheets are paced to the database's write ceiling: say how long before the user waits. */}
          {expectedText(progress) && (
            <p className="mt-1 text-xs text-slate-500" data-testid="import-expected">
              {expectedText(progress)}，可关闭窗口，导入在后台继续
            </p>
          )}
        </div>
      )}
      <div className="mt-4 flex justify-end gap-2 border-t border-slate-200 pt-3">
        <Button onClick={onClose}>{running ? "关闭（导入继续进行）" : "取消"}</Button>
        <Button type="submit" variant="primary" busy={!!running}>
          开始导入
        </Button>
      </div>
    </form>
  );
}
