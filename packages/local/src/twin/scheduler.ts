import { JOBS } from "@xiangyu/functions/manifest";
import { loadJob } from "@xiangyu/functions/loaders";

/** The local EventBridge: runs each job handler on its period, in this process. */
export function startScheduler(log: (s: string) => void): () => void {
  const timers = JOBS.map((job) =>
    setInterval(async () => {
      try {
        const out = await (await loadJob[job.name]()).handler({ source: "local.scheduler", "detail-type": "Scheduled Event", job: job.name });
        log(`job ${job.name}: ${JSON.stringify(out)}`);
      } catch (e) {
        log(`job ${job.name} failed: ${String(e)}`);
      }
    }, job.everyMs),
  );
  return () => timers.forEach(clearInterval);
}
