import { useRef, useState } from "react";
import { toast } from "../../lib/toast.ts";
import { useApi } from "../../lib/screen.tsx";
import { UploadError, uploadFile } from "./upload.ts";
import { withWebpVariants } from "./pictureVariants.ts";
import { UPLOAD_MSG } from "@xiangyu/core/files/rules";

/** A picture on its way: its name and progress, until it joins the value or fails. */
export type PendingPicture = { key: number; name: string; percent: number; label: string };

type Options = {
  value: string[];
  onChange: (urls: string[]) => void;
  max: number;
  maxKB?: number;
  check?: (file: File) => Promise<string | null>;
};

/**
 * The image uploader's uploads: files past the count limit are refused (R067), each other one is
 * checked, uploaded through the presigned flow with its progress, given its WebP copies and added
 * to the value; a failed one leaves the list with the server's word or 上传失败！ (R063).
 */
export function usePictureUploads({ value, onChange, max, maxKB, check }: Options) {
  const [pending, setPending] = useState<PendingPicture[]>([]);
  // Uploads go with the screen's functionId: storing a file needs A or E on it (issue 11).
  const api = useApi();
  // Uploads finish one after another: each adds to the value the previous one left.
  const latest = useRef(value);
  latest.current = value;
  const seq = useRef(0);

  async function upload(file: File) {
    const problem = check ? await check(file) : null;
    if (problem) return void toast.error(problem);
    const key = ++seq.current;
    const set = (patch: Partial<PendingPicture>) => setPending((l) => l.map((p) => (p.key === key ? { ...p, ...patch } : p)));
    setPending((l) => [...l, { key, name: file.name, percent: 0, label: "校验中" }]);
    try {
      const stored = await uploadFile(file, {
        api,
        kind: "image",
        maxKB,
        onProgress: (phase, percent) => set({ percent, label: phase === "hashing" ? "校验中" : phase === "uploading" ? "上传中" : "完成" }),
      });
      // Smaller WebP copies for the website (issue 35): the address then names them; never a reason to fail.
      set({ percent: 100, label: "生成小图" });
      const url = await withWebpVariants(file, stored, api);
      onChange([...latest.current, url]);
      latest.current = [...latest.current, url];
    } catch (e) {
      toast.error(e instanceof UploadError ? e.message : UPLOAD_MSG.failed);
    } finally {
      // Finished or failed, the placeholder goes (a failed file leaves the list, R063).
      setPending((l) => l.filter((p) => p.key !== key));
    }
  }

  async function add(files: File[]) {
    const room = max - latest.current.length - pending.length;
    if (files.length > room) toast.warning(`最多只能上传${max}张图片`);
    await Promise.all(files.slice(0, Math.max(0, room)).map(upload));
  }

  return { pending, add };
}
