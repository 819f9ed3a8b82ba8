import { createRequire } from "node:module";
import { createHash, randomUUID } from "node:crypto";
import { createWriteStream } from "node:fs";
import { mkdir, rename, writeFile } from "node:fs/promises";
import { dirname } from "node:path";
import { Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";

/**
 * S3 replaces an object at once: a GET beside a PUT of the same key reads the old bytes or the new
 * ones, and a PUT answered is stored. s3rver's file store truncates the object's file and writes
 * into it, and answers the PUT before the bytes are on disk, so a GET beside it reads a torn object
 * (a body shorter than its length: "aborted", or gzip's "unexpected end of file"). The import's
 * deliveries that stage the same sheet at once rewrite slice files others are reading (issue 39,
 * clientsImportDelivery.test.ts). Here every file of an object is written aside and renamed over
 * its place, as S3 would answer.
 */
type StoredObject = { bucket: string; key: string; metadata: Record<string, string>; content: Buffer | Readable };
type Store = {
  getResourcePath(bucket: string, key: string, resource: string): string;
  putMetadata(bucket: string, key: string, metadata: Record<string, string>, md5?: string): Promise<void>;
  putObject(object: StoredObject): Promise<{ size: number; md5: string }>;
};

const load = createRequire(import.meta.url);
const aside = (path: string) => `${path}.put-${randomUUID()}`;

async function replaceFile(path: string, text: string): Promise<void> {
  const temp = aside(path);
  await writeFile(temp, text);
  await rename(temp, path);
}

let patched = false;

export function atomicPuts(): void {
  if (patched) return;
  patched = true;
  const FilesystemStore = load("s3rver/lib/stores/filesystem.js") as { prototype: Store };
  const { ALLOWED_METADATA } = load("s3rver/lib/models/object.js") as { ALLOWED_METADATA: string[] };

  FilesystemStore.prototype.putObject = async function (this: Store, object) {
    const path = this.getResourcePath(object.bucket, object.key, "object");
    await mkdir(dirname(path), { recursive: true });
    const temp = aside(path);
    const md5 = createHash("md5");
    let size = 0;
    const count = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        md5.update(chunk);
        size += chunk.length;
        done(null, chunk);
      },
    });
    await pipeline(Buffer.isBuffer(object.content) ? Readable.from([object.content]) : object.content, count, createWriteStream(temp));
    const digest = md5.digest("hex");
    await this.putMetadata(object.bucket, object.key, object.metadata, digest);
    await rename(temp, path);
    return { size, md5: digest };
  };

  FilesystemStore.prototype.putMetadata = async function (this: Store, bucket, key, metadata, md5) {
    const kept = Object.fromEntries(Object.entries(metadata ?? {}).filter(([k]) => ALLOWED_METADATA.includes(k) || k.startsWith("x-amz-meta-")));
    if (md5) await replaceFile(this.getResourcePath(bucket, key, "object.md5"), md5);
    await replaceFile(this.getResourcePath(bucket, key, "metadata.json"), JSON.stringify(kept, null, 2));
  };
}
