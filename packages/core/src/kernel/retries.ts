/**
 * The retry loop of the small AWS clients (dynamoLite, s3Lite), as the SDK's standard retry mode
 * runs it: up to `attempts` tries, jittered exponential pauses, longer after throttling, capped.
 * `verdict` says whether a failure is worth another try and whether it was throttling; `once`
 * is told which try it is and the pauses so far (DynamoDB reports both in `$metadata`).
 */
export type Tries = { attempts: number; totalRetryDelay: number };
export type RetryVerdict = "again" | "throttled" | "stop";

const BASE_DELAY = 100;
const THROTTLED_DELAY = 500;
const MAX_DELAY = 20_000;
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function withRetries<T>(attempts: number, verdict: (e: unknown) => RetryVerdict, once: (tries: Tries) => Promise<T>): Promise<T> {
  let totalRetryDelay = 0;
  for (let attempt = 1; ; attempt++) {
    try {
      return await once({ attempts: attempt, totalRetryDelay });
    } catch (e) {
      const v = verdict(e);
      if (v === "stop" || attempt >= attempts) throw e;
      const base = v === "throttled" ? THROTTLED_DELAY : BASE_DELAY;
      const delay = Math.floor(Math.min(MAX_DELAY, Math.random() * 2 ** (attempt - 1) * base));
      totalRetryDelay += delay;
      await pause(delay);
    }
  }
}
