import { MpConfig, type MpConfigItem } from "./entities.ts";
import { PARTIES, partyTakesPart, type Party } from "./rules.ts";

/**
 * What other areas read of the mini-programs — the profit-sharing receivers — kept apart from the
 * service so the finance and products Lambdas bundle the entity and the rules only (the service
 * brings the sealing, the uploads and the mobile users: about 9 kB).
 */

/** A tenant has a handful of mini-programs: its partition is read whole, at most this many. */
export const MAX_MINI_PROGRAMS = 500;

export async function miniProgramsOf(tenantId: string): Promise<MpConfigItem[]> {
  return (await MpConfig.query.byId({ tenantId }).go({ pages: "all", limit: MAX_MINI_PROGRAMS })).data;
}

export type Receiver = { type: string; name: string; account: string };
export type Receivers = { appId: string; receivers: Partial<Record<Party, Receiver>> };

/**
 * Whom the tenant's profit sharing pays: the receivers of its enabled mini-program (the lowest id
 * when there are several — an order does not yet record which mini-program took it). A party whose
 * triple is empty takes no part (R496). Null when no mini-program is enabled.
 */
export async function profitReceivers(tenantId: string): Promise<Receivers | null> {
  const mp = (await miniProgramsOf(tenantId)).filter((m) => m.idisplay === 1).sort((a, b) => a.id - b.id)[0];
  if (!mp) return null;
  const receivers: Partial<Record<Party, Receiver>> = {};
  for (const p of PARTIES) {
    const r = { type: mp[`${p}Type`] ?? "", name: mp[`${p}Name`] ?? "", account: mp[`${p}Account`] ?? "" };
    if (partyTakesPart(r)) receivers[p] = r;
  }
  return { appId: mp.appId, receivers };
}
