import { createHash } from "node:crypto";
import type { EntityItem } from "electrodb";
import { StoredFile } from "./entities.ts";
import { deleteObject, objectHead, presignGet, presignPut, putObject, readHead, readObject, PUT_EXPIRES_S } from "./storage.ts";
import {
  CONTENT_TYPES,
  HEAD_BYTES,
  KINDS,
  MULTIPART_MAX_KB,
  UPLOAD_MSG,
  baseName,
  checkUpload,
  extOf,
  contentDisposition,
  filePath,
  hashAlgorithm,
  looksLike,
  parseRemotename,
  storageKey,
  type AcceptedUpload,
  type UploadKind,
} from "./rules.ts";
import { DomainError } from "../kernel/errors.ts";
import { parseVariantKey } from "../content/pictureVariants.ts";
import { DENIAL } from "../kernel/rights.ts";
import { formatDateTime, nowMs } from "../kernel/clock.ts";
import type { Caller } from "../kernel/context.ts";

/** Uploads: presigned PUTs and direct (multipart) uploads, deduplicated per tenant by content, and reads. */

type StoredFileItem = EntityItem<typeof StoredFile>;

/** What the spec's uploader expects back (R068), plus the path the file is read from. */
export type UploadedFile = { remotename: string; ext: string; localname: string; url: string };
export type PresignedUpload = (UploadedFile & { exists: true }) | (UploadedFile & { exists: false; uploadUrl: string; uploadHeaders: Record<string, string>; expiresIn: number });

const uploaded = (remotename: string, a: AcceptedUpload): UploadedFile => ({ remotename, ext: a.ext, localname: a.localname, url: filePath(remotename) });

/**
 * The stored file with this content, or null. Only a verified file counts (its first bytes were
 * read and are its format): a presigned URL handed out but never used, or used and not confirmed
 * yet, is no hit for dedupe and no file to serve or import.
 */
async function findStored(tenantId: string, hash: string, ext: string): Promise<StoredFileItem | null> {
  const { data } = await StoredFile.get({ tenantId, hash, ext }).go();
  return data?.verified ? data : null;
}

const record = (caller: Pick<Caller, "tenantId" | "userId">, a: AcceptedUpload, hash: string, remotename: string, verified: boolean) => ({
  tenantId: caller.tenantId,
  hash,
  ext: a.ext,
  remotename,
  kind: a.kind,
  size: a.size,
  contentType: a.contentType,
  localname: a.localname,
  uploaderId: caller.userId,
  createTime: formatDateTime(),
  createdAt: nowMs(),
  confirmed: verified,
  verified,
});

export type PresignRequest = { name: string; size: number; contentType: string; hash: string; kind?: unknown; maxKB?: unknown; variantOf?: string; width?: number };

/**
 * A picture's smaller copy (core/content/pictureVariants.ts), drawn by the console's uploader: stored
 * beside its original as `<tenant>/<hash>.w<width>.<type>`, recorded under the original's hash with
 * `w<width>.<type>` for extension, so the website can name it from the original's address alone.
 * Only for a verified picture of the caller's tenant; the copy is a picture's format (WebP, PNG,
 * JPEG) within the picture kind's size, and is confirmed like any upload.
 */
async function presignVariant(caller: Caller, req: PresignRequest, mayUploadKind: (kind: UploadKind) => boolean): Promise<PresignedUpload> {
  if (!mayUploadKind("image")) throw new DomainError(DENIAL.S, "403");
  const parts = parseRemotename(req.variantOf ?? "");
  const original = parts && parts.tenantId === caller.tenantId && !parts.ext.includes(".") ? await findStored(parts.tenantId, parts.hash, parts.ext) : null;
  if (!parts || !original || original.kind !== "image") throw new DomainError(UPLOAD_MSG.notFound, "404");
  const type = extOf(req.name) === "jpeg" ? "jpg" : extOf(req.name);
  const key = `${parts.tenantId}/${parts.hash}.w${req.width ?? 0}.${type}`;
  const variant = parseVariantKey(key);
  const contentType = CONTENT_TYPES[type] ?? "";
  const declared = req.contentType.split(";")[0]!.trim().toLowerCase();
  if (!variant || (declared && declared !== contentType)) throw new DomainError(UPLOAD_MSG.format(["webp", "png", "jpg"]), "400");
  if (!Number.isInteger(req.size) || req.size <= 0) throw new DomainError(UPLOAD_MSG.empty, "400");
  if (req.size > KINDS.image.maxKB * 1024) throw new DomainError(UPLOAD_MSG.size(KINDS.image.maxKB), "400");
  const hash = req.hash.trim().toLowerCase();
  const algorithm = hashAlgorithm(hash);
  if (!algorithm) throw new DomainError(UPLOAD_MSG.badHash, "400");
  const accepted: AcceptedUpload = { kind: "image", ext: variant.ext, contentType, localname: baseName(req.name), size: req.size, limitKB: KINDS.image.maxKB };
  const hit = await findStored(parts.tenantId, parts.hash, variant.ext);
  if (hit) return { exists: true, ...uploaded(hit.remotename, accepted) };
  await StoredFile.put(record(caller, accepted, parts.hash, key, false)).go();
  const put = await presignPut(key, { contentType, size: req.size, algorithm, digestBase64: Buffer.from(hash, "hex").toString("base64") });
  return { exists: false, ...uploaded(key, accepted), uploadUrl: put.url, uploadHeaders: put.headers, expiresIn: PUT_EXPIRES_S };
}

