import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { readFile, stat } from "node:fs/promises";
import { extname, join, normalize } from "node:path";
import { invoke } from "@xiangyu/functions/http/invoke";
import type { LambdaResult } from "@xiangyu/functions/http/event";
import { API_CSP, CONSOLE_CSP, WEBSITE_CSP, securityHeaders } from "../../../../stacks/securityHeaders.ts";
import { serveWechatSandbox } from "./wechatSandbox.ts";
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

function writeResult(res: ServerResponse, r: LambdaResult, security: Record<string, string> = HEADERS.api) {
  const headers: Record<string, string | string[]> = {};
  // Lower-cased, so the security headers below replace any the handler set, as CloudFront's override does.
  for (const [k, v] of Object.entries(r.headers ?? {})) headers[k.toLowerCase()] = v;
  for (const [k, v] of Object.entries(r.multiValueHeaders ?? {})) headers[k.toLowerCase()] = v;
  if (r.cookies?.length) headers["set-cookie"] = r.cookies;
  Object.assign(headers, security);
  res.writeHead(r.statusCode, headers);
  res.end(r.body ? Buffer.from(r.body, r.isBase64Encoded ? "base64" : "utf8") : undefined);
}

async function serveStatic(res: ServerResponse, root: string, urlPath: string, spa: boolean, security: Record<string, string>): Promise<boolean> {
  const rel = normalize(decodeURIComponent(urlPath)).replace(/^(\.\.[/\\])+/, "");
  let file = join(root, rel);
  if (!file.startsWith(root)) return false;
  try {
    if ((await stat(file)).isDirectory()) file = join(file, "index.html");
  } catch {
    if (!spa) return false;
    file = join(root, "index.html");
  }
  try {
    const body = await readFile(file);
    const immutable = /\/assets\//.test(file);
    res.writeHead(200, {
      "content-type": TYPES[extname(file)] ?? "application/octet-stream",
      "cache-control": immutable ? "public, max-age=31536000, immutable" : "no-cache",
      ...security,
    });
    res.end(body);
    return true;
  } catch {
    return false;
  }
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
      const body = method === "GET" || method === "HEAD" ? undefined : await readBody(req);
      const result = await invoke({ method, url, headers: req.headers, body, ip: req.socket.remoteAddress ?? "" });
      const path = new URL(url, "http://localhost").pathname;
      // The website's detail page rendered by the content Lambda is a page of the website, with its headers.
      if (result) return writeResult(res, result, path.startsWith("/site/") ? HEADERS.website : HEADERS.api);
      if (/^\/(gateway|xiangyu|goods|uploader|upload)(\/|$)/.test(path)) {
        res.writeHead(404, { "content-type": "application/json; charset=utf-8", ...HEADERS.api });
        return res.end(JSON.stringify({ code: "404", desc: "接口不存在" }));
      }
      if (serveWechatSandbox(req, res, path)) return;
      if (method === "GET" || method === "HEAD") {
        if (path === "/site" || path.startsWith("/site/")) {
          if (await serveStatic(res, opts.siteDir, path.slice(5) || "/", true, HEADERS.website)) return;
        } else if (await serveStatic(res, opts.webDir, path, true, HEADERS.console)) return;
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
