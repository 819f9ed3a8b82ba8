import { DomainError } from "../kernel/errors.ts";
import { parseVariantKey } from "../content/pictureVariants.ts";

/**
 * What may be uploaded, how big, and how a stored file is named: pure rules, no I/O.
 * Every upload message lives here so the presigned and the multipart paths speak alike (R062–R068).
 */

export type UploadKind = "image" | "excel" | "pem" | "video" | "apk";

type KindRule = {
  /** Accepted extensions, in the order the format notice lists them. */
  exts: readonly string[];
  maxKB: number;
  /** Served to anyone who has the path (website, mini-program, app download); private kinds are read only by the server. */
  publicRead: boolean;
  /** Shown in the browser rather than downloaded: pictures only, so no other file is ever rendered as a page of our origin (issue 11). */
  inline: boolean;
};

export const KINDS: Record<UploadKind, KindRule> = {
  // R062; the spec's picture limit is 2000 KB (hotel pictures), screens pass a smaller maxKB (goods: 1000 KB).
  image: { exts: ["jpg", "png", "gif", "jpeg"], maxKB: 2000, publicRead: true, inline: true },
  // Customer import. The spec only says its hasher stops at 500 MB; 50 MB is far above any real sheet. Holds customer data: private.
  excel: { exts: ["xlsx"], maxKB: 50 * 1024, publicRead: false, inline: false },
  // Payment certificates and keys (a single .pem): never public.
  pem: { exts: ["pem"], maxKB: 64, publicRead: false, inline: false },
  // Mini-program video (.mp4, .3gp, .m3u8). A <video> element plays it whatever the disposition; opened on its own it is saved, not run (issue 11).
  video: { exts: ["mp4", "3gp", "m3u8"], maxKB: 200 * 1024, publicRead: true, inline: false },
  // App update packages: downloaded by the app itself.
  apk: { exts: ["apk"], maxKB: 300 * 1024, publicRead: true, inline: false },
};

export const KIND_NAMES = Object.keys(KINDS) as UploadKind[];

/**
 * The modules whose screens upload, and what each may upload (issue 11, "Uploads need a reason"):
 * an upload is made from a screen, so it needs A or E on a function of one of these modules, and
 * only of a kind that module's screens take. A clerk of another module has no reason to store files.
 */
export const UPLOADERS: Record<string, readonly UploadKind[]> = {
  hotels: ["image"],
  products: ["image"],
  // The customer import sheet.
  clients: ["excel"],
  org: ["image"],
  // Payment certificates, app update packages and mini-program video besides pictures.
  platform: ["image", "pem", "apk", "video"],
  users: ["image"],
  // The page builder's banners and information items take a video (docs/pages.md).
  pages: ["image", "video"],
  content: ["image"],
  goods: ["image"],
  lottery: ["image"],
  vouchers: ["image"],
  weeks: ["image"],
  website: ["image"],
};
export const UPLOAD_MODULES = Object.keys(UPLOADERS);

/** Whether a screen of `module` uploads files of `kind` (the route has already asked A or E: adding or editing is the reason to upload). */
export function mayUpload(module: string, kind: UploadKind): boolean {
  return (UPLOADERS[module] ?? []).includes(kind);
}
export const DEFAULT_KIND: UploadKind = "image";

/**
 * A multipart body travels base64 inside the Lambda event, whose synchronous payload is capped at
 * 6 MB (API Gateway's own cap is 10 MB): about 4.5 MB of file. Larger files take the presigned path.
 */
export const MULTIPART_MAX_KB = 4 * 1024;
/** Room in a multipart body beside the file: boundaries, part headers, md5file, kind, maxKB. */
export const MULTIPART_OVERHEAD_BYTES = 64 * 1024;
/** The largest multipart body the upload routes read (their `maxBody`): the largest file they accept and its form. */
export const MULTIPART_MAX_BODY = MULTIPART_MAX_KB * 1024 + MULTIPART_OVERHEAD_BYTES;
/** The longest remotename a stored file can have: tenant (64) / hash (64) . extension (8), or a picture's copy's `.w1920.webp` (11). */
export const MAX_REMOTENAME = 64 + 1 + 64 + 1 + 11;

/** The content type a file of this extension is stored and served with. */
export const CONTENT_TYPES: Record<string, string> = {
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  png: "image/png",
  gif: "image/gif",
  // A picture's smaller copy (core/content/pictureVariants.ts): never an upload of its own.
  webp: "image/webp",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  pem: "application/x-pem-file",
  mp4: "video/mp4",
  "3gp": "video/3gpp",
  m3u8: "application/vnd.apple.mpegurl",
  apk: "application/vnd.android.package-archive",
};

