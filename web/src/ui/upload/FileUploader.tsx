import { KINDS, type UploadKind } from "@xiangyu/core/files/rules";
import { Button } from "../Button.tsx";
import type { Uploaded } from "./upload.ts";
import { UploadProgress, useFileUpload } from "./useFileUpload.tsx";

/**
 * One file of a kind that is not a picture (a .pem certificate, an .apk package), through the
 * presigned flow of ui/upload/upload.ts: the server's own format and size rules are checked first (so the
 * notices are its words), then 校验中, 上传中, 上传完成 (R065). `current` says what the record
 * holds now (a file name, or a mask for a sealed one); a new upload is handed to `onUploaded`.
 */
type Props = { kind: UploadKind; onUploaded: (file: Uploaded) => void; current?: string; maxKB?: number; disabled?: boolean; label?: string };

export function FileUploader({ kind, onUploaded, current, maxKB, disabled, label = "选择文件" }: Props) {
  const { state, busy, input, upload } = useFileUpload(kind, maxKB, onUploaded);
  const exts = KINDS[kind].exts;

  return (
    <div className="flex flex-col gap-1.5">
      {/* In a narrow column (the designer's settings) the format notice goes under the button whole, not broken mid-word. */}
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <Button onClick={() => input.current?.click()} busy={busy} disabled={disabled}>
          {label}
        </Button>
        <span className="text-xs whitespace-nowrap text-slate-500">仅支持 {exts.map((e) => `.${e}`).join("、")} 文件</span>
      </div>
      {!state && current && <span className="truncate text-sm text-slate-700">当前：{current}</span>}
      <UploadProgress state={state} />
      <input
        ref={input}
        type="file"
        hidden
        data-testid={`${kind}-file`}
        accept={exts.map((e) => `.${e}`).join(",")}
        onChange={(e) => {
          const f = e.target.files?.[0];
          if (f) void upload(f);
          e.target.value = "";
        }}
      />
    </div>
  );
}
