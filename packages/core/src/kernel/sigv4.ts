/**
 * AWS Signature Version 4 (docs.aws.amazon.com/IAM/latest/UserGuide/reference_sigv-create-signed-request.html),
 * shared by the small DynamoDB and S3 clients: signed headers (an `authorization` header) and
 * presigned URLs (the signature in the query). Checked against AWS's test vectors and the SDK's
 * signer and presigner (packages/core/test/dynamoLiteSigning.test.ts, s3LiteSigning.test.ts).
 */
export type Credentials = { accessKeyId: string; secretAccessKey: string; sessionToken?: string };

type Signable = {
  method: string;
  host: string;
  /** The canonical URI, already encoded as it is sent (S3: each key segment encoded once). */
  path: string;
  query?: Record<string, string>;
  /** Header names in lower case; host (and x-amz-date for signed headers) are added. */
  headers: Record<string, string>;
  /** Hex SHA-256 of the body, or UNSIGNED-PAYLOAD (presigned S3 URLs). */
  payloadHash: string;
  region: string;
  service: string;
  credentials: Credentials;
  at: Date;
};

// No import of node:crypto: the console's build reaches this module through core's shared code (kernel/aws.ts), and a browser has no such module.
const crypto = () => process.getBuiltinModule("node:crypto");
export const sha256Hex = (data: string | Uint8Array) => crypto().createHash("sha256").update(data).digest("hex");
const hmac = (key: Buffer | string, s: string) => crypto().createHmac("sha256", key).update(s, "utf8").digest();

/** 20150830T123600Z */
const amzDate = (at: Date) =>
  at
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");

/** RFC 3986 encoding, as SigV4 and S3 keys want it: encodeURIComponent leaves !'()* alone. */
export const uriEscape = (s: string) => encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** name=value pairs encoded and sorted by name: the canonical query, and the query of a presigned URL. */
export const queryString = (query: Record<string, string>) =>
  Object.keys(query)
    .map((k) => [uriEscape(k), uriEscape(query[k]!)] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join("&");

/**
 * The day's signing key (four HMACs), kept per secret, day, region and service: every call of a
 * Lambda signs with the same one until midnight UTC or new credentials. One entry per client and
 * service in practice; cleared whole if it ever grows.
 */
const keys = new Map<string, Buffer>();
function signingKey(secret: string, day: string, region: string, service: string): Buffer {
  const id = `${secret}\u0000${day}\u0000${region}\u0000${service}`;
  let key = keys.get(id);
  if (!key) {
    if (keys.size >= 16) keys.clear();
    keys.set(id, (key = hmac(hmac(hmac(hmac(`AWS4${secret}`, day), region), service), "aws4_request")));
  }
  return key;
}

/** The signature of a request whose every header in `r.headers` is signed; answers the scope and the signed names too. */
function sign(r: Signable, date: string): { signature: string; scope: string; signed: string } {
  const day = date.slice(0, 8);
  const names = Object.keys(r.headers).sort();
  const canonicalHeaders = names.map((n) => `${n}:${r.headers[n]!.trim().replace(/\s+/g, " ")}\n`).join("");
  const signed = names.join(";");
  const canonical = [r.method, r.path, queryString(r.query ?? {}), canonicalHeaders, signed, r.payloadHash].join("\n");
  const scope = `${day}/${r.region}/${r.service}/aws4_request`;
  const toSign = ["AWS4-HMAC-SHA256", date, scope, sha256Hex(canonical)].join("\n");
  const key = signingKey(r.credentials.secretAccessKey, day, r.region, r.service);
  return { signature: crypto().createHmac("sha256", key).update(toSign, "utf8").digest("hex"), scope, signed };
}

/** The headers to send, `authorization` included (signed with every header given). */
export function signedHeaders(r: Signable): Record<string, string> {
  const date = amzDate(r.at);
  const headers: Record<string, string> = { ...r.headers, host: r.host, "x-amz-date": date };
  if (r.credentials.sessionToken) headers["x-amz-security-token"] = r.credentials.sessionToken;
  const { signature, scope, signed } = sign({ ...r, headers }, date);
  headers.authorization = `AWS4-HMAC-SHA256 Credential=${r.credentials.accessKeyId}/${scope}, SignedHeaders=${signed}, Signature=${signature}`;
  return headers;
}

/**
 * The query of a presigned URL (X-Amz-Algorithm … X-Amz-Signature beside `r.query`): whoever calls
 * it must send the headers in `r.headers` (host aside) with the same values.
 */
export function presignedQuery(r: Signable & { expiresIn: number }): Record<string, string> {
  const date = amzDate(r.at);
  const headers = { ...r.headers, host: r.host };
  const query: Record<string, string> = { ...r.query, "X-Amz-Algorithm": "AWS4-HMAC-SHA256" };
  query["X-Amz-Credential"] = `${r.credentials.accessKeyId}/${date.slice(0, 8)}/${r.region}/${r.service}/aws4_request`;
  query["X-Amz-Date"] = date;
  query["X-Amz-Expires"] = String(r.expiresIn);
  if (r.credentials.sessionToken) query["X-Amz-Security-Token"] = r.credentials.sessionToken;
  query["X-Amz-SignedHeaders"] = Object.keys(headers).sort().join(";");
  const { signature } = sign({ ...r, headers, query }, date);
  return { ...query, "X-Amz-Signature": signature };
}