/** Other names browsers and operating systems give the same format. */
const TYPE_ALIASES: Record<string, readonly string[]> = {
  jpg: ["image/jpg", "image/pjpeg"],
  jpeg: ["image/jpg", "image/pjpeg"],
  png: ["image/x-png"],
  gif: [],
  xlsx: ["application/zip", "application/x-zip-compressed"],
  pem: ["application/x-x509-ca-cert", "application/pkix-cert", "application/x-pem-certificate", "text/plain"],
  mp4: [],
  "3gp": ["audio/3gpp"],
  m3u8: ["application/x-mpegurl", "audio/mpegurl", "audio/x-mpegurl"],
  apk: [],
};

/** Said by a browser that does not know the type: the extension decides. */
const UNKNOWN_TYPES = new Set(["", "application/octet-stream", "binary/octet-stream"]);

export const UPLOAD_MSG = {
  failed: "上传失败！",
  format: (exts: readonly string[]) => `文件格式不正确，请上传 ${exts.join("、")} 格式的文件`,
  size: (limitKB: number) => `文件大小不能超过 ${formatMB(limitKB)}MB`,
  noFile: "请选择要上传的文件",
  empty: "不能上传空文件",
  badHash: "文件校验码不正确",
  badKind: "不支持的上传类型",
  badParam: "参数格式不正确",
  notFound: "文件不存在或已被删除",
  /** The bytes uploaded are not the format the name and type claimed (a renamed program, a page posing as a picture). */
  mismatch: "文件内容与类型不符",
} as const;

/** How many first bytes tell a format (looksLike): the ranged read of a presigned upload takes no more. */
export const HEAD_BYTES = 64;

/** KB limit written in MB with at most two decimals (R064): 2000 → "1.95", 51200 → "50"; a tiny limit keeps two digits, never "0". */
export function formatMB(kb: number): string {
  const mb = kb / 1024;
  return String(mb >= 0.01 ? Math.round(mb * 100) / 100 : Number(mb.toPrecision(2)));
}

export function readKind(raw: unknown): UploadKind {
  const k = String(raw ?? "").trim();
  if (k === "") return DEFAULT_KIND;
  if (!(KIND_NAMES as string[]).includes(k)) throw new DomainError(UPLOAD_MSG.badKind, "400");
  return k as UploadKind;
}

/** A screen's own limit in KB; absent means the kind's. */
export function readMaxKB(raw: unknown): number | undefined {
  if (raw === undefined || raw === null || raw === "") return undefined;
  const n = Number(raw);
  if (!Number.isFinite(n) || n <= 0) throw new DomainError(UPLOAD_MSG.badParam, "400");
  return n;
}

/** A screen may ask for less than the kind allows, never more; the multipart path has its own ceiling. */
export const limitKB = (kind: UploadKind, maxKB?: number, ceilingKB?: number): number => Math.min(KINDS[kind].maxKB, maxKB ?? Infinity, ceilingKB ?? Infinity);

/** The extension of a file name, lower case; "" when it has none. */
export function extOf(name: string): string {
  const base = baseName(name);
  const dot = base.lastIndexOf(".");
  return dot > 0 ? base.slice(dot + 1).toLowerCase() : "";
}

/** The original name as shown back to the user: no folders, no control characters, bounded. */
export function baseName(name: string): string {
  const last = name.split(/[/\\]/).pop() ?? "";
  return last
    .replace(/[\u0000-\u001f\u007f]/g, "")
    .trim()
    .slice(-200);
}

export type UploadClaim = { name: string; size: number; contentType?: string; kind?: unknown; maxKB?: unknown };
export type AcceptedUpload = { kind: UploadKind; ext: string; contentType: string; localname: string; size: number; limitKB: number };

/**
 * Checks a file before it is stored or a URL is given: format by extension (and the declared type
 * must not contradict it), then size. Throws the message the uploader shows.
 */
export function checkUpload(claim: UploadClaim, opts: { ceilingKB?: number } = {}): AcceptedUpload {
  const kind = readKind(claim.kind);
  const maxKB = readMaxKB(claim.maxKB);
  const rule = KINDS[kind];
  const localname = baseName(claim.name);
  const ext = extOf(localname);
  if (!localname) throw new DomainError(UPLOAD_MSG.noFile, "400");
  if (!rule.exts.includes(ext) || !typeFits(ext, claim.contentType ?? "")) throw new DomainError(UPLOAD_MSG.format(rule.exts), "400");
  if (!Number.isInteger(claim.size) || claim.size < 0) throw new DomainError(UPLOAD_MSG.badParam, "400");
  if (claim.size === 0) throw new DomainError(UPLOAD_MSG.empty, "400");
  const limit = limitKB(kind, maxKB, opts.ceilingKB);
  if (claim.size > limit * 1024) throw new DomainError(UPLOAD_MSG.size(limit), "400");
  return { kind, ext, contentType: CONTENT_TYPES[ext]!, localname, size: claim.size, limitKB: limit };
}

