import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { request } from "node:http";
import type { Server } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startGateway, MAX_URL_BYTES } from "../src/twin/gateway.ts";
import { freePort } from "../src/twin/ports.ts";
import { API_CSP, CONSOLE_CSP, WEBSITE_CSP } from "../../../stacks/securityHeaders.ts";

/** The local gateway as `npm start` runs it, on a free port, over stand-in console and website builds. */
let server: Server;
let base: string;
const dir = mkdtempSync(join(tmpdir(), "xy-gateway-"));

beforeAll(async () => {
  for (const ws of ["web", "site"]) {
    mkdirSync(join(dir, ws), { recursive: true });
    writeFileSync(join(dir, ws, "index.html"), `<!doctype html><title>${ws}</title>`);
  }
  const port = await freePort();
  server = await startGateway({ port, webDir: join(dir, "web"), siteDir: join(dir, "site") });
  base = `http://127.0.0.1:${port}`;
});

afterAll(async () => {
  await new Promise((r) => server.close(r));
  rmSync(dir, { recursive: true, force: true });
});

/** A raw GET (fetch refuses some of the sizes sent here): status, headers, body. */
function get(path: string): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(`${base}${path}`, { method: "GET" }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks).toString("utf8") }));
    });
    req.on("error", reject);
    req.end();
  });
}

const expectSecurityHeaders = (headers: Record<string, unknown>, csp: string) => {
  expect(headers["content-security-policy"]).toBe(csp);
  expect(headers["content-security-policy"]).toContain("frame-ancestors 'none'");
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  expect(headers["x-frame-options"]).toBe("DENY");
};

describe("the local gateway's security headers, as CloudFront's in the cloud", () => {
  it("on the console's pages, console routes included", async () => {
    for (const path of ["/", "/index.html", "/organization"]) {
      const r = await get(path);
      expect(r.status, path).toBe(200);
      expect(r.body).toContain("<title>web</title>");
      expectSecurityHeaders(r.headers, CONSOLE_CSP);
    }
  });

  it("on the website's pages and files (pages: siteGateway.test.ts)", async () => {
    // No tenant binds 127.0.0.1 here: the content Lambda's refusal, with the website's headers.
    expectSecurityHeaders((await get("/site/")).headers, WEBSITE_CSP);
    expectSecurityHeaders((await get("/site/app.js")).headers, WEBSITE_CSP);
  });

  it("on API replies: a route's, an unknown path's", async () => {
    const tenant = await get("/gateway/oauth/tenant?clientId=nobody");
    expect(tenant.headers["content-type"]).toContain("application/json");
    expectSecurityHeaders(tenant.headers, API_CSP);
    const unknown = await get("/gateway/api/nothing-here");
    expect([unknown.status, JSON.parse(unknown.body)]).toEqual([404, { code: "404", desc: "接口不存在" }]);
    expectSecurityHeaders(unknown.headers, API_CSP);
  });
});

describe("an over-long URL", () => {
  it("of 16 KB is answered with the envelope, not Node's bare 431", async () => {
    const r = await get(`/xiangyu/api/client/clientlist?keyword=${"a".repeat(16 * 1024)}`);
    expect(r.status).toBe(414);
    expect(JSON.parse(r.body)).toEqual({ code: "400", desc: "请求参数过长" });
    expectSecurityHeaders(r.headers, API_CSP);
  });

  it("just under the limit still reaches the API", async () => {
    const path = "/gateway/api/nothing-here?q=";
    const r = await get(`${path}${"a".repeat(MAX_URL_BYTES - path.length)}`);
    expect(JSON.parse(r.body)).toEqual({ code: "404", desc: "接口不存在" });
  });

  it("past even Node's raised header limit is answered with the envelope too", async () => {
    const r = await get(`/xiangyu/api/client/clientlist?keyword=${"a".repeat(100 * 1024)}`);
    expect(r.status).toBe(431);
    expect(JSON.parse(r.body)).toEqual({ code: "400", desc: "请求参数过长" });
  });
});
