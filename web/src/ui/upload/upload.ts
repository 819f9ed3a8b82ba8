import { checkUpload, UPLOAD_MSG, type UploadKind } from "@xiangyu/core/files/rules";
import type { ApiClient, Envelope } from "../../lib/api.ts";
import type { DataOf } from "../../lib/contract.ts";
import { isTransportFailure } from "../feedback/failure.ts";

/**
 * The presigned upload flow shared by every uploader: check the file with the server's own rules
 * (format and size messages, R062–R064), hash it (SHA-256 in 10 MB chunks, R066), ask for a URL
 * (POST /uploader/presign; a file already stored comes back at once), PUT the bytes with progress
 * and the signed headers, then confirm (POST /uploader/confirm: the server reads the first bytes,
 * and only a confirmed file may be used). Every call goes with the screen's client (`useApi()`):
 * an upload needs A or E on the screen's function (issue 11).
 * hash-wasm is loaded on the first upload, outside the console's first download.
 */
export type Uploaded = DataOf<"POST /uploader/confirm"> & { exists: boolean };
type UploadPhase = "hashing" | "uploading" | "done";
export type UploadProgress = (phase: UploadPhase, percent: number) => void;

/** Carries the text the uploader shows: the server's desc, or '上传失败！' for a transport failure (R063). */
export class UploadError extends Error {}

const HASH_CHUNK = 10 * 1024 * 1024;

/** The format or size notice for a file, or null when it may be uploaded. */
export function precheck(file: File, kind: UploadKind, maxKB?: number): string | null {
  try {
    checkUpload({ name: file.name, size: file.size, contentType: file.type, kind, maxKB });
    return null;
  } catch (e) {
    return (e as { desc?: string }).desc ?? UPLOAD_MSG.failed;
  }
}

/** A slice's bytes (FileReader where Blob.arrayBuffer is missing, as in older engines). */
function readBytes(blob: Blob): Promise<Uint8Array> {
  if (typeof blob.arrayBuffer === "function") return blob.arrayBuffer().then((b) => new Uint8Array(b));
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(blob);
  });
}

export async function sha256Hex(file: Blob, onProgress?: (percent: number) => void): Promise<string> {
  const { createSHA256 } = await import("hash-wasm");
  const hasher = await createSHA256();
  hasher.init();
  for (let offset = 0; offset < file.size; offset += HASH_CHUNK) {
    const chunk = await readBytes(file.slice(offset, offset + HASH_CHUNK));
    hasher.update(chunk);
    onProgress?.(((offset + chunk.length) / file.size) * 100);
  }
  return hasher.digest("hex");
}

/**
 * PUT through XMLHttpRequest (fetch cannot report upload progress), with exactly the headers the
 * URL was signed with: the type and the checksum; Content-Length is the browser's, from the file.
 */
function put(url: string, file: Blob, headers: Record<string, string>, onProgress: (percent: number) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("PUT", url);
    for (const [k, v] of Object.entries(headers)) xhr.setRequestHeader(k, v);
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress((e.loaded / e.total) * 100);
    xhr.onload = () => (xhr.status >= 200 && xhr.status < 300 ? resolve() : reject(new UploadError(UPLOAD_MSG.failed)));
    xhr.onerror = () => reject(new UploadError(UPLOAD_MSG.failed));
    xhr.ontimeout = () => reject(new UploadError(UPLOAD_MSG.failed));
    xhr.send(file);
  });
}

/** The desc of a refusal, or 上传失败！ for a transport failure (R063). */
const refusal = (r: Envelope) => new UploadError(isTransportFailure(r) || !r.desc ? UPLOAD_MSG.failed : r.desc);

export async function uploadFile(file: File, o: { api: ApiClient; kind: UploadKind; maxKB?: number; onProgress?: UploadProgress }): Promise<Uploaded> {
  const { api } = o;
  const notice = precheck(file, o.kind, o.maxKB);
  if (notice) throw new UploadError(notice);
  const progress = o.onProgress ?? (() => {});
  progress("hashing", 0);
  const hash = await sha256Hex(file, (p) => progress("hashing", p));
  const r = await api.call("POST /uploader/presign", { name: file.name, size: file.size, contentType: file.type, hash, kind: o.kind, maxKB: o.maxKB });
  if (r.code !== "200" || !r.data) throw refusal(r);
  const presigned = r.data;
  if (presigned.exists) {
    progress("done", 100);
    return presigned;
  }
  const { uploadUrl, uploadHeaders, ...stored } = presigned;
  progress("uploading", 0);
  await put(uploadUrl, file, uploadHeaders ?? {}, (p) => progress("uploading", p));
  // Until the server has seen the bytes are what the name says, the file cannot be used.
  const c = await api.call("POST /uploader/confirm", { remotename: stored.remotename });
  if (c.code !== "200") throw refusal(c);
  progress("done", 100);
  return stored;
}

/**
 * A picture's smaller copy (ui/upload/pictureVariants.ts) through the same flow: hashed, presigned as a
 * copy of the stored original (`variantOf`, `width`: the server stores it beside the original as
 * `<tenant>/<hash>.w<width>.<type>`), PUT and confirmed. A copy the server already has is not sent again.
 */
export async function uploadVariant(blob: Blob, o: { api: ApiClient; variantOf: string; width: number; type: "webp" | "png" | "jpg" }): Promise<void> {
  const contentType = o.type === "jpg" ? "image/jpeg" : `image/${o.type}`;
  const hash = await sha256Hex(blob);
  const r = await o.api.call("POST /uploader/presign", {
    name: `w${o.width}.${o.type}`,
    size: blob.size,
    contentType,
    hash,
    kind: "image",
    variantOf: o.variantOf,
    width: o.width,
  });
  if (r.code !== "200" || !r.data) throw refusal(r);
  if (r.data.exists) return;
  await put(r.data.uploadUrl, blob, r.data.uploadHeaders ?? {}, () => {});
  const c = await o.api.call("POST /uploader/confirm", { remotename: r.data.remotename });
  if (c.code !== "200") throw refusal(c);
}