function typeFits(ext: string, declared: string): boolean {
  const t = declared.split(";")[0]!.trim().toLowerCase();
  return UNKNOWN_TYPES.has(t) || t === CONTENT_TYPES[ext] || (TYPE_ALIASES[ext] ?? []).includes(t);
}

export type HashAlgorithm = "md5" | "sha256";

/** The uploader hashes with MD5 or SHA-256 (R066); the length tells which. Null when it is neither. */
export function hashAlgorithm(hash: string): HashAlgorithm | null {
  if (/^[0-9a-f]{32}$/.test(hash)) return "md5";
  if (/^[0-9a-f]{64}$/.test(hash)) return "sha256";
  return null;
}

/** Whether the first bytes are those of the format the extension names: a renamed .exe is no picture. */
export function looksLike(ext: string, head: Uint8Array): boolean {
  const starts = (bytes: number[], at = 0) => bytes.every((b, i) => head[at + i] === b);
  const text = new TextDecoder()
    .decode(head.subarray(0, 64))
    .replace(/^\uFEFF/, "")
    .trimStart();
  // A picture's copy (`w480.webp`) is the format after its width.
  switch (ext.slice(ext.lastIndexOf(".") + 1)) {
    case "webp":
      return text.startsWith("RIFF") && text.slice(8, 12) === "WEBP";
    case "png":
      return starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    case "jpg":
    case "jpeg":
      return starts([0xff, 0xd8, 0xff]);
    case "gif":
      return text.startsWith("GIF87a") || text.startsWith("GIF89a");
    case "xlsx":
    case "apk":
      return starts([0x50, 0x4b, 0x03, 0x04]);
    case "mp4":
    case "3gp":
      return starts([0x66, 0x74, 0x79, 0x70], 4);
    case "m3u8":
      return text.startsWith("#EXTM3U");
    case "pem":
      return text.startsWith("-----BEGIN");
    default:
      return false;
  }
}

/**
 * Files are stored once per tenant and content: `${tenantId}/${hash}.${ext}`. The key is also the
 * `remotename` clients keep, so a public page can show a picture without knowing the tenant.
 */
const TENANT = /^[A-Za-z0-9_-][A-Za-z0-9_.-]{0,63}$/;
const KNOWN_EXTS = new Set(Object.values(KINDS).flatMap((k) => k.exts));

export function storageKey(tenantId: string, hash: string, ext: string): string {
  if (!TENANT.test(tenantId) || tenantId.includes("..")) throw new Error(`tenant id unfit for a storage key: ${tenantId}`);
  if (!hashAlgorithm(hash) || !KNOWN_EXTS.has(ext)) throw new Error(`bad storage key parts ${hash}.${ext}`);
  return `${tenantId}/${hash}.${ext}`;
}

/**
 * Reads a remotename strictly; anything else (traversal, unknown extension, upper case) is null. A
 * picture's copy (`<tenant>/<hash>.w480.webp`, core/content/pictureVariants.ts) is stored under the
 * original's tenant and hash with `w480.webp` for its extension.
 */
export function parseRemotename(remotename: string): { tenantId: string; hash: string; ext: string } | null {
  const variant = parseVariantKey(remotename);
  if (variant) return TENANT.test(variant.tenantId) && !variant.tenantId.includes("..") ? { tenantId: variant.tenantId, hash: variant.hash, ext: variant.ext } : null;
  const m = /^([^/]+)\/([0-9a-f]{32}|[0-9a-f]{64})\.([a-z0-9]{1,8})$/.exec(remotename);
  if (!m) return null;
  const [, tenantId, hash, ext] = m as unknown as [string, string, string, string];
  if (!TENANT.test(tenantId) || tenantId.includes("..") || !KNOWN_EXTS.has(ext)) return null;
  return { tenantId, hash, ext };
}

/** The read path of a stored file, as the spec's clients expect it (docs/gaps.md §3). */
export const filePath = (remotename: string): string => `/uploader/files/${remotename}`;

/**
 * How a browser should treat the file: pictures shown, everything else saved under its original
 * name, so a file that is not a picture is never rendered as a page of our origin (issue 11).
 */
export function contentDisposition(kind: UploadKind, localname: string): string {
  if (KINDS[kind].inline) return "inline";
  const ascii = localname.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_") || "file";
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(localname)}`;
}
