import { User, UserDept, UserTally, UserTerm } from "./entities.ts";
import { readRoles } from "./roles.ts";
import { conditional } from "../kernel/tx.ts";

import { isSuperUser, superRoleIds, termItems, deptItems } from "./userWrites.ts";

/**
 * The users' search index kept whole: users written before the search keys, department items and
 * tallies existed are indexed once per tenant, and keys added later are backfilled a chunk a call.
 */
const indexed = new Set<string>();
/** As in a container started afresh: the tenant's index is checked again on its next users call (tests). */
export const forgetUserIndex = (tenantId: string): boolean => indexed.delete(tenantId);

/**
 * Users written before the search keys, department items and tallies existed (the provisioned
 * administrator of an older database) are indexed once per tenant: the "all" tally marks it done.
 * Then the keys added later (a mobile's digits) are backfilled, a chunk per users call.
 */
export async function ensureUserIndex(tenantId: string): Promise<void> {
  if (indexed.has(tenantId)) return;
  await ensureBase(tenantId);
  // Keys added since (the mobile's digit keys) are written a bounded chunk per call until done.
  if ((await backfillUserKeys(tenantId)).done) indexed.add(tenantId);
}

/** The resume point of the search-key backfill (UserTally `n`: the last user id done; -1 when done). */
const KEYS_MARK = "keys#v2";
const KEYS_DONE = -1;
/** Users a backfill call indexes at most: one request's bounded share. */
export const KEYS_CHUNK = 100;

/**
 * Writes the search keys of users saved before the mobile's digit keys existed (docs/decisions.md
 * "Sign-in security", staff search by a partial mobile): up to `chunk` users per call in id order
 * from the mark, every key of each (puts: writing a key again changes nothing), then the mark moves
 * on — conditionally, so two containers running the same chunk do not step back. Idempotent and
 * resumable; `done` once the last user is passed. A user saved meanwhile writes its own keys.
 */
export async function backfillUserKeys(tenantId: string, chunk = KEYS_CHUNK): Promise<{ done: boolean; indexed: number }> {
  const { data: mark } = await UserTally.get({ tenantId, name: KEYS_MARK }).go();
  const from = mark?.n ?? 0;
  if (from === KEYS_DONE) return { done: true, indexed: 0 };
  const { data: users } = await User.query.byId({ tenantId }).gt({ id: from }).go({ limit: chunk, count: chunk, order: "asc" });
  const keys = users.flatMap((u) => termItems(u));
  // Batch writes of 25, a few at a time: a chunk is a handful of round trips.
  if (keys.length) await UserTerm.put(keys).go({ concurrent: 4 });
  const next = users.length < chunk ? KEYS_DONE : users[users.length - 1]!.id;
  // Refused: another run moved the mark first (the keys it wrote are the same).
  await conditional(
    UserTally.update({ tenantId, name: KEYS_MARK })
      .set({ n: next })
      .where((a, { eq, notExists }) => (mark ? eq(a.n, from) : notExists(a.n)))
      .go(),
  );
  return { done: next === KEYS_DONE, indexed: users.length };
}

async function ensureBase(tenantId: string): Promise<void> {
  const { data } = await UserTally.get({ tenantId, name: "all" }).go();
  if (!data) {
    const [{ data: users }, roles] = await Promise.all([User.query.byId({ tenantId }).go({ pages: "all" }), readRoles(tenantId)]);
    const superIds = superRoleIds(roles);
    const items = users.flatMap((u) => [...termItems(u).map((t) => UserTerm.put(t)), ...deptItems(u).map((d) => UserDept.put(d))]);
    for (const put of items) await put.go();
    const supers = users.filter((u) => isSuperUser(u, superIds)).length;
    await UserTally.put({ tenantId, name: "super", n: supers }).go();
    await UserTally.create({ tenantId, name: "all", n: users.length })
      .go()
      .catch(() => undefined);
  }
}
