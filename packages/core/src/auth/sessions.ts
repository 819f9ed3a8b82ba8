import { randomUUID } from "node:crypto";
import { GetCommand, type GetCommandInput } from "@aws-sdk/lib-dynamodb";
import { Session } from "./entities.ts";
import { signToken, readToken, TOKEN_TTL_SECONDS, type TokenClaims } from "./tokens.ts";
import { accessOf } from "./rolesCache.ts";
import type { UserItem } from "../users/entities.ts";
import { SessionError } from "../kernel/errors.ts";
import { conditional, REFUSED } from "../kernel/tx.ts";
import { formatDate, formatDateTime, nowMs } from "../kernel/clock.ts";
import type { Caller } from "../kernel/context.ts";
import { deptPathOf } from "../kernel/dataScope.ts";
import { Tenant, type TenantItem } from "../platform/entities.ts";
import { dynamo } from "../kernel/aws.ts";
import { config } from "../kernel/config.ts";

/**
 * Sessions end (ASVS V3.3): on logout, on a password change, when the users area changes the
 * user's roles or departments (endSessionsOf), after IDLE_MS without a request, and in any case
 * ABSOLUTE_MS after the password sign-in that began them — reLogin swaps tokens, never the start.
 */
export const IDLE_MS = 2 * 3600_000;
export const ABSOLUTE_MS = 7 * 24 * 3600_000;
/** Last-seen is written when older than this: one write per session every few minutes, not per request. */
export const SEEN_EVERY_MS = 5 * 60_000;

export type TokenReply = {
  access_token: string;
  token_type: "bearer";
  expires_in: number;
  scope: string;
  /** 1: the password was set by someone else (a new tenant's administrator); the console asks for a new one at once. */
  mustChangePassword?: 1;
  /** Right after an enrolment at sign-in: the ten recovery codes, shown this once. */
  recoveryCodes?: string[];
};

/**
 * The password step's answer when a second factor is due (signIn.ts): no token yet, a short-lived
 * challenge to send back with the code (grant_type totp); for an enrolment, the new secret too.
 */
export type TwoFactorChallenge = { twoFactor: "verify" | "enrol"; challenge: string; expires_in: number; secret?: string; otpauth?: string };
export type LoginReply = TokenReply | TwoFactorChallenge;

/** Where a sign-in came from: the viewer's address and browser, as the adapter knows them. */
export type Origin = { ip: string; agent?: string };

/** Opens a session for the user; `startedAt` is the password sign-in's time (kept by reLogin). */
export async function openSession(user: UserItem, scope: string, startedAt = nowMs(), from: Origin = { ip: "" }): Promise<TokenReply> {
  const now = nowMs();
  const sessionId = randomUUID();
  const ttl = Math.max(1, Math.min(TOKEN_TTL_SECONDS, Math.floor((startedAt + ABSOLUTE_MS - now) / 1000)));
  const expiresAtMs = now + ttl * 1000;
  await Session.create({
    tenantId: user.tenantId,
    userId: user.id,
    sessionId,
    username: user.username,
    realname: user.realname ?? "",
    deptCodes: user.deptCodes ?? [],
    deptPath: deptPathOf(user.deptCodes ?? []),
    roleIds: user.roleIds ?? [],
    branchId: user.branchId ?? 0,
    managelevel: user.managelevel ?? 1,
    createTime: formatDateTime(now),
    ip: from.ip.slice(0, 64),
    agent: (from.agent ?? "").slice(0, 300),
    startedAt,
    lastSeenAt: now,
    expiresAt: Math.floor(expiresAtMs / 1000),
    expiresDay: formatDate(expiresAtMs),
  }).go();
  const access_token = await signToken(
    {
      tid: user.tenantId,
      uid: user.id,
      sid: sessionId,
      un: user.username,
      rn: user.realname ?? "",
      dc: user.deptCodes ?? [],
      ri: user.roleIds ?? [],
      bi: user.branchId ?? 0,
      ml: user.managelevel ?? 1,
      ...(user.mustChangePassword === 1 ? { mc: 1 as const } : {}),
    },
    ttl,
  );
  return { access_token, token_type: "bearer", expires_in: ttl, scope };
}

