import { Session } from "./entities.ts";
import { ABSOLUTE_MS, IDLE_MS, consumeSession } from "./sessions.ts";
import { readRoles } from "../users/read.ts";
import { SUPER_CODE } from "../users/rules.ts";
import { boundedList } from "../kernel/list.ts";
import { deptPathCondition, inReach, reachesWholeTenant, reachPrefixes } from "../kernel/dataScope.ts";
import { DomainError } from "../kernel/errors.ts";
import { formatDateTime, nowMs } from "../kernel/clock.ts";
import type { Paging } from "../kernel/paging.ts";
import type { Caller } from "../kernel/context.ts";
import { allOf } from "../kernel/filter.ts";
import type { EntityItem } from "electrodb";

export const ONLINE_MSG = {
  gone: "该会话已结束",
  own: "不能强制退出当前会话，请使用退出登录",
  superOnly: "只有超级管理员可以强制退出超级管理员",
} as const;

/** One signed-in session as the online list shows it. */
export type OnlineRow = {
  sessionId: string;
  userId: number;
  username: string;
  realname: string;
  ip: string;
  agent: string;
  /** The password sign-in that began it (kept across reLogin). */
  signedInAt: string;
  /** The last request seen, to within a few minutes (sessions.ts SEEN_EVERY_MS). */
  lastSeen: string;
  /** 1 on the caller's own session: the console offers no 强制退出 there. */
  current: 0 | 1;
};

type SessionItem = EntityItem<typeof Session>;

const rowOf =
  (caller: Caller) =>
  (s: SessionItem): OnlineRow => ({
    sessionId: s.sessionId,
    userId: s.userId,
    username: s.username,
    realname: s.realname ?? "",
    ip: s.ip ?? "",
    agent: s.agent ?? "",
    signedInAt: s.startedAt ? formatDateTime(s.startedAt) : "",
    lastSeen: s.lastSeenAt ? formatDateTime(s.lastSeenAt) : "",
    current: s.userId === caller.userId && s.sessionId === caller.sessionId ? 1 : 0,
  });

/**
 * Who is signed in: the tenant's sessions, newest first, from the tenant's session index (or one
 * user's own partition). Sessions ended by time but not yet swept are filtered out with the same
 * limits `authenticate` applies, so the list shows exactly the sessions that would still serve. No
 * tally can follow sessions that end by time, so the total is a capped count (kernel/list.ts).
 */
export async function listOnline(caller: Caller, p: Paging, f: { userId?: number }) {
  const { tenantId } = caller;
  const now = nowMs();
  const q = f.userId ? Session.query.byUser({ tenantId, userId: f.userId }) : Session.query.byTenant({ tenantId });
  // Only sessions of users within the caller's data scope: a store's administrator sees its store's colleagues.
  const live = q.where(({ expiresAt, startedAt, lastSeenAt, deptPath }, { gt, contains }) =>
    allOf(gt(expiresAt, Math.floor(now / 1000)), gt(startedAt, now - ABSOLUTE_MS), gt(lastSeenAt, now - IDLE_MS), deptPathCondition({ contains }, deptPath, reachPrefixes(caller))),
  );
  return boundedList<SessionItem, OnlineRow>({ params: (order) => live.params({ order }), parse: (Items) => Session.parse({ Items }).data as SessionItem[] }, p, {
    map: rowOf(caller),
  });
}

/**
 * Forces one session out: its item is deleted and its tenant's session version moved, so its next
 * request answers 401 in every container (auth/sessions.ts). Not the caller's own session (that
 * is 退出登录), and a super-administrator's only by a super-administrator — the reach rule of the
 * users area.
 * Returns the user whose session ended, for the operation log.
 */
export async function forceSignOut(caller: Caller, userId: number, sessionId: string): Promise<number> {
  const { tenantId } = caller;
  if (userId === caller.userId && sessionId === caller.sessionId) throw new DomainError(ONLINE_MSG.own, "400");
  const { data: s } = await Session.get({ tenantId, userId, sessionId }).go({ attributes: ["roleIds", "deptCodes"] });
  // A session outside the caller's data scope answers as one that is gone: its existence is not told.
  if (!s || !(reachesWholeTenant(caller) || (s.deptCodes ?? []).some((c) => inReach(caller, c)))) throw new DomainError(ONLINE_MSG.gone, "404");
  const roles = await readRoles(tenantId);
  const isSuper = (ids: readonly number[]) => ids.some((id) => roles.get(id)?.code === SUPER_CODE);
  if (isSuper(s.roleIds ?? []) && !isSuper(caller.roleIds)) throw new DomainError(ONLINE_MSG.superOnly, "403");
  if (!(await consumeSession(tenantId, userId, sessionId))) throw new DomainError(ONLINE_MSG.gone, "404");
  return userId;
}
