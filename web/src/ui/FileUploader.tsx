import { useRef, useState } from "react";
import { KINDS, UPLOAD_MSG, type UploadKind } from "@xiangyu/core/files/rules";
import { toast } from "../lib/toast.ts";
import { useApi } from "../lib/screen.tsx";
import { Button } from "./Button.tsx";
import { Progress } from "./Progress.tsx";
import { UploadError, uploadFile, type Uploaded } from "./upload.ts";

/**
 * One file of a kind that is not a picture (a .pem certificate, an .apk package), through the
 * presigned flow of ui/upload.ts: the server's own format and size rules are checked first (so the
 * notices are its words), then 校验中, 上传中, 上传完成 (R065). `current` says what the record
 * holds now (a file name, or a mask for a sealed one); a new upload is handed to `onUploaded`.
 */
type Props = { kind: UploadKind; onUploaded: (file: Uploaded) => void; current?: string; maxKB?: number; disabled?: boolean; label?: string };
type State = { name: string; label: string; percent: number; tone: "blue" | "green" | "red" } | null;

export function FileUploader({ kind, onUploaded, current, maxKB, disabled, label = "选择文件" }: Props) {
  const [state, setState] = useState<State>(null);
  // Uploads go with the screen's functionId: storing a file needs A or E on it (issue 11).
  const api = useApi();
  const input = useRef<HTMLInputElement>(null);
  const busy = state?.tone === "blue";
  const exts = KINDS[kind].exts;

  async function upload(file: File) {
    setState({ name: file.name, label: "校验中", percent: 0, tone: "blue" });
    try {
      const stored = await uploadFile(file, {
        api,
        kind,
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
    <div className="flex flex-col gap-1.5">
      <div className="flex items-center gap-2">
        <Button onClick={() => input.current?.click()} busy={busy} disabled={disabled}>
          {label}
        </Button>
        <span className="text-xs text-slate-500">仅支持 {exts.map((e) => `.${e}`).join("、")} 文件</span>
      </div>
      {!state && current && <span className="truncate text-sm text-slate-700">当前：{current}</span>}
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