/**
 * Step one of a browser upload: the rules are checked before any URL is given; a file already
 * stored is not sent again (`exists: true`), otherwise the client PUTs to `uploadUrl` with
 * `uploadHeaders`, then confirms (`confirmUpload`) before the file may be used.
 */
export async function presignUpload(caller: Caller, req: PresignRequest, mayUploadKind: (kind: UploadKind) => boolean): Promise<PresignedUpload> {
  if (req.variantOf) return presignVariant(caller, req, mayUploadKind);
  const accepted = checkUpload(req);
  if (!mayUploadKind(accepted.kind)) throw new DomainError(DENIAL.S, "403");
  const hash = req.hash.trim().toLowerCase();
  const algorithm = hashAlgorithm(hash);
  if (!algorithm) throw new DomainError(UPLOAD_MSG.badHash, "400");
  const hit = await findStored(caller.tenantId, hash, accepted.ext);
  if (hit) return { exists: true, ...uploaded(hit.remotename, accepted) };
  const key = storageKey(caller.tenantId, hash, accepted.ext);
  await StoredFile.put(record(caller, accepted, hash, key, false)).go();
  const put = await presignPut(key, {
    contentType: accepted.contentType,
    size: accepted.size,
    algorithm,
    digestBase64: Buffer.from(hash, "hex").toString("base64"),
  });
  return { exists: false, ...uploaded(key, accepted), uploadUrl: put.url, uploadHeaders: put.headers, expiresIn: PUT_EXPIRES_S };
}

/**
 * Step three of a browser upload (POST /uploader/confirm): S3 checked the bytes against the signed
 * size and digest, but not what they are. The first bytes are read (a ranged GetObject) and must
 * be the format of the file's extension; else the object and its record go and the upload is refused.
 * `mayUploadKind` says whether the caller's screen may upload a file of this kind.
 */
export async function confirmUpload(caller: Caller, remotename: string, mayUploadKind: (kind: UploadKind) => boolean): Promise<UploadedFile> {
  const parts = parseRemotename(remotename);
  // Another tenant's file is answered like a missing one.
  if (!parts || parts.tenantId !== caller.tenantId) throw new DomainError(UPLOAD_MSG.notFound, "404");
  const { data: file } = await StoredFile.get(parts).go();
  if (!file) throw new DomainError(UPLOAD_MSG.notFound, "404");
  const kind = file.kind as UploadKind;
  if (!mayUploadKind(kind)) throw new DomainError(DENIAL.S, "403");
  const view = { remotename: file.remotename, ext: file.ext, localname: file.localname ?? "", url: filePath(file.remotename) };
  if (file.verified) return view;
  const [head, bytes] = await Promise.all([objectHead(file.remotename), readHead(file.remotename, HEAD_BYTES)]);
  // Not uploaded (yet): the PUT failed or the URL expired. The record stays for a new try.
  if (!head || !bytes || head.size !== file.size) throw new DomainError(UPLOAD_MSG.notFound, "404");
  if (!looksLike(file.ext, bytes)) {
    await deleteObject(file.remotename);
    await StoredFile.delete(parts).go();
    throw new DomainError(UPLOAD_MSG.mismatch, "400");
  }
  await StoredFile.patch(parts).set({ confirmed: true, verified: true }).go();
  return view;
}

/** Whether a file of the tenant is in the bucket and verified: what a server use (the customer import) asks before reading it. */
export async function isVerified(tenantId: string, remotename: string): Promise<boolean> {
  const parts = parseRemotename(remotename);
  return !!parts && parts.tenantId === tenantId && !!(await findStored(parts.tenantId, parts.hash, parts.ext));
}

export type DirectUpload = { bytes: Uint8Array; name: string; contentType: string; md5file?: string; kind?: unknown; maxKB?: unknown };

/**
 * The spec's `POST /upload` (R068): the bytes come with the request. The server hashes them itself;
 * `md5file`, when given (MD5 or SHA-256, R066), must match or the upload fails (R063).
 */