type Times = { expiresAt: number; startedAt?: number; lastSeenAt?: number };

/** Why a stored session no longer serves, or null while it does. */
function ended(s: Times, now: number): string | null {
  if (s.expiresAt * 1000 < now) return "expired";
  if (!s.startedAt || now - s.startedAt > ABSOLUTE_MS) return "absolute";
  if (!s.lastSeenAt || now - s.lastSeenAt > IDLE_MS) return "idle";
  return null;
}

/**
 * Checks a session read from the table and keeps its last-seen fresh (returns it). A session ended
 * by time is deleted on the way (the TTL would take it later anyway). The last-seen write is conditional on
 * the session still being there, so a logout meanwhile is not undone.
 */
async function keepAlive(key: { tenantId: string; userId: number; sessionId: string }, s: Times | null): Promise<number> {
  if (!s) throw new SessionError();
  const now = nowMs();
  if (ended(s, now)) {
    await Session.delete(key)
      .go()
      .catch(() => undefined);
    throw new SessionError();
  }
  if (now - (s.lastSeenAt ?? 0) < SEEN_EVERY_MS) return s.lastSeenAt ?? 0;
  await conditional(Session.patch(key).set({ lastSeenAt: now }).go({ response: "none" }), new SessionError());
  return now;
}

/** What the request reads of its tenant: whether it still admits a session, and its session version. */
type Gate = { admits: (startedAt: number | undefined) => boolean; version: number };

/** The gate read's request per tenant, built by ElectroDB once (the key and the projection never change). */
const gateReads = new Map<string, GetCommandInput>();
const GATE = ["idisplay", "sessionsFrom", "deleting", "sessionsVersion"] as const;
type GateItem = Partial<Pick<TenantItem, (typeof GATE)[number]>>;

/**
 * The tenant's gate, read on every request (no cache: a disabled tenant's sessions end at once, in
 * every container): not admitted when the tenant is disabled or being deleted, nor when it was
 * disabled after the session began (tenantAdmin.ts moves `sessionsFrom`), so enabling it again
 * does not bring old sessions back. One small projected GetItem, sent without ElectroDB's per-call
 * work (params, stack capture, formatting): that halved what the read adds to a short list (issue 39).
 */
async function tenantGate(tenantId: string): Promise<Gate> {
  let params = gateReads.get(tenantId);
  if (!params || params.TableName !== config.table) {
    params = Tenant.get({ clientId: tenantId }).params<GetCommandInput>({ attributes: [...GATE] });
    gateReads.set(tenantId, params);
  }
  const t = (await dynamo().send(new GetCommand(params))).Item as GateItem | undefined;
  return {
    admits: (startedAt) => !!t && t.idisplay === 1 && t.deleting !== 1 && (startedAt ?? 0) >= (t.sessionsFrom ?? 0),
    version: t?.sessionsVersion ?? 0,
  };
}

/**
 * Sessions this container has read alive, each under the tenant's session version it was read at
 * (issue 39: the session GetItem was most of a short list's overhead). Every write that ends a
 * session moves that version after its delete (sessionsEnded), and the gate read on every request
 * returns it, so a remembered session serves only while no session of its tenant has ended since —
 * whichever container ended it. Ends by time are checked on the remembered times; an entry is
 * good only until its last-seen is due again (SEEN_EVERY_MS), when the item is read and written.
 */
type Known = Times & { version: number; startedAt: number; lastSeenAt: number };
const known = new Map<string, Known>();
/** Entries per container; cleared whole when full (each costs one read to learn again). */
const MAX_KNOWN = 5000;
const knownKey = (tenantId: string, userId: number, sessionId: string) => `${tenantId}\u0000${userId}\u0000${sessionId}`;

