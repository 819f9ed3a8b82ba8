import { sweepSessions } from "@xiangyu/core/auth/sessions";
import { formatDate, nowMs } from "@xiangyu/core/kernel/clock";

/** Daily: removes sessions that expired in the last week (DynamoDB's TTL does it in the cloud too, later). */
export async function handler(): Promise<{ removed: number }> {
  const days = Array.from({ length: 7 }, (_, i) => formatDate(nowMs() - i * 86_400_000));
  return { removed: await sweepSessions(days) };
}