export async function storeUpload(caller: Caller, f: DirectUpload, mayUploadKind: (kind: UploadKind) => boolean): Promise<UploadedFile> {
  const accepted = checkUpload({ name: f.name, size: f.bytes.length, contentType: f.contentType, kind: f.kind, maxKB: f.maxKB }, { ceilingKB: MULTIPART_MAX_KB });
  if (!mayUploadKind(accepted.kind)) throw new DomainError(DENIAL.S, "403");
  // The bytes are here: they are checked before anything is stored, so a multipart file is verified at once.
  if (!looksLike(accepted.ext, f.bytes.subarray(0, HEAD_BYTES))) throw new DomainError(UPLOAD_MSG.format(KINDS[accepted.kind].exts), "400");
  const md5 = createHash("md5").update(f.bytes).digest();
  const sha256 = createHash("sha256").update(f.bytes).digest("hex");
  const md5Hex = md5.toString("hex");
  const claimed = (f.md5file ?? "").trim().toLowerCase();
  if (claimed && claimed !== md5Hex && claimed !== sha256) throw new DomainError(UPLOAD_MSG.failed, "400");
  const hit = (await findStored(caller.tenantId, sha256, accepted.ext)) ?? (await findStored(caller.tenantId, md5Hex, accepted.ext));
  if (hit) return uploaded(hit.remotename, accepted);
  const key = storageKey(caller.tenantId, sha256, accepted.ext);
  await putObject(key, f.bytes, accepted.contentType, md5.toString("base64"));
  // Stored under its SHA-256; the MD5 record lets a client that hashes with MD5 find it too.
  await Promise.all([StoredFile.put(record(caller, accepted, sha256, key, true)).go(), StoredFile.put(record(caller, accepted, md5Hex, key, true)).go()]);
  return uploaded(key, accepted);
}

/**
 * A file the server side writes itself where an upload would have gone (the bench's import sheet,
 * tests): checked and recorded like a multipart upload, so it is verified and may be used.
 * Answers its remotename.
 */
export async function storeOwnFile(tenantId: string, f: { bytes: Uint8Array; name: string; kind: UploadKind }): Promise<string> {
  const accepted = checkUpload({ name: f.name, size: f.bytes.length, kind: f.kind });
  if (!looksLike(accepted.ext, f.bytes.subarray(0, HEAD_BYTES))) throw new DomainError(UPLOAD_MSG.mismatch, "400");
  const sha256 = createHash("sha256").update(f.bytes).digest("hex");
  const key = storageKey(tenantId, sha256, accepted.ext);
  await putObject(key, f.bytes, accepted.contentType, createHash("md5").update(f.bytes).digest("base64"));
  await StoredFile.put(record({ tenantId, userId: 0 }, accepted, sha256, key, true)).go();
  return key;
}

/**
 * A smaller copy of a picture the server side stored itself (the seed's drawn pictures): beside the
 * original as `<tenant>/<hash>.w<width>.<type>` (core/content/pictureVariants.ts), recorded and
 * verified like the console's copies. Answers its remotename.
 */
export async function storeOwnVariant(original: string, f: { bytes: Uint8Array; width: number; type: "png" | "jpg" | "webp" }): Promise<string> {
  const parts = parseRemotename(original);
  const variant = parts && parseVariantKey(`${parts.tenantId}/${parts.hash}.w${f.width}.${f.type}`);
  if (!parts || parts.ext.includes(".") || !variant) throw new Error(`no copy of ${original} at ${f.width}`);
  if (!looksLike(variant.ext, f.bytes.subarray(0, HEAD_BYTES))) throw new DomainError(UPLOAD_MSG.mismatch, "400");
  const key = `${parts.tenantId}/${parts.hash}.${variant.ext}`;
  const contentType = CONTENT_TYPES[f.type]!;
  await putObject(key, f.bytes, contentType, createHash("md5").update(f.bytes).digest("base64"));
  const accepted: AcceptedUpload = { kind: "image", ext: variant.ext, contentType, localname: "", size: f.bytes.length, limitKB: KINDS.image.maxKB };
  await StoredFile.put(record({ tenantId: parts.tenantId, userId: 0 }, accepted, parts.hash, key, true)).go();
  return key;
}

/**
 * Where the browser reads a public file (GET /uploader/files/{remotename}); null when the name is
 * malformed, unknown, not uploaded yet, or of a private kind (certificates, customer sheets).
 */
export async function publicFileUrl(remotename: string): Promise<{ url: string; maxAge: number } | null> {
  const parts = parseRemotename(remotename);
  if (!parts) return null;
  const file = await findStored(parts.tenantId, parts.hash, parts.ext);
  const kind = file?.kind as UploadKind | undefined;
  if (!file || !kind || !KINDS[kind]?.publicRead) return null;
  return presignGet(file.remotename, { contentType: file.contentType, disposition: contentDisposition(kind, file.localname ?? "") });
}

/** The bytes of a file of the caller's tenant, for the server's own use (customer import, payment certificates). */
export async function loadFile(tenantId: string, remotename: string): Promise<{ bytes: Uint8Array; kind: UploadKind; localname: string }> {
  const parts = parseRemotename(remotename);
  const file = parts && parts.tenantId === tenantId ? await findStored(parts.tenantId, parts.hash, parts.ext) : null;
  if (!file) throw new DomainError(UPLOAD_MSG.notFound, "404");
  return { bytes: await readObject(file.remotename), kind: file.kind as UploadKind, localname: file.localname ?? "" };
}
