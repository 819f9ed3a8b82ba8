import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { readFile, stat } from "node:fs/promises";
import { extname, join, normalize } from "node:path";
import { invoke } from "@xiangyu/functions/http/invoke";
import type { LambdaResult } from "@xiangyu/functions/http/event";
import { API_CSP, CONSOLE_CSP, WEBSITE_CSP, securityHeaders } from "../../../../stacks/securityHeaders.ts";
import { serveWechatSandbox } from "./wechatSandbox.ts";
import { isSiteFile, sitePagePath } from "@xiangyu/functions/content/sitePaths";
import { etagOf } from "@xiangyu/functions/http/etag";
import { acceptedEncoding, compress, compressible, encoded, matches } from "./transfer.ts";
import { registerWorkers } from "./workers.ts";

// The worker Lambdas of the cloud run in this process on one machine.
registerWorkers();

/**
 * The local API Gateway: a request whose method and path match an area route becomes an API
 * Gateway v2 event for that area's Lambda handler; anything else is a static file of the console
 * (web/dist at /) or the website (site/dist at /site/). Every reply carries the security
 * headers CloudFront adds in the cloud (stacks/securityHeaders.ts; HSTS only there, as one machine
 * speaks plain HTTP).
 */
const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".ico": "image/x-icon",
  ".webp": "image/webp",
  ".txt": "text/plain; charset=utf-8",
  ".xml": "application/xml; charset=utf-8",
  ".woff2": "font/woff2",
  ".xlsx": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
};

/** What the local gateway answers: the API's, the console's and the website's headers. */
const HEADERS = { api: securityHeaders(API_CSP), console: securityHeaders(CONSOLE_CSP), website: securityHeaders(WEBSITE_CSP) };

/**
 * The longest URL (path and query) accepted: CloudFront's own limit, so a request that works here
 * works in the cloud. Node reads up to MAX_HEADER_BYTES of request line and headers; between the
 * two, and above the second, the answer is the contract's envelope rather than Node's bare 431.
 */
export const MAX_URL_BYTES = 8192;
const MAX_HEADER_BYTES = 64 * 1024;
const TOO_LONG = JSON.stringify({ code: "400", desc: "请求参数过长" });

const readBody = (req: IncomingMessage) =>
  new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (c) => chunks.push(c));
    req.on("end", () => resolve(Buffer.concat(chunks)));
    req.on("error", reject);
  });

function writeResult(req: IncomingMessage, res: ServerResponse, r: LambdaResult, security: Record<string, string> = HEADERS.api) {
  const headers: Record<string, string | string[]> = {};
  // Lower-cased, so the security headers below replace any the handler set, as CloudFront's override does.
  for (const [k, v] of Object.entries(r.headers ?? {})) headers[k.toLowerCase()] = v;
  for (const [k, v] of Object.entries(r.multiValueHeaders ?? {})) headers[k.toLowerCase()] = v;
  if (r.cookies?.length) headers["set-cookie"] = r.cookies;
  Object.assign(headers, security);
  // CloudFront compresses the API's and the pages' text on the way out (compress: true); so does this twin.
  const body = encoded(req, headers, r.body ? Buffer.from(r.body, r.isBase64Encoded ? "base64" : "utf8") : undefined);
  res.writeHead(r.statusCode, headers);
  res.end(body);
}

/** A static file as read once (until it changes on disk): its bytes, validator and compressed forms. */
type Cached = { mtimeMs: number; size: number; body: Buffer; etag: string; br?: Buffer; gzip?: Buffer };
const files = new Map<string, Cached>();

async function readCached(file: string): Promise<Cached> {
  const st = await stat(file);
  if (st.isDirectory()) throw new Error("a directory");
  const hit = files.get(file);
  if (hit && hit.mtimeMs === st.mtimeMs && hit.size === st.size) return hit;
  const body = await readFile(file);
  const entry: Cached = { mtimeMs: st.mtimeMs, size: st.size, body, etag: etagOf(body) };
  files.set(file, entry);
  return entry;
}

/**
 * A file of a build: hashed assets immutable for a year, everything else revalidated (`no-cache`
 * with an ETag, 304 when unchanged), text compressed for a client that accepts it.
 */
async function sendFile(req: IncomingMessage, res: ServerResponse, file: string, security: Record<string, string>, status = 200): Promise<boolean> {
  let f: Cached;
  try {
    f = await readCached(file);
  } catch {
    return false;
  }
  const type = TYPES[extname(file)] ?? "application/octet-stream";
  const immutable = /[/\\]assets[/\\]/.test(file);
  const headers: Record<string, string> = {
    "content-type": type,
    "cache-control": status !== 200 ? "no-store" : immutable ? "public, max-age=31536000, immutable" : "no-cache",
    ...security,
  };
  if (status === 200) headers["etag"] = f.etag;
  let body = f.body;
  if (compressible(type, body.length)) {
    headers["vary"] = "Accept-Encoding";
    const encoding = acceptedEncoding(req);
    if (encoding) {
      body = f[encoding] ??= compress(f.body, encoding);
      headers["content-encoding"] = encoding;
      if (headers["etag"]) headers["etag"] = `W/${f.etag}`;
    }
  }
  if (status === 200 && matches(req, f.etag)) {
    delete headers["content-type"];
    delete headers["content-encoding"];
    res.writeHead(304, headers);
    res.end();
    return true;
  }
  res.writeHead(status, headers);
  res.end(body);
  return true;
}

