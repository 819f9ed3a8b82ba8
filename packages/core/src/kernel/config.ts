/**
 * Configuration read from the environment. In the cloud the stacks set these; on one machine
 * `packages/local` does. Nothing else reads process.env.
 */
const env = (name: string, fallback?: string): string => {
  const v = process.env[name] ?? fallback;
  if (v === undefined) throw new Error(`missing configuration ${name}`);
  return v;
};

export const config = {
  get table() {
    return env("XY_TABLE", "xiangyu");
  },
  get bucket() {
    return env("XY_BUCKET", "xiangyu-uploads");
  },
  get region() {
    return env("AWS_REGION", "ap-east-1");
  },
  /** Only set on one machine: where the local twins listen. */
  get dynamoEndpoint() {
    return process.env.XY_DYNAMO_ENDPOINT;
  },
  get s3Endpoint() {
    return process.env.XY_S3_ENDPOINT;
  },
  /** Public base of presigned URLs when the browser reaches S3 at another address than the server. */
  get s3PublicEndpoint() {
    return process.env.XY_S3_PUBLIC_ENDPOINT ?? process.env.XY_S3_ENDPOINT;
  },
  get jwtSecret() {
    return env("XY_JWT_SECRET");
  },
  /** 32-byte key (hex) for AES-256-GCM encryption of revealable secrets. */
  get dataKey() {
    return env("XY_DATA_KEY");
  },
};
