import { toast } from "../../lib/toast.ts";
import { Button } from "../Button.tsx";
import type { Uploaded } from "./upload.ts";
import { UploadProgress, useFileUpload } from "./useFileUpload.tsx";

/**
 * A spreadsheet for an import: one .xlsx, hashed (the spec's hasher stops at 500 MB) and uploaded
 * with its progress — 校验中, 上传中, 上传完成 (R065) — then handed to the screen, which starts the import.
 */
const HASH_LIMIT_BYTES = 500 * 1024 * 1024;

type Props = { onUploaded: (file: Uploaded) => void; templateUrl?: string; maxKB?: number; disabled?: boolean };

export function SheetUploader({ onUploaded, templateUrl, maxKB, disabled }: Props) {
  const { state, busy, input, upload: send } = useFileUpload("excel", maxKB, onUploaded);

  function upload(file: File) {
    if (file.size > HASH_LIMIT_BYTES) {
      toast.error("文件大小不能超过500MB");
      return;
    }
    void send(file);
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
      <UploadProgress state={state} />
      <input
        ref={input}
        type="file"
        hidden
        data-testid="sheet-file"
        accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
        onChange={(e) => {
          const f = e.target.files?.[0];
          if (f) upload(f);
          e.target.value = "";
        }}
      />
    </div>
  );
}
