import { describe, it, expect, beforeAll } from "vitest";
import { randomBytes } from "node:crypto";
import { markPlatformTenant } from "@xiangyu/core/platform/operator";
import { domainMatches, forgetTenant, tenantOfHost, UNKNOWN_DOMAIN } from "@xiangyu/core/platform/tenants";
import { TenantInput } from "@xiangyu/core/platform/schemas";
import { editOf } from "./editForm.ts";
import { get, post, testTenant } from "./harness.ts";

/** The login page finds its tenant by the host it was opened on (GET /gateway/oauth/tenant?domain=). */
const FN = 1101;
const SAVE = "/gateway/api/manage/platform/save";
const PASSED = "/gateway/api/manage/platform/passed";
const BRAND = "/gateway/oauth/tenant";

let op: Awaited<ReturnType<typeof testTenant>>;
const save = (form: Record<string, string | number>) => post(SAVE, { token: op.adminToken, functionId: FN, form });
const newId = () => `d${randomBytes(4).toString("hex")}`;
const mobile = () => `135${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`;
const form = (clientId: string, domain2: string, more: Record<string, string | number> = {}) => ({
  clientId,
  password: `${clientId}-secret`,
  systemName: `平台${clientId}`,
  domain2,
  idisplay: 1,
  adminMobile: mobile(),
  adminPassword: "Initial#2026x",
  ...more,
});
const brand = (domain: string) => get(BRAND, { query: { domain } });

beforeAll(async () => {
  op = await testTenant();
  await markPlatformTenant(op.clientId);
}, 60_000);

describe("a stored domain and the host the browser shows", () => {
  it.each([
    ["a.example.com", "a.example.com", true],
    ["a.example.com", "a.example.com:8443", true],
    ["A.Example.com.", "a.example.com", true],
    ["https://a.example.com/login", "a.example.com:443", true],
    ["a.example.com:8443", "a.example.com:8443", true],
    ["a.example.com:8443", "a.example.com:9000", false],
    ["a.example.com:8443", "a.example.com", false],
    ["example.com", "a.example.com", false],
    ["a.example.com", "example.com", false],
    ["*.example.com", "a.example.com", true],
    ["*.example.com", "a.b.example.com:3000", true],
    ["*.example.com", "example.com", false],
    ["*.example.com", "badexample.com", false],
    ["", "a.example.com", false],
    ["a.example.com", "", false],
  ])("%j binds %j: %s", (entry, host, bound) => {
    expect(domainMatches(entry, host)).toBe(bound);
  });

  it("prefers an exact entry over a wildcard, whatever the order of the tenants", () => {
    const tenants = [
      { clientId: "wild", domain: ["*.example.com"] },
      { clientId: "exact", domain: ["shop.example.com"] },
    ];
    expect(tenantOfHost(tenants, "shop.example.com:3105")?.clientId).toBe("exact");
    expect(tenantOfHost(tenants, "other.example.com")?.clientId).toBe("wild");
    expect(tenantOfHost(tenants, "example.org")).toBeUndefined();
  });
});

describe("GET /gateway/oauth/tenant?domain=", () => {
  const clientId = newId();
  const host = `${clientId}.example.com`;

  beforeAll(async () => {
    const r = await save(form(clientId, `${host}\nadmin.${clientId}.example.com:8443`, { loginLogo: "/files/logo.png", copyright: "© 测试", headerBgcolor: "#7a1f5c" }));
    expect(r.body).toMatchObject({ code: "200", desc: "保存成功" });
  }, 60_000);

  it("answers the tenant whose domains bind the host, port or not, with its branding", async () => {
    for (const h of [host, `${host}:3105`, `ADMIN.${clientId}.example.com:8443`]) {
      const r = await brand(h);
      expect(r.body.code, h).toBe("200");
      expect(r.body.data, h).toMatchObject({ clientId, clientSecret: `${clientId}-secret`, systemName: `平台${clientId}`, loginLogo: "/files/logo.png", copyright: "© 测试" });
      expect(r.body.data.colors.headerBgcolor).toBe("#7a1f5c");
    }
  });

  it("says clearly that an unknown host opens no tenant", async () => {
    for (const h of [`admin.${clientId}.example.com:9000`, `x${host}`, "nobody.localhost:3105"])
      expect((await brand(h)).body, h).toMatchObject({ code: "404", desc: UNKNOWN_DOMAIN });
  });

  it("says a disabled tenant is disabled", async () => {
    const id = (await get("/gateway/api/manage/platform/view", { token: op.adminToken, functionId: FN, query: { clientId } })).body.data.id;
    expect((await post(PASSED, { token: op.adminToken, functionId: FN, form: { ids: String(id), idisplay: 0 } })).body.code).toBe("200");
    expect((await brand(host)).body).toMatchObject({ code: "403", desc: "该平台已停用" });
    expect((await post(PASSED, { token: op.adminToken, functionId: FN, form: { ids: String(id), idisplay: 1 } })).body.code).toBe("200");
    forgetTenant(clientId);
    expect((await brand(host)).body.code).toBe("200");
  });

  it("binds a domain to one tenant: another tenant may not take it, the tenant itself may save it again", async () => {
    const other = newId();
    const r = await save(form(other, `new.${other}.example.com\n${host.toUpperCase()}`));
    expect(r.body).toMatchObject({ code: "409", desc: `域名${host.toUpperCase()}已被其他租户绑定` });
    expect((await get("/gateway/api/manage/platform/view", { token: op.adminToken, functionId: FN, query: { clientId: other } })).body.code).toBe("404");
    const mine = (await get("/gateway/api/manage/platform/view", { token: op.adminToken, functionId: FN, query: { clientId } })).body.data;
    // An edit is the whole form (blank where the test gives nothing).
    const again = await save(editOf(TenantInput, {}, { ...form(clientId, `${host}\nthird.${clientId}.example.com`), id: mine.id }));
    expect(again.body).toMatchObject({ code: "200" });
    expect((await brand(`third.${clientId}.example.com`)).body.data.clientId).toBe(clientId);
  });
});
