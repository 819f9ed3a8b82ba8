import { useState } from "react";
import { useApi } from "../../lib/screen.tsx";
import { isOk } from "../../lib/api.ts";
import { toastFailure } from "../../lib/toast.ts";
import { Button } from "../../ui/Button.tsx";
import { StaticField } from "../../ui/form/Field.tsx";
import type { ImportResult } from "./importRun.ts";

/** The import's outcome (R296): counts, the server's description, the failed rows as a sheet; 确定 returns to the form. */
export function ImportResultView({ result, onDone }: { result: ImportResult; onDone: () => void }) {
  const api = useApi();
  const [fetching, setFetching] = useState(false);

  async function downloadFailures() {
    setFetching(true);
    try {
      const r = await api.call("GET /xiangyu/api/client/importfailures", { jobId: result.jobId });
      if (!isOk(r) || !r.data) return toastFailure(r.desc, "view");
      const a = document.createElement("a");
      a.href = r.data.url;
      a.download = r.data.name;
      document.body.appendChild(a);
      a.click();
      a.remove();
    } finally {
      setFetching(false);
    }
  }

  return (
    <div role="status" aria-label="导入结果">
      <dl className="grid grid-cols-3 gap-3 py-2 text-center">
        <Count label="总条数" value={result.total} tone="text-slate-800" />
        <Count label="成功" value={result.successCount} tone="text-emerald-600" />
        <Count label="失败" value={result.failCount} tone={result.failCount > 0 ? "text-red-600" : "text-slate-800"} />
      </dl>
      <StaticField label="说明">
        <p className="leading-6 whitespace-pre-line">{result.desc}</p>
      </StaticField>
      <div className="mt-4 flex justify-end gap-2 border-t border-slate-200 pt-3">
        {result.hasFailures ? (
          <Button onClick={downloadFailures} busy={fetching}>
            下载失败记录
          </Button>
        ) : null}
        <Button variant="primary" onClick={onDone}>
          确定
        </Button>
      </div>
    </div>
  );
}

function Count({ label, value, tone }: { label: string; value: number; tone: string }) {
  return (
    <div className="flex flex-col-reverse rounded border border-slate-200 py-3">
      <dt className="text-xs text-slate-500">{label}</dt>
      <dd className={`text-2xl font-semibold tabular-nums ${tone}`} data-testid={`import-${label}`}>
        {value}
      </dd>
    </div>
  );
}
