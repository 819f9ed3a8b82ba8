import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { readFile, stat } from "node:fs/promises";
import { extname, join, normalize } from "node:path";
import { invoke } from "@xiangyu/functions/http/invoke";
import type { LambdaResult } from "@xiangyu/functions/http/event";

/**
 * The local API Gateway: a request whose method and path match an area route becomes an API
 * Gateway v2 event for that area's Lambda handler; anything else is a static file of the console
 * (web/dist at /) or the website (site/dist at /site/).
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

const readBody = (req: IncomingMessage) =>
  new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (c) => chunks.push(c));
    req.on("end", () => resolve(Buffer.concat(chunks)));
    req.on("error", reject);
  });

function writeResult(res: ServerResponse, r: LambdaResult) {
  const headers: Record<string, string | string[]> = { ...(r.headers ?? {}) };
  for (const [k, v] of Object.entries(r.multiValueHeaders ?? {})) headers[k] = v;
  if (r.cookies?.length) headers["set-cookie"] = r.cookies;
  res.writeHead(r.statusCode, headers);
  res.end(r.body ? Buffer.from(r.body, r.isBase64Encoded ? "base64" : "utf8") : undefined);
}

async function serveStatic(res: ServerResponse, root: string, urlPath: string, spa: boolean): Promise<boolean> {
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
    res.writeHead(200, { "content-type": TYPES[extname(file)] ?? "application/octet-stream", "cache-control": immutable ? "public, max-age=31536000, immutable" : "no-cache" });
    res.end(body);
    return true;
  } catch {
    return false;
  }
}

export function startGateway(opts: { port: number; host?: string; webDir: string; siteDir: string }): Promise<Server> {
  const server = createServer(async (req, res) => {
    try {
      const url = req.url ?? "/";
      const method = req.method ?? "GET";
      const body = method === "GET" || method === "HEAD" ? undefined : await readBody(req);
      const result = await invoke({ method, url, headers: req.headers, body, ip: req.socket.remoteAddress ?? "" });
      if (result) return writeResult(res, result);
      const path = new URL(url, "http://localhost").pathname;
      if (/^\/(gateway|xiangyu|goods|uploader|upload)(\/|$)/.test(path)) {
        res.writeHead(404, { "content-type": "application/json; charset=utf-8" });
        return res.end(JSON.stringify({ code: "404", desc: "接口不存在" }));
      }
      if (method === "GET" || method === "HEAD") {
        if (path === "/site" || path.startsWith("/site/")) {
          if (await serveStatic(res, opts.siteDir, path.slice(5) || "/", true)) return;
        } else if (await serveStatic(res, opts.webDir, path, true)) return;
      }
      res.writeHead(404, { "content-type": "text/plain; charset=utf-8" });
      res.end("Not found");
    } catch (e) {
      console.error(e);
      res.writeHead(500, { "content-type": "application/json; charset=utf-8" });
      res.end(JSON.stringify({ code: "500", desc: "系统繁忙，请稍后再试" }));
    }
  });
  return new Promise((resolve, reject) => {
    server.once("error", (e: any) => reject(new Error(e?.code === "EADDRINUSE" ? `port ${opts.port} is already in use (set PORT to another)` : String(e))));
    server.listen(opts.port, opts.host ?? "127.0.0.1", () => resolve(server));
  });
}