/** For tests: a fresh container. */
export const forgetSessions = (): void => known.clear();

/**
 * Moves the tenant's session version, after a write that ended sessions: every container re-reads
 * the sessions it remembers. A tenant that is gone has no version to move (and admits nothing).
 */
async function sessionsEnded(tenantId: string): Promise<void> {
  await conditional(Tenant.patch({ clientId: tenantId }).add({ sessionsVersion: 1 }).go({ response: "none" }));
}

/** Reads the session item: alive unless logged out, ended by a password change, idle, too old or expired, or its tenant disabled. */
export async function liveSession(tenantId: string, userId: number, sessionId: string) {
  const key = { tenantId, userId, sessionId };
  const [{ data: s }, gate] = await Promise.all([Session.get(key).go(), tenantGate(tenantId)]);
  if (s && !gate.admits(s.startedAt)) throw new SessionError();
  await keepAlive(key, s);
  return s!;
}

/**
 * Whether the session serves: the tenant's gate (one read, every request), then the session item
 * only when this container does not remember it alive under the gate's version. The item is read
 * after the gate, so a version read after an end's delete and move never labels the deleted
 * session alive.
 */
async function sessionAlive(tenantId: string, userId: number, sessionId: string): Promise<void> {
  const gate = await tenantGate(tenantId);
  const id = knownKey(tenantId, userId, sessionId);
  const k = known.get(id);
  const now = nowMs();
  if (k && k.version === gate.version && now - k.lastSeenAt < SEEN_EVERY_MS && !ended(k, now)) {
    if (!gate.admits(k.startedAt)) throw new SessionError();
    return;
  }
  known.delete(id);
  const key = { tenantId, userId, sessionId };
  const { data } = await Session.get(key).go({ attributes: ["expiresAt", "startedAt", "lastSeenAt"], originalErr: true });
  if (data && !gate.admits(data.startedAt)) throw new SessionError();
  const seen = await keepAlive(key, data as Times | null);
  if (known.size >= MAX_KNOWN) known.clear();
  known.set(id, { version: gate.version, expiresAt: data!.expiresAt, startedAt: data!.startedAt ?? 0, lastSeenAt: seen });
}

const bearer = (authorization: string | undefined) => authorization?.match(/^Bearer\s+(.+)$/i)?.[1];

/**
 * The caller behind a bearer token, without waiting for the session check: the token's signed
 * claims say who it is, and `alive` settles when the check is done — the tenant's gate read, and
 * the session item when this container does not remember it (sessionAlive) — rejecting with
 * SessionError when the session is over. Reads may run alongside `alive`; writes must await it first.
 *
 * The claims are a signed copy of the session item, which the users area deletes whenever the
 * user's roles, departments or status change (endSessionsOf): a request acting on claims the
 * user no longer has finds no session and answers 401, its work discarded.
 *
 * `mustChange`: the session began with a password someone else set (the token's `mc` claim); the
 * adapter lets it reach only what changing that password needs. `alongside` is told the signed
 * tenant and level as soon as the signature is checked, so reads that need nothing else start
 * with the session's own (a cold container's first request: one round of reads fewer).
 */
export async function authenticate(
  authorization: string | undefined,
  alongside?: (who: Pick<Caller, "tenantId" | "managelevel">) => void,
): Promise<{ caller: Caller; alive: Promise<void>; mustChange: boolean }> {
  const token = bearer(authorization);
  const claims = token ? await readToken(token) : null;
  if (!claims) throw new SessionError();
  if (!claims.dc || !claims.ri || claims.un === undefined) {
    // A token without the user's claims: read the session first (tokens signed before the claims existed).
    const caller = await resolveCaller(authorization);
    return { caller, alive: Promise.resolve(), mustChange: false };
  }
  const alive = sessionAlive(claims.tid, claims.uid, claims.sid);
  alive.catch(() => undefined); // awaited by the transport; never an unhandled rejection
  // The adapter's reads that need only the signed tenant (the menu, the platform mark) go out with the role read, not after it.
  alongside?.({ tenantId: claims.tid, managelevel: claims.ml ?? 1 });
  return { caller: await callerOf(claims as Required<TokenClaims>), alive, mustChange: claims.mc === 1 };
}

