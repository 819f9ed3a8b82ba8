import { describe, it, expect, beforeAll, afterEach } from "vitest";
import { get, post, testTenant } from "./harness.ts";
import { viewerAddress, ORIGIN_HEADER, VIEWER_HEADER } from "../src/http/viewer.ts";
import type { ApiEvent } from "../src/http/event.ts";

const event = (headers: Record<string, string>): ApiEvent => ({ headers, requestContext: { http: { method: "GET", sourceIp: "130.176.1.1" } } }) as ApiEvent;

describe("the caller's address behind CloudFront", () => {
  it("is CloudFront's viewer address only when the request carries the origin secret", () => {
    const viewer = { [VIEWER_HEADER]: "203.0.113.9:46532" };
    expect(viewerAddress(event({ ...viewer, [ORIGIN_HEADER]: "s3cret" }), "s3cret")).toBe("203.0.113.9");
    // Around CloudFront, straight to API Gateway: a wrong, missing or unset secret leaves API Gateway's own address.
    expect(viewerAddress(event({ ...viewer, [ORIGIN_HEADER]: "guess" }), "s3cret")).toBe("130.176.1.1");
    expect(viewerAddress(event(viewer), "s3cret")).toBe("130.176.1.1");
    expect(viewerAddress(event({ ...viewer, [ORIGIN_HEADER]: "s3cret" }), undefined)).toBe("130.176.1.1");
  });

  it("reads IPv6 viewers (the port after the last colon) and refuses anything that is not an address", () => {
    const withSecret = (v: string) => viewerAddress(event({ [VIEWER_HEADER]: v, [ORIGIN_HEADER]: "k" }), "k");
    expect(withSecret("2001:db8::8a2e:370:7334:443")).toBe("2001:db8::8a2e:370:7334");
    expect(withSecret("10.0.0.1:1")).toBe("10.0.0.1");
    expect(withSecret("<script>:1")).toBe("130.176.1.1");
    expect(withSecret("")).toBe("130.176.1.1");
  });

  describe("through the adapter", () => {
    let t: Awaited<ReturnType<typeof testTenant>>;
    const ORG = 1201;
    const save = (headers: Record<string, string>, orgName: string) =>
      post("/gateway/api/organization/save", { token: t.adminToken, functionId: ORG, form: { parentId: 0, orgType: "dept", orgName }, headers });
    const lastIps = async (headers: Record<string, string>, pageSize: number) =>
      (await get("/gateway/api/manage/oplog/list", { token: t.adminToken, functionId: 2501, query: { pageSize }, headers })).body.dataList.map((r: { ip: string }) => r.ip);
    beforeAll(async () => {
      t = await testTenant();
    });
    afterEach(() => {
      delete process.env.XY_ORIGIN_SECRET;
    });

    it("logs the viewer's address for a request from the distribution, and refuses one around it", async () => {
      // Set after the tenant's sign-in: the harness's own requests carry no origin header.
      process.env.XY_ORIGIN_SECRET = "edge-secret";
      const edge = { [ORIGIN_HEADER]: "edge-secret" };
      expect((await save({ ...edge, [VIEWER_HEADER]: "198.51.100.7:5000" }, "经由边缘")).body.code).toBe("200");
      // Around CloudFront a request no longer reaches the route at all (originSecret.test.ts).
      expect((await save({ [ORIGIN_HEADER]: "forged", [VIEWER_HEADER]: "198.51.100.8:5000" }, "绕过边缘")).status).toBe(403);
      expect(await lastIps(edge, 1)).toEqual(["198.51.100.7"]);
    });

    it("logs API Gateway's source address when no origin secret is configured, whatever the viewer header says", async () => {
      expect((await save({ [VIEWER_HEADER]: "198.51.100.9:5000" }, "本机")).body.code).toBe("200");
      expect(await lastIps({}, 1)).toEqual(["127.0.0.1"]);
    });
  });
});
