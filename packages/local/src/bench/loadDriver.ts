import { Agent, request } from "node:http";
import { performance } from "node:perf_hooks";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { encodeFields, type Reply } from "./http.ts";
import { summarize, type Summary } from "./stats.ts";
import type { Fields, Kind } from "./loadMix.ts";

/** The load bench's driver (load.ts): a browser's connection and the closed loop of workers. */
/**
 * A browser's connection: one kept-alive socket, `accept-encoding` as a browser sends it (the twin
 * compresses as CloudFront does), the reply decompressed and parsed.
 */
export type Browser = (method: "GET" | "POST", path: string, fields: Fields, headers: Record<string, string>) => Promise<Reply>;
export function browser(baseUrl: string): Browser {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  return (method, path, fields, headers) =>
    new Promise<Reply>((resolve, reject) => {
      const form = encodeFields(fields);
      const h: Record<string, string> = { ...headers, "accept-encoding": "gzip, deflate, br" };
      if (method === "POST") Object.assign(h, { "content-type": "application/x-www-form-urlencoded", "content-length": String(Buffer.byteLength(form)) });
      const req = request(new URL(method === "GET" ? `${path}?${form}` : path, baseUrl), { method, agent, headers: h }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c) => chunks.push(c));
        res.on("end", () => {
          const raw = Buffer.concat(chunks);
          const enc = res.headers["content-encoding"];
          const text = (enc === "br" ? brotliDecompressSync(raw) : enc === "gzip" ? gunzipSync(raw) : raw).toString("utf8");
          let body: unknown = text;
          try {
            body = JSON.parse(text);
          } catch {
            /* not JSON: kept for the error message */
          }
          resolve({ status: res.statusCode ?? 0, body });
        });
        res.on("error", reject);
      });
      req.on("error", reject);
      req.end(method === "POST" ? form : undefined);
    });
}

/** `busy`: the share of the step this process's event loop was working (the gateway, every Lambda and the driver share it). */
export type Step = { concurrency: number; seconds: number; all: Summary; byKind: Map<Kind, Summary>; rps: number; errors: number; busy: number };
/** A reply that is not the envelope with code 200: what it said (the first few are kept for the report). */
export const failures = new Map<string, number>();

/**
 * Runs `call` with `concurrency` workers, each starting its next call when its last one answered,
 * until `seconds` have passed and at least `minSamples` calls answered (at most 3× the time).
 */
export async function drive(
  concurrency: number,
  seconds: number,
  minSamples: number,
  order: number[],
  call: (worker: number, op: number) => Promise<boolean>,
  kinds: Kind[],
): Promise<Step> {
  const samples: number[] = [];
  const byKind = new Map<Kind, number[]>();
  let next = 0;
  let errors = 0;
  const elu = performance.eventLoopUtilization();
  const t0 = performance.now();
  const until = t0 + seconds * 1000;
  const hardStop = t0 + 3 * seconds * 1000;
  const worker = async (w: number) => {
    for (;;) {
      const now = performance.now();
      if (now > hardStop || (now > until && samples.length >= minSamples)) return;
      const k = next++;
      const op = order[k % order.length]!;
      const t = performance.now();
      const ok = await call(w, op);
      const took = performance.now() - t;
      if (!ok) errors++;
      samples.push(took);
      const kind = kinds[op]!;
      if (!byKind.has(kind)) byKind.set(kind, []);
      byKind.get(kind)!.push(took);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, (_, w) => worker(w)));
  const elapsed = (performance.now() - t0) / 1000;
  return {
    concurrency,
    seconds: elapsed,
    all: summarize(samples),
    byKind: new Map([...byKind].map(([k, s]) => [k, summarize(s)])),
    rps: samples.length / elapsed,
    errors,
    busy: performance.eventLoopUtilization(elu).utilization,
  };
}
