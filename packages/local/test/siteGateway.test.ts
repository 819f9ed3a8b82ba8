import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { request, type Server } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { startGateway } from "../src/twin/gateway.ts";
import { freePort } from "../src/twin/ports.ts";
import { siteTenant } from "../../functions/test/harness.ts";

/**
 * The local gateway as the website's CDN (docs/content.md "Caching and transfer"): the website's
 * addresses are its files or the content Lambda's pages (an unknown one the 404 page, with status
 * 404); text is compressed for a client that accepts it; files and pages carry validators and
 * answer 304; hashed assets are immutable, the rest revalidated. The console and the API replies
 * are compressed too.
 */
let server: Server;
let base: string;
let host: string;
const dir = mkdtempSync(join(tmpdir(), "xy-site-gateway-"));
const CSS = `.a{color:red}\n`.repeat(400);

beforeAll(async () => {
  mkdirSync(join(dir, "site/assets"), { recursive: true });
  mkdirSync(join(dir, "web"), { recursive: true });
  writeFileSync(join(dir, "site/app.css"), CSS);
  writeFileSync(join(dir, "site/app.js"), `import "./assets/index-abcdefgh.js";\n`);
  writeFileSync(join(dir, "site/assets/index-abcdefgh.js"), `console.log(1);\n`.repeat(200));
  writeFileSync(join(dir, "site/index.html"), "<!doctype html><title>shell</title>");
  writeFileSync(join(dir, "web/index.html"), `<!doctype html><title>console</title>${"<p>x</p>".repeat(300)}`);
  const port = await freePort();
  server = await startGateway({ port, webDir: join(dir, "web"), siteDir: join(dir, "site") });
  base = `http://127.0.0.1:${port}`;
  host = (await siteTenant("g")).domain;
});

afterAll(async () => {
  await new Promise((r) => server.close(r));
  rmSync(dir, { recursive: true, force: true });
});

type Reply = { status: number; headers: Record<string, string | string[] | undefined>; raw: Buffer; text: string };
/** A GET as a browser sends it, decoded here (fetch would hide the encoding). */
function get(path: string, headers: Record<string, string> = {}): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = request(`${base}${path}`, { method: "GET", headers: { host, ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c) => chunks.push(c));
      res.on("end", () => {
        const raw = Buffer.concat(chunks);
        const enc = res.headers["content-encoding"];
        const text = (enc === "br" ? brotliDecompressSync(raw) : enc === "gzip" ? gunzipSync(raw) : raw).toString("utf8");
        resolve({ status: res.statusCode!, headers: res.headers, raw, text });
      });
    });
    req.on("error", reject);
    req.end();
  });
}

describe("the website's addresses on one machine", () => {
  it("home and every page type are rendered pages; an unknown address is the 404 page with status 404", async () => {
    const home = await get("/site/");
    expect(home.status).toBe(200);
    expect(home.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(home.text).toContain('<nav class="menu" aria-label="网站菜单">');
    expect(home.text).not.toContain("<title>shell</title>");
    for (const path of ["/site/nothing", "/site/information", "/site/index", "/site/wp-login.php", "/site/information/list/extra", "/site/%E0%A4%A"]) {
      const r = await get(path);
      expect([r.status, r.headers["content-type"]], path).toEqual([404, "text/html; charset=utf-8"]);
      expect(r.text, path).toContain("<h1>页面不存在</h1>");
    }
    const robots = await get("/site/robots.txt");
    expect([robots.status, robots.headers["content-type"]]).toEqual([200, "text/plain; charset=utf-8"]);
    expect(robots.text).toContain(`Sitemap: http://${host}/site/sitemap.xml`);
    expect((await get("/site/sitemap.xml")).headers["content-type"]).toBe("application/xml; charset=utf-8");
    expect((await get("/site/favicon.ico")).headers["content-type"]).toBe("image/svg+xml");
    // /site itself leads to /site/.
    const bare = await get("/site?x=1");
    expect([bare.status, bare.headers.location]).toEqual([301, "/site/?x=1"]);
  });

  it("a missing file is a plain 404, never a page or the shell", async () => {
    for (const path of ["/site/assets/index-missing.js", "/site/demo/none.svg"]) {
      const r = await get(path);
      expect([r.status, r.headers["cache-control"]], path).toEqual([404, "no-store"]);
      expect(r.text).toBe("Not found");
    }
  });
});

describe("caching and transfer", () => {
  it("compresses text with brotli or gzip as the client accepts, with Vary, and sends it plain otherwise", async () => {
    const br = await get("/site/app.css", { "accept-encoding": "gzip, deflate, br" });
    expect([br.headers["content-encoding"], br.headers.vary]).toEqual(["br", "Accept-Encoding"]);
    expect(br.text).toBe(CSS);
    expect(br.raw.length).toBeLessThan(CSS.length / 10);
    const gz = await get("/site/app.css", { "accept-encoding": "gzip" });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gz.text).toBe(CSS);
    const refused = await get("/site/app.css", { "accept-encoding": "br;q=0, gzip;q=0" });
    expect(refused.headers["content-encoding"]).toBeUndefined();
    const plain = await get("/site/app.css");
    expect([plain.headers["content-encoding"], plain.headers.vary, plain.raw.length]).toEqual([undefined, "Accept-Encoding", CSS.length]);
    // Pages, the console and the API's JSON alike.
    const page = await get("/site/", { "accept-encoding": "br" });
    expect(page.headers["content-encoding"]).toBe("br");
    expect(page.text).toContain("</html>");
    expect((await get("/", { "accept-encoding": "gzip" })).headers["content-encoding"]).toBe("gzip");
    const api = await get(`/gateway/api/information/loadListByFunctionId?functionId=1302&pageSize=50&domain=${host}`, { "accept-encoding": "br" });
    expect(api.headers["content-type"]).toContain("application/json");
    expect(JSON.parse(api.text).code).toBe("200");
    // Too small to be worth it (CloudFront's floor is 1,000 bytes): sent as it is.
    expect((await get("/site/app.js", { "accept-encoding": "br" })).headers["content-encoding"]).toBeUndefined();
  });

  it("files: hashed assets immutable for a year, the rest revalidated; an ETag and 304 when unchanged", async () => {
    const asset = await get("/site/assets/index-abcdefgh.js");
    expect(asset.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    const css = await get("/site/app.css", { "accept-encoding": "br" });
    expect(css.headers["cache-control"]).toBe("no-cache");
    const etag = String(css.headers.etag);
    expect(etag).toMatch(/^W\/".+"$/);
    const again = await get("/site/app.css", { "accept-encoding": "br", "if-none-match": etag });
    expect([again.status, again.raw.length]).toEqual([304, 0]);
    // The plain file's strong ETag is the same validator.
    const plain = await get("/site/app.css");
    expect((await get("/site/app.css", { "if-none-match": String(plain.headers.etag) })).status).toBe(304);
    expect((await get("/site/app.css", { "if-none-match": '"else"' })).status).toBe(200);
    // The console's files too.
    const shell = await get("/");
    expect(shell.headers["cache-control"]).toBe("no-cache");
    expect((await get("/", { "if-none-match": String(shell.headers.etag) })).status).toBe(304);
  });

  it("pages: short-lived with a validator, 304 through the gateway, compressed or not", async () => {
    const page = await get("/site/", { "accept-encoding": "br" });
    expect(page.headers["cache-control"]).toBe("public, max-age=60, stale-while-revalidate=300");
    const etag = String(page.headers.etag);
    const again = await get("/site/", { "accept-encoding": "br", "if-none-match": etag });
    expect([again.status, again.raw.length]).toEqual([304, 0]);
  });
});
