import { createHmac } from "node:crypto";
import { OpLog } from "../../auth/entities.ts";
import { open } from "../../clients/secretBox.ts";
import { config } from "../../kernel/config.ts";
import { formatDateTime } from "../../kernel/clock.ts";
import { PLATFORM_COUNTERS } from "../operator.ts";
import type { TaskItem } from "./entities.ts";

/**
 * The third-party HTTP push (class `httpPush`): one POST of the task's `datacount` newest
 * operation-log entries of the tenant whose operator saved the task (`ownerTenant`) to the task's
 * `url`. The entries are what the operation log keeps — who, when, which function and route, which
 * ids, the address; never a request body. The body is JSON; `servicecode` goes in a header and the
 * body is signed with `servicekey` (HMAC-SHA256, hex), so the key itself never travels. A 2xx
 * answer is a success; anything else, or no answer in 10 s, fails the attempt, and the run retries
 * it `pushcount` times (run.ts).
 *
 * The HTTP port: in the cloud (`XY_HTTP_PUSH=live`, stacks/Jobs.ts) `fetch`; on one machine and
 * in the tests the sandbox, which answers 200 (or what a test's rule says) and keeps the last 50
 * requests it received, so the whole flow runs without a partner's server.
 */
export type HttpPushRequest = { url: string; headers: Record<string, string>; body: string };
export type HttpPort = (r: HttpPushRequest) => Promise<{ status: number }>;

const received: HttpPushRequest[] = [];
type SandboxRule = (r: HttpPushRequest) => number;
let sandboxRule: SandboxRule = () => 200;
/** Tests choose the sandbox's status (null: 200 again). */
export const setHttpSandboxRule = (r: SandboxRule | null): void => {
  sandboxRule = r ?? (() => 200);
};
/** What the sandbox received, oldest first (at most the last 50). */
export const sandboxReceived = (): readonly HttpPushRequest[] => received;

const sandboxPort: HttpPort = async (r) => {
  received.push(r);
  if (received.length > 50) received.shift();
  return { status: sandboxRule(r) };
};

const livePort: HttpPort = async (r) => {
  const res = await fetch(r.url, { method: "POST", headers: r.headers, body: r.body, signal: AbortSignal.timeout(10_000), redirect: "error" });
  return { status: res.status };
};

export type PushedEntry = { id: number; createTime: string; username: string; realname: string; action: string; route: string; ids: string; ip: string; event: string };

export async function runHttpPush(task: TaskItem): Promise<number> {
  const { data } = task.ownerTenant ? await OpLog.query.byId({ tenantId: task.ownerTenant }).go({ order: "desc", limit: task.datacount, pages: "all" }) : { data: [] };
  const records: PushedEntry[] = data.slice(0, task.datacount).map((e) => ({
    id: e.id,
    createTime: e.createTime,
    username: e.username ?? "",
    realname: e.realname ?? "",
    action: e.action ?? "",
    route: e.route,
    ids: e.ids ?? "",
    ip: e.ip ?? "",
    event: e.event ?? "write",
  }));
  const body = JSON.stringify({ servicecode: task.servicecode, task: task.apicode, sentAt: formatDateTime(), count: records.length, records });
  const key = open(task.servicekey, PLATFORM_COUNTERS);
  const headers: Record<string, string> = {
    "content-type": "application/json; charset=utf-8",
    "x-service-code": task.servicecode,
    "x-service-sign": createHmac("sha256", key).update(body).digest("hex"),
  };
  const { status } = await (config.httpPushLive ? livePort : sandboxPort)({ url: task.url, headers, body });
  if (status < 200 || status > 299) throw new Error(`推送失败：HTTP ${status}`);
  return records.length;
}
