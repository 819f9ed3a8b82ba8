import { MobileUser, MobileUserKey, UserTally, type MobileUserItem } from "@xiangyu/core/users/entities";
import { bulkLoadClients } from "@xiangyu/core/clients/bulkLoad";
import type { ClientItem } from "@xiangyu/core/clients/entities";
import { nextIds } from "@xiangyu/core/kernel/counters";
import { formatDateTime } from "@xiangyu/core/kernel/clock";

/**
 * The member bench's mini-program members: `count` mobile users in one tenant, every `count / bound`-th
 * of them bound to a client of its own (the booking and "my orders" need a bound client, R165). Core
 * registers a mobile user with one transaction each (users/mobile.ts `registerMobileUsers`: the user,
 * its `u:` and `m:` keys, the tally), far too slow for 200,000, so the same items go in with batch
 * writes (ElectroDB's batch put, as clients/bulkLoad.ts loads clients) and the tally is moved once per
 * chunk. Member j is a pure function of j (openid, name, mobile).
 */
const CHUNK = 10_000;
const IN_FLIGHT = 8;

export type MemberSeed = {
  tenantId: string;
  /** Mobile user id of member j. */
  idOf: (j: number) => number;
  /** The bound members: member number, mobile user id and the client they are bound to. */
  bound: Array<{ j: number; mobileUserId: number; clientId: number }>;
};

const openidOf = (j: number) => `bench-mp-${j}`;
const mobileOf = (j: number) => String(16_000_000_000 + j);
const boundClientName = (j: number) => `小程序会员${j}`;

/** Loads members 0 … count − 1; `bound` of them, evenly spread, bound to new clients of `shop`. */
export async function seedMembers(o: { tenantId: string; count: number; bound: number; shop: string; log: (s: string) => void }): Promise<MemberSeed> {
  const { tenantId, count, log } = o;
  const first = await nextIds(tenantId, "mobileUser", count);
  const idOf = (j: number) => first + j;
  const every = Math.max(1, Math.floor(count / o.bound));
  const boundJs = Array.from({ length: Math.min(o.bound, count) }, (_, k) => k * every);
  const firstClient = await nextIds(tenantId, "client", boundJs.length);
  const clientOf = new Map(boundJs.map((j, k) => [j, firstClient + k]));

  const t0 = Date.now();
  const createTime = formatDateTime();
  for (let start = 0; start < count; start += CHUNK) {
    const users: MobileUserItem[] = [];
    for (let j = start; j < Math.min(count, start + CHUNK); j++)
      users.push({
        tenantId,
        id: idOf(j),
        userId: openidOf(j),
        realname: `会员${j}`,
        mobile: mobileOf(j),
        sex: "",
        picture: "",
        createTime,
        displayornot: 1,
        clientId: clientOf.get(j) ?? 0,
      });
    const keys = users.flatMap((u) => [`m:${u.mobile}`, `u:${u.userId}`].map((key) => ({ tenantId, key, mobileUserId: u.id })));
    const written = await Promise.all([MobileUser.put(users).go({ concurrent: IN_FLIGHT }), MobileUserKey.put(keys).go({ concurrent: IN_FLIGHT })]);
    const left = written.reduce((n, w) => n + w.unprocessed.length, 0);
    if (left) throw new Error(`members seed: ${left} items left unprocessed`);
    // The tally users/mobile.ts counts mobile users on ("mobile"): the list's total.
    await UserTally.update({ tenantId, name: "mobile" }).add({ n: users.length }).go({ response: "none" });
    const done = start + users.length;
    log(`  ${done.toLocaleString("en")} / ${count.toLocaleString("en")} members (${Math.round(done / ((Date.now() - t0) / 1000))} members/s)`);
  }

  const clients = boundJs.map(
    (j) =>
      ({
        tenantId,
        id: clientOf.get(j)!,
        clientName: boundClientName(j),
        mobile: mobileOf(j),
        shop: o.shop,
        status: 2,
        memberCode: "",
        isMgr: 0,
        globalId: openidOf(j),
        createTime,
        rev: 0,
      }) as ClientItem,
  );
  await bulkLoadClients(clients);
  return { tenantId, idOf, bound: boundJs.map((j) => ({ j, mobileUserId: idOf(j), clientId: clientOf.get(j)! })) };
}
