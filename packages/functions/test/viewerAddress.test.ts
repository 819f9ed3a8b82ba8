import { describe, it, expect, beforeAll, afterAll } from "vitest";
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
    beforeAll(async () => {
      process.env.XY_ORIGIN_SECRET = "edge-secret";
      t = await testTenant();
    });
    afterAll(() => {
      delete process.env.XY_ORIGIN_SECRET;
    });

    it("logs the viewer's address for a request from the distribution, and the source address for one around it", async () => {
      const ORG = 1201;
      const save = (headers: Record<string, string>, orgName: string) =>
        post("/gateway/api/organization/save", { token: t.adminToken, functionId: ORG, form: { parentId: 0, orgType: "dept", orgName }, headers });
      await save({ [ORIGIN_HEADER]: "edge-secret", [VIEWER_HEADER]: "198.51.100.7:5000" }, "经由边缘");
      await save({ [ORIGIN_HEADER]: "forged", [VIEWER_HEADER]: "198.51.100.8:5000" }, "绕过边缘");
      const rows = (await get("/gateway/api/manage/oplog/list", { token: t.adminToken, functionId: 2501, query: { pageSize: 2 } })).body.dataList;
      expect(rows.map((r: { ip: string }) => r.ip)).toEqual(["127.0.0.1", "198.51.100.7"]);
    });
  });
});
