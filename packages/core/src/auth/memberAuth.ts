import { verifyHs256 } from "../kernel/hs256.ts";
import { GetCommand, type GetCommandInput } from "@aws-sdk/lib-dynamodb";
import { MobileUser } from "../users/entities.ts";
import { Tenant, type TenantItem } from "../platform/entities.ts";
import { secrets, config } from "../kernel/config.ts";
import { dynamo } from "../kernel/aws.ts";
import { nowSeconds } from "../kernel/clock.ts";
import { SessionError } from "../kernel/errors.ts";
import { conditional } from "../kernel/tx.ts";

/**
 * Mini-program members: a mobile user (users area) signed in through the mini-program. Member
 * routes (`memberRoute` in functions' http/define.ts) get a `Member`, never a staff `Caller`: a
 * member token is refused on every staff route and a staff token on every member route (the two
 * are signed for different audiences).
 *
 * There is no session item. Every member request reads its tenant's gate (open or not, and the
 * tenant's session version); the mobile user itself is read when this container does not remember
 * it under that version (issue 39, as the staff sessions in sessions.ts). Every write that changes
 * a mobile user's access or binding moves the version after it (`membersChanged`), so disabling or
 * deleting the user, or binding it elsewhere, is seen by the next request in every container, and a
 * disabled tenant refuses at once.
 */
export type Member = { tenantId: string; mobileUserId: number; userId: string; clientId: number; realname: string; mobile: string };

export const MEMBER_AUDIENCE = "xiangyu-member";
export const MEMBER_TTL_SECONDS = 24 * 3600;

/** The signing key: the staff tokens' (auth/tokens.ts), members' tokens told apart by their audience. */
export const memberKey = async () => new TextEncoder().encode((await secrets()).jwtSecret);

async function readMemberToken(token: string): Promise<{ tid: string; mu: number } | null> {
  const k = await memberKey();
  const payload = verifyHs256(token, k, { nowSec: nowSeconds(), audience: MEMBER_AUDIENCE });
  return payload && typeof payload.tid === "string" && typeof payload.mu === "number" ? { tid: payload.tid, mu: payload.mu } : null;
}

export async function tenantOpen(tenantId: string): Promise<boolean> {
  return (await memberGate(tenantId)).open;
}

/** The gate read's request per tenant, built by ElectroDB once (sent without its per-call work, as sessions.ts's gate). */
const gateReads = new Map<string, GetCommandInput>();
const MAX_GATES = 1000;
const GATE = ["idisplay", "deleting", "sessionsVersion"] as const;
type GateItem = Partial<Pick<TenantItem, (typeof GATE)[number]>>;

/** The tenant's gate, read on every member request (no cache: a disabled tenant refuses at once): open or not, and its session version. */
async function memberGate(tenantId: string): Promise<{ open: boolean; version: number }> {
  let params = gateReads.get(tenantId);
  if (!params || params.TableName !== config.table) {
    params = Tenant.get({ clientId: tenantId }).params<GetCommandInput>({ attributes: [...GATE] });
    // Bounded: the sign-in asks the gate of any tenant name it is sent.
    if (gateReads.size >= MAX_GATES) gateReads.clear();
    gateReads.set(tenantId, params);
  }
  const t = (await dynamo().send(new GetCommand(params))).Item as GateItem | undefined;
  return { open: !!t && t.idisplay === 1 && t.deleting !== 1, version: t?.sessionsVersion ?? 0 };
}

/**
 * Members this container has read enabled, each under the session version of its tenant it was
 * read at. An entry serves while the version stands and for KEEP_MS at most (a mobile user
 * changed past core — a script, the AWS console — is seen within that time); cleared whole when full.
 */
const known = new Map<string, { member: Member; version: number; until: number }>();
const KEEP_MS = 5 * 60_000;
const MAX_KNOWN = 50_000;

/**
 * Moves the tenant's session version after a write that changed a mobile user's access or
 * binding (enable/disable, delete, bind, unbind): every container reads its members again. A
 * tenant that is gone has no version to move (and admits no one).
 */
export async function membersChanged(tenantId: string): Promise<void> {
  await conditional(Tenant.patch({ clientId: tenantId }).add({ sessionsVersion: 1 }).go({ response: "none" }));
}

/**
 * The member behind a bearer token, or SessionError (bad or expired token, user gone or disabled,
 * tenant closed). The mobile user is read after the gate, never beside it: a version read after a
 * change's write and move can then never label the user as it was before.
 */
export async function authenticateMember(authorization: string | undefined): Promise<Member> {
  const token = authorization?.match(/^Bearer\s+(.+)$/i)?.[1];
  const claims = token ? await readMemberToken(token) : null;
  if (!claims) throw new SessionError();
  const gate = await memberGate(claims.tid);
  if (!gate.open) throw new SessionError();
  const id = `${claims.tid}\u0000${claims.mu}`;
  const k = known.get(id);
  if (k && k.version === gate.version && Date.now() < k.until) return k.member;
  known.delete(id);
  const { data: u } = await MobileUser.get({ tenantId: claims.tid, id: claims.mu }).go();
  if (!u || u.displayornot !== 1) throw new SessionError();
  const member = { tenantId: u.tenantId, mobileUserId: u.id, userId: u.userId, clientId: u.clientId ?? 0, realname: u.realname ?? "", mobile: u.mobile ?? "" };
  if (known.size >= MAX_KNOWN) known.clear();
  known.set(id, { member, version: gate.version, until: Date.now() + KEEP_MS });
  return member;
}
