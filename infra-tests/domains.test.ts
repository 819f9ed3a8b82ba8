import { describe, expect, test } from "vitest";
import { domainConfig, siteOrigins } from "../stacks/domains.ts";

const ARN = "arn:aws:acm:us-east-1:123456789012:certificate/0f0e0d0c-0b0a-0908-0706-050403020100";

describe("a stage's own domains (stacks/domains.ts)", () => {
  test("none configured: the site keeps its CloudFront address", () => {
    expect(domainConfig("console", {})).toBeUndefined();
    expect(siteOrigins(undefined, "d1.cloudfront.net")).toEqual(["https://d1.cloudfront.net"]);
  });

  test("a domain in a Route 53 zone, or with a certificate of our own; tenants' domains lower-cased, trimmed", () => {
    expect(domainConfig("website", { XY_WEBSITE_DOMAIN: "www.example.com", XY_HOSTED_ZONE: "example.com" })).toEqual({
      domain: "www.example.com",
      tenantDomains: [],
      hostedZone: "example.com",
      certificateArn: undefined,
    });
    const config = domainConfig("console", {
      XY_CONSOLE_DOMAIN: "Console.Example.com",
      XY_CONSOLE_TENANT_DOMAINS: " admin.hotel-a.cn ,,ADMIN.hotel-b.com ",
      XY_CERTIFICATE_ARN: ARN,
    });
    expect(config).toMatchObject({ domain: "console.example.com", tenantDomains: ["admin.hotel-a.cn", "admin.hotel-b.com"], certificateArn: ARN });
    expect(siteOrigins(config, "d1.cloudfront.net")).toEqual(["https://console.example.com", "https://admin.hotel-a.cn", "https://admin.hotel-b.com"]);
  });

  test("a malformed configuration stops the deploy, with what is wrong", () => {
    expect(() => domainConfig("console", { XY_CONSOLE_DOMAIN: "console.example.com" })).toThrow("XY_HOSTED_ZONE or XY_CERTIFICATE_ARN");
    expect(() => domainConfig("console", { XY_CONSOLE_DOMAIN: "not a domain", XY_HOSTED_ZONE: "example.com" })).toThrow("is not a domain name");
    expect(() => domainConfig("console", { XY_CONSOLE_TENANT_DOMAINS: "a.example.com" })).toThrow("needs XY_CONSOLE_DOMAIN");
    expect(() => domainConfig("console", { XY_CONSOLE_DOMAIN: "c.example.com", XY_CONSOLE_TENANT_DOMAINS: "a.example.com", XY_HOSTED_ZONE: "example.com" })).toThrow(
      "XY_CERTIFICATE_ARN",
    );
    // CloudFront takes certificates from us-east-1 only.
    expect(() => domainConfig("console", { XY_CONSOLE_DOMAIN: "c.example.com", XY_CERTIFICATE_ARN: ARN.replace("us-east-1", "ap-east-1") })).toThrow("us-east-1");
  });
});
