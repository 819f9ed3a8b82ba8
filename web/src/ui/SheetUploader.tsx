import { useRef, useState } from "react";
import { toast } from "../lib/toast.ts";
import { useApi } from "../lib/screen.tsx";
import { Button } from "./Button.tsx";
import { Progress } from "./Progress.tsx";
import { UploadError, uploadFile, type Uploaded } from "./upload.ts";
import { UPLOAD_MSG } from "@xiangyu/core/files/rules";

/**
 * A spreadsheet for an import: one .xlsx, hashed (the spec's hasher stops at 500 MB) and uploaded
 * with its progress — 校验中, 上传中, 上传完成 (R065) — then handed to the screen, which starts the import.
 */
export const HASH_LIMIT_BYTES = 500 * 1024 * 1024;

type Props = { onUploaded: (file: Uploaded) => void; templateUrl?: string; maxKB?: number; disabled?: boolean };
type State = { name: string; label: string; percent: number; tone: "blue" | "green" | "red" } | null;

export function SheetUploader({ onUploaded, templateUrl, maxKB, disabled }: Props) {
  const [state, setState] = useState<State>(null);
  // Uploads go with the screen's functionId: storing a file needs A or E on it (issue 11).
  const api = useApi();
  const input = useRef<HTMLInputElement>(null);
  const busy = state?.tone === "blue";

  async function upload(file: File) {
    if (file.size > HASH_LIMIT_BYTES) {
      toast.error("文件大小不能超过500MB");
      return;
    }
    setState({ name: file.name, label: "校验中", percent: 0, tone: "blue" });
    try {
      const stored = await uploadFile(file, {
        api,
        kind: "excel",
        maxKB,
        onProgress: (phase, percent) =>
          setState({ name: file.name, label: phase === "hashing" ? "校验中" : phase === "uploading" ? "上传中" : "上传完成", percent, tone: phase === "done" ? "green" : "blue" }),
      });
      onUploaded(stored);
    } catch (e) {
      toast.error(e instanceof UploadError ? e.message : UPLOAD_MSG.failed);
      setState(null);
    }
  }

  return (
    <div className="flex flex-col gap-2">
      <div className="flex items-center gap-2">
        <Button onClick={() => input.current?.click()} busy={busy} disabled={disabled}>
          选择文件
        </Button>
        {templateUrl && (
          <a href={templateUrl} className="text-sm text-blue-600 hover:underline" download>
            下载模板
          </a>
        )}
        <span className="text-xs text-slate-400">仅支持 .xlsx 文件</span>
      </div>
      {state && (
        <div className="flex flex-col gap-1 rounded border border-slate-200 px-3 py-2">
          <span className="truncate text-sm text-slate-700">{state.name}</span>
          <Progress value={state.percent} label={state.label} tone={state.tone} />
        </div>
      )}
      <input
        ref={input}
        type="file"
        hidden
        data-testid="sheet-file"
        accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
        onChange={(e) => {
          const f = e.target.files?.[0];
          if (f) void upload(f);
          e.target.value = "";
        }}
      />
    </div>
  );
}
