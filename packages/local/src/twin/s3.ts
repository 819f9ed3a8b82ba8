import S3rver from "s3rver";
import { createRequire } from "node:module";
import { mkdirSync } from "node:fs";
import { atomicPuts } from "./s3AtomicPuts.ts";

/** s3rver accepts only its own access key; our clients sign locally with "local" (kernel/aws.ts). */
const { DUMMY_ACCOUNT } = createRequire(import.meta.url)("s3rver/lib/models/account.js");
DUMMY_ACCOUNT.createKeyPair("local", "local");

/** s3rver on 127.0.0.1 with the uploads bucket and the CORS rule browsers need for presigned PUTs. */
const CORS = `<CORSConfiguration><CORSRule><AllowedOrigin>*</AllowedOrigin><AllowedMethod>GET</AllowedMethod><AllowedMethod>PUT</AllowedMethod><AllowedMethod>HEAD</AllowedMethod><AllowedHeader>*</AllowedHeader><ExposeHeader>ETag</ExposeHeader><MaxAgeSeconds>3000</MaxAgeSeconds></CORSRule></CORSConfiguration>`;

export async function startS3(opts: { port: number; dir: string; bucket: string }): Promise<{ endpoint: string; stop: () => Promise<void> }> {
  mkdirSync(opts.dir, { recursive: true });
  // A PUT replaces an object at once, as on S3 (s3AtomicPuts.ts).
  atomicPuts();
  const server = new S3rver({
    port: opts.port,
    address: "127.0.0.1",
    silent: true,
    directory: opts.dir,
    configureBuckets: [{ name: opts.bucket, configs: [CORS] }],
  } as any);
  try {
    await server.run();
  } catch (e: any) {
    throw new Error(`s3rver could not listen on 127.0.0.1:${opts.port}: ${e?.message ?? e}`);
  }
  return { endpoint: `http://127.0.0.1:${opts.port}`, stop: () => server.close() };
}
