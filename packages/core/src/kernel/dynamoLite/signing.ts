/**
 * AWS Signature Version 4 for one request (docs.aws.amazon.com/IAM/latest/UserGuide/reference_sigv-create-signed-request.html):
 * the headers to send, `authorization` included. Written for DynamoDB's JSON API — a POST to "/"
 * without a query string — and checked against AWS's own test vectors and the SDK's signer
 * (packages/core/test/dynamoLiteSigning.test.ts).
 */
export type Credentials = { accessKeyId: string; secretAccessKey: string; sessionToken?: string };
export type SignedRequest = {
  method: string;
  host: string;
  path: string;
  /** Header names in lower case; host and x-amz-date are added. */
  headers: Record<string, string>;
  body: string;
  region: string;
  service: string;
  credentials: Credentials;
  at: Date;
};

// No import of node:crypto: the console's build reaches this module through core's shared code (kernel/aws.ts), and a browser has no such module.
const crypto = () => process.getBuiltinModule("node:crypto");
const sha256 = (s: string) => crypto().createHash("sha256").update(s, "utf8").digest("hex");
const hmac = (key: Buffer | string, s: string) => crypto().createHmac("sha256", key).update(s, "utf8").digest();

/** 20150830T123600Z */
const amzDate = (at: Date) =>
  at
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");

export function signedHeaders(r: SignedRequest): Record<string, string> {
  const date = amzDate(r.at);
  const day = date.slice(0, 8);
  const headers: Record<string, string> = { ...r.headers, host: r.host, "x-amz-date": date };
  if (r.credentials.sessionToken) headers["x-amz-security-token"] = r.credentials.sessionToken;
  const names = Object.keys(headers).sort();
  const canonicalHeaders = names.map((n) => `${n}:${headers[n]!.trim().replace(/\s+/g, " ")}\n`).join("");
  const signed = names.join(";");
  const canonical = [r.method, r.path, "", canonicalHeaders, signed, sha256(r.body)].join("\n");
  const scope = `${day}/${r.region}/${r.service}/aws4_request`;
  const toSign = ["AWS4-HMAC-SHA256", date, scope, sha256(canonical)].join("\n");
  const key = hmac(hmac(hmac(hmac(`AWS4${r.credentials.secretAccessKey}`, day), r.region), r.service), "aws4_request");
  const signature = crypto().createHmac("sha256", key).update(toSign, "utf8").digest("hex");
  headers.authorization = `AWS4-HMAC-SHA256 Credential=${r.credentials.accessKeyId}/${scope}, SignedHeaders=${signed}, Signature=${signature}`;
  return headers;
}
