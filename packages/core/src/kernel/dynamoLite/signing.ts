import { sha256Hex, signedHeaders as signed, type Credentials } from "../sigv4.ts";

/**
 * Signature Version 4 for one DynamoDB call — a POST to "/" without a query string — over the
 * shared signer (kernel/sigv4.ts); checked against AWS's own test vectors and the SDK's signer
 * (packages/core/test/dynamoLiteSigning.test.ts).
 */
export type { Credentials };
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

export function signedHeaders(r: SignedRequest): Record<string, string> {
  const { body, ...rest } = r;
  return signed({ ...rest, payloadHash: sha256Hex(body) });
}
