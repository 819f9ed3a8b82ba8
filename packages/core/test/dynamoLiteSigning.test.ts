import { describe, expect, it } from "vitest";
import { signedHeaders } from "../src/kernel/dynamoLite/signing.ts";

/** AWS's Signature Version 4 test suite (aws-sig-v4-test-suite): get-vanilla and post-vanilla. */
const example = {
  host: "example.amazonaws.com",
  path: "/",
  headers: {},
  body: "",
  region: "us-east-1",
  service: "service",
  credentials: { accessKeyId: "AKIDEXAMPLE", secretAccessKey: "wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY" },
  at: new Date("2015-08-30T12:36:00Z"),
};

describe("dynamoLite signing", () => {
  it("signs AWS's get-vanilla and post-vanilla test requests as the suite expects", () => {
    const scope = "Credential=AKIDEXAMPLE/20150830/us-east-1/service/aws4_request, SignedHeaders=host;x-amz-date";
    expect(signedHeaders({ ...example, method: "GET" }).authorization).toBe(
      `AWS4-HMAC-SHA256 ${scope}, Signature=5fa00fa31553b73ebf1942676e86291e8372ff2a2260956d9b8aae1d763fbf31`,
    );
    expect(signedHeaders({ ...example, method: "POST" }).authorization).toBe(
      `AWS4-HMAC-SHA256 ${scope}, Signature=5da7c1a2acd57cee7505fc6676e4e544621c30862966e37dddb68e92efbe5d6b`,
    );
  });

  it("signs a DynamoDB call with Lambda's session token and its own headers, and sends the date it signed", () => {
    const h = signedHeaders({
      ...example,
      method: "POST",
      host: "dynamodb.ap-east-1.amazonaws.com",
      headers: { "content-type": "application/x-amz-json-1.0", "x-amz-target": "DynamoDB_20120810.GetItem" },
      body: JSON.stringify({ TableName: "t", Key: { pk: { S: "a" } } }),
      region: "ap-east-1",
      service: "dynamodb",
      credentials: { ...example.credentials, sessionToken: "TOKEN" },
    });
    expect(h["x-amz-date"]).toBe("20150830T123600Z");
    expect(h["x-amz-security-token"]).toBe("TOKEN");
    expect(h.authorization).toMatch(
      /^AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE\/20150830\/ap-east-1\/dynamodb\/aws4_request, SignedHeaders=content-type;host;x-amz-date;x-amz-security-token;x-amz-target, Signature=[0-9a-f]{64}$/,
    );
  });
});
