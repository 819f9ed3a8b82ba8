import { useRef, useState } from "react";
import { UPLOAD_MSG, type UploadKind } from "@xiangyu/core/files/rules";
import { toast } from "../../lib/toast.ts";
import { useApi } from "../../lib/screen.tsx";
import { Progress } from "../feedback/Progress.tsx";
import { UploadError, uploadFile, type Uploaded } from "./upload.ts";

type UploadState = { name: string; label: string; percent: number; tone: "blue" | "green" | "red" } | null;

/**
 * One file through the presigned flow of ui/upload/upload.ts with its progress — 校验中, 上传中, 上传完成
 * (R065) — shared by the uploaders of every kind of file that is not a picture. A refusal is the
 * server's own word in a toast, and the progress goes away.
 */
export function useFileUpload(kind: UploadKind, maxKB: number | undefined, onUploaded: (file: Uploaded) => void) {
  const [state, setState] = useState<UploadState>(null);
  // Uploads go with the screen's functionId: storing a file needs A or E on it (issue 11).
  const api = useApi();
  const input = useRef<HTMLInputElement>(null);

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

  return { state, busy: state?.tone === "blue", input, upload };
}

/** The file being uploaded: its name over its progress bar. */
export function UploadProgress({ state }: { state: UploadState }) {
  if (!state) return null;
  return (
    <div className="flex flex-col gap-1 rounded border border-slate-200 px-3 py-2">
      <span className="truncate text-sm text-slate-700">{state.name}</span>
      <Progress value={state.percent} label={state.label} tone={state.tone} />
    </div>
  );
}