async function callerOf(c: Required<TokenClaims>): Promise<Caller> {
  return {
    tenantId: c.tid,
    userId: c.uid,
    username: c.un,
    realname: c.rn ?? "",
    deptCodes: c.dc,
    roleIds: c.ri,
    branchId: c.bi ?? 0,
    managelevel: c.ml ?? 1,
    sessionId: c.sid,
    ...(await accessOf(c.tid, c.ri)),
  };
}

/** The caller behind a bearer token, once its session item is known to be alive. */
export async function resolveCaller(authorization: string | undefined): Promise<Caller> {
  const token = bearer(authorization);
  const claims = token ? await readToken(token) : null;
  if (!claims) throw new SessionError();
  const s = await liveSession(claims.tid, claims.uid, claims.sid);
  return {
    tenantId: s.tenantId,
    userId: s.userId,
    username: s.username,
    realname: s.realname ?? "",
    deptCodes: s.deptCodes ?? [],
    roleIds: s.roleIds ?? [],
    branchId: s.branchId ?? 0,
    managelevel: s.managelevel ?? 1,
    sessionId: s.sessionId,
    ...(await accessOf(s.tenantId, s.roleIds ?? [])),
  };
}

/** The live session a reLogin token names, or null; the caller consumes it (consumeSession) either way. */
export async function sessionOfToken(token: string, tenantId: string) {
  const claims = await readToken(token);
  if (!claims || claims.tid !== tenantId) return null;
  const key = { tenantId, userId: claims.uid, sessionId: claims.sid };
  const { data: s } = await Session.get(key).go();
  if (!s || ended(s, nowMs())) return null;
  return s;
}

/**
 * Ends the session only if it is still there, and says whether this call ended it. A conditional
 * delete: of N reLogins sent at once with one token exactly one consumes it (and opens the
 * successor); the others find it gone, so a token never forks into two live sessions. A forced
 * sign-out (online.ts) ends a session the same way. The tenant's session version moves after it,
 * so no container serves the session from memory.
 */
export async function consumeSession(tenantId: string, userId: number, sessionId: string): Promise<boolean> {
  if ((await conditional(Session.remove({ tenantId, userId, sessionId }).go({ response: "none" }))) === REFUSED) return false;
  await sessionsEnded(tenantId);
  return true;
}

export async function endSession(tenantId: string, userId: number, sessionId: string): Promise<void> {
  await Session.delete({ tenantId, userId, sessionId }).go();
  await sessionsEnded(tenantId);
}

/**
 * Ends every session of a user: one Query of the user's own partition, then batch deletes.
 * The users area calls it when a user's roles, departments or status change, or the user is
 * deleted; a password change calls it too. Returns how many sessions ended.
 */
export async function endSessionsOf(tenantId: string, userId: number): Promise<number> {
  const { data } = await Session.query.byUser({ tenantId, userId }).go({ pages: "all", attributes: ["sessionId"] });
  if (data.length) {
    await Session.delete(data.map((s) => ({ tenantId, userId, sessionId: s.sessionId }))).go();
    await sessionsEnded(tenantId);
  }
  return data.length;
}

/** Deletes the sessions that expired on or before `day` (DynamoDB Local has no TTL sweeper). */
export async function sweepSessions(days: string[]): Promise<number> {
  let n = 0;
  for (const expiresDay of days) {
    const { data } = await Session.query.byExpiry({ expiresDay }).go({ pages: "all" });
    const gone = data.filter((s) => s.expiresAt * 1000 < nowMs());
    if (gone.length) await Session.delete(gone.map(({ tenantId, userId, sessionId }) => ({ tenantId, userId, sessionId }))).go();
    n += gone.length;
  }
  return n;
}