async function serveStatic(req: IncomingMessage, res: ServerResponse, root: string, urlPath: string, spa: boolean, security: Record<string, string>): Promise<boolean> {
  const rel = normalize(decodeURIComponent(urlPath)).replace(/^(\.\.[/\\])+/, "");
  let file = join(root, rel);
  if (!file.startsWith(root)) return false;
  try {
    if ((await stat(file)).isDirectory()) file = join(file, "index.html");
  } catch {
    if (!spa) return false;
    file = join(root, "index.html");
  }
  return sendFile(req, res, file, security);
}

/**
 * The website's domain, as its CloudFront distribution answers it (stacks/Site.ts): the build's
 * files as they are, every other address a page of the content Lambda (sitePagePath: home, the
 * page routes, else the 404 page). Here the site lives under /site/.
 */
async function serveSite(req: IncomingMessage, res: ServerResponse, url: URL, siteDir: string): Promise<void> {
  let below: string;
  try {
    below = decodeURIComponent(url.pathname.slice("/site/".length));
  } catch {
    below = "\u0000"; // a malformed address: the 404 page
  }
  if (isSiteFile(below)) {
    const file = join(siteDir, normalize(below));
    if (file.startsWith(siteDir + "/") && (await sendFile(req, res, file, HEADERS.website))) return;
    // A missing file is a 404 (the bucket's error in the cloud), never a page.
    res.writeHead(404, { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store", ...HEADERS.website });
    res.end("Not found");
    return;
  }
  const result = await invoke({ method: "GET", url: sitePagePath(below) + url.search, headers: req.headers, ip: req.socket.remoteAddress ?? "" });
  if (!result) throw new Error(`no route for the website's page ${below}`);
  writeResult(req, res, result, HEADERS.website);
}

export function startGateway(opts: { port: number; host?: string; webDir: string; siteDir: string }): Promise<Server> {
  const server = createServer({ maxHeaderSize: MAX_HEADER_BYTES }, async (req, res) => {
    try {
      const url = req.url ?? "/";
      const method = req.method ?? "GET";
      if (Buffer.byteLength(url) > MAX_URL_BYTES) {
        res.writeHead(414, { "content-type": "application/json; charset=utf-8", ...HEADERS.api });
        return res.end(TOO_LONG);
      }
      const parsed = new URL(url, "http://localhost");
      const path = parsed.pathname;
      // The website: its own domain in the cloud, under /site/ here (GET and HEAD only, as its distribution).
      if (path === "/site") {
        res.writeHead(301, { location: `/site/${parsed.search}`, "cache-control": "no-store", ...HEADERS.website });
        return res.end();
      }
      if (path.startsWith("/site/") && (method === "GET" || method === "HEAD")) return await serveSite(req, res, parsed, opts.siteDir);
      const body = method === "GET" || method === "HEAD" ? undefined : await readBody(req);
      const result = await invoke({ method, url, headers: req.headers, body, ip: req.socket.remoteAddress ?? "" });
      if (result) return writeResult(req, res, result, HEADERS.api);
      if (/^\/(gateway|xiangyu|goods|uploader|upload)(\/|$)/.test(path)) {
        res.writeHead(404, { "content-type": "application/json; charset=utf-8", ...HEADERS.api });
        return res.end(JSON.stringify({ code: "404", desc: "接口不存在" }));
      }
      if (serveWechatSandbox(req, res, path)) return;
      if (method === "GET" || method === "HEAD") {
        if (await serveStatic(req, res, opts.webDir, path, true, HEADERS.console)) return;
      }
      res.writeHead(404, { "content-type": "text/plain; charset=utf-8", ...HEADERS.console });
      res.end("Not found");
    } catch (e) {
      console.error(e);
      res.writeHead(500, { "content-type": "application/json; charset=utf-8", ...HEADERS.api });
      res.end(JSON.stringify({ code: "500", desc: "系统繁忙，请稍后再试" }));
    }
  });
  // A request line and headers past MAX_HEADER_BYTES never reach the handler: Node would answer
  // a bare 431. Answer with the envelope instead (the connection is closed after it).
  server.on("clientError", (e: NodeJS.ErrnoException, socket) => {
    if (!socket.writable) return socket.destroy();
    if (e.code !== "HPE_HEADER_OVERFLOW") return socket.end("HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n");
    const body = Buffer.from(TOO_LONG);
    const head = { "Content-Type": "application/json; charset=utf-8", "Content-Length": String(body.length), Connection: "close", ...HEADERS.api };
    socket.end(
      Buffer.concat([
        Buffer.from(
          `HTTP/1.1 431 Request Header Fields Too Large\r\n${Object.entries(head)
            .map(([k, v]) => `${k}: ${v}`)
            .join("\r\n")}\r\n\r\n`,
        ),
        body,
      ]),
    );
  });
  return new Promise((resolve, reject) => {
    server.once("error", (e: any) => reject(new Error(e?.code === "EADDRINUSE" ? `port ${opts.port} is already in use (set PORT to another)` : String(e))));
    server.listen(opts.port, opts.host ?? "127.0.0.1", () => resolve(server));
  });
}
