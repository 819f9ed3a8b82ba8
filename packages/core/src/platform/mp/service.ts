import { MpAppKey, MpConfig, MpMember, type MpConfigItem } from "./entities.ts";
import { miniProgramsOf } from "./receivers.ts";
import { MP_MSG, type MpConfigInput, type PayconfigInput } from "./schemas.ts";
import { holds, isUploaded, masked, pageOf } from "../configStore.ts";
import { seal } from "../../clients/secretBox.ts";
import { MobileUserKey } from "../../users/entities.ts";
import { nextId } from "../../kernel/counters.ts";
import { formatDateTime } from "../../kernel/clock.ts";
import { DomainError, nothingDeleted } from "../../kernel/errors.ts";
import type { Envelope } from "../../kernel/envelope.ts";
import type { Paging } from "../../kernel/paging.ts";
import { transact, txDelete, txPut, txUpdate, type TxItem } from "../../kernel/tx.ts";
import { allOf, anyOf } from "../../kernel/filter.ts";
import { PayConfig } from "../configEntities.ts";
import { allPayConfigs } from "../payConfig.ts";
import type { Caller } from "../../kernel/context.ts";

/**
 * Mini-programs (R488–R503). A tenant's records live in its own partition (a handful per tenant,
 * read whole, at most MAX_MINI_PROGRAMS); every write is conditioned on the record's `rev`, and the
 * AppId's platform-wide key (MpAppKey) moves in the same transaction. Secrets are sealed with the
 * tenant as associated data, so a value copied into another tenant's record does not open; views
 * show the mask only.
 */

/** The sealed fields, which a view shows only as the mask. */
type Secret = "secret" | "apiV3Key" | "certPath" | "publicKeyPath";

export type MpConfigView = Omit<MpConfigItem, "tenantId" | "rev" | Secret> & {
  clientId: string;
  secret: string;
  apiV3Key: string;
  certPath: string;
  publicKeyPath: string;
};

export const mpConfigView = ({ tenantId, rev: _rev, ...m }: MpConfigItem): MpConfigView => ({
  ...m,
  clientId: tenantId,
  secret: masked(m.secret),
  apiV3Key: masked(m.apiV3Key),
  certPath: masked(m.certPath),
  publicKeyPath: masked(m.publicKeyPath),
});

const allOfTenant = (tenantId: string) => miniProgramsOf(tenantId);

/** getMpconfigList: keyword on the name (and AppId), newest first, paged. */
export async function listMpConfigs(caller: Caller, p: Paging, f: { idisplay?: number } = {}): Promise<Envelope<never, MpConfigView>> {
  const rows = (await allOfTenant(caller.tenantId)).filter((m) => holds(p.keyword, m.mpName, m.appId) && (f.idisplay === undefined || m.idisplay === f.idisplay));
  return pageOf(rows, p, ["id", "mpName", "appId", "shop", "createTime", "idisplay"], mpConfigView);
}

async function recordOf(tenantId: string, id: number): Promise<MpConfigItem> {
  const { data } = await MpConfig.get({ tenantId, id }).go();
  if (!data) throw new DomainError(MP_MSG.missing, "404");
  return data;
}

export async function viewMpConfig(caller: Caller, id: number): Promise<MpConfigView> {
  return mpConfigView(await recordOf(caller.tenantId, id));
}

/** The record written back conditioned on the rev it was read with (a concurrent edit is refused, not lost). */
function putRecord(item: MpConfigItem, before: MpConfigItem | null): TxItem {
  if (!before) return txPut(MpConfig.create(item), MP_MSG.changed);
  return txPut(
    MpConfig.put(item).where((a, { eq }) => eq(a.rev, before.rev ?? 0)),
    MP_MSG.changed,
  );
}

/**
 * The AppId's key: taken when absent or already this record's; given up when the record leaves it.
 * (ElectroDB's `.where()` names attributes, not key fields: the key's appId, the composite of its
 * key, exists exactly when the key item does. AND binds before OR: "absent, or tenant and record".)
 */
function appKeyMoves(tenantId: string, id: number, before: string | null, after: string | null): TxItem[] {
  if (before === after) return [];
  const items: TxItem[] = [];
  if (after)
    items.push(
      txPut(
        MpAppKey.put({ appId: after, tenantId, mpId: id }).where((a, { eq, notExists }) => anyOf(notExists(a.appId), allOf(eq(a.tenantId, tenantId), eq(a.mpId, id)))),
        MP_MSG.exists,
      ),
    );
  if (before)
    items.push(
      txDelete(
        MpAppKey.delete({ appId: before }).where((a, { eq }) => allOf(eq(a.tenantId, tenantId), eq(a.mpId, id))),
        MP_MSG.changed,
      ),
    );
  return items;
}

/** saveMpconfig: the basic settings (R488–R491); a new record without an id, an edit with one. */
export async function saveMpConfig(caller: Caller, input: MpConfigInput): Promise<MpConfigView> {
  const { tenantId } = caller;
  const before = input.id ? await recordOf(tenantId, input.id) : null;
  const id = before?.id ?? (await nextId(tenantId, "mpConfig"));
  const now = formatDateTime();
  const { id: _id, ...basic } = input;
  const item: MpConfigItem = {
    ...(before ?? { tenantId, id, createTime: now }),
    ...basic,
    tenantId,
    id,
    rev: (before?.rev ?? 0) + 1,
    updateTime: now,
  } as MpConfigItem;
  await transact([putRecord(item, before), ...appKeyMoves(tenantId, id, before?.appId ?? null, item.appId)]);
  return mpConfigView(item);
}

/**
 * A mini-program whose merchant number is a payment channel's binds that channel: the channel's
 * binding count counts it (docs/gaps.md, like the WeChat accounts), so a channel in use is not deleted or
 * renumbered. +1 on the new channel (present, still that merchant), −1 on the one the record counted
 * (kept on the record, so a channel created later with the same number is never decremented).
 */
async function channelMoves(before: MpConfigItem, mchId: string): Promise<{ items: TxItem[]; payConfigId: number }> {
  const counted = before.payConfigId ?? 0;
  const to = mchId ? (await allPayConfigs()).find((p) => p.mchId === mchId) : undefined;
  const next = to?.id ?? 0;
  if (next === counted) return { items: [], payConfigId: counted };
  const items: TxItem[] = [];
  if (to)
    items.push(
      txUpdate(
        PayConfig.patch({ id: to.id })
          .add({ bindingCount: 1 })
          .where((a, { eq }) => eq(a.mchId, mchId)),
        MP_MSG.changed,
      ),
    );
  if (counted) items.push(txUpdate(PayConfig.patch({ id: counted }).subtract({ bindingCount: 1 }), MP_MSG.changed));
  return { items, payConfigId: next };
}

/** A typed secret replaces the stored one (sealed for this tenant); blank (or the mask) keeps it. */
const replaced = (tenantId: string, typed: string, stored: string) => (typed ? seal(typed, tenantId) : stored);

/**
 * savePayconfig: the account configuration (R492–R498) — the AppSecret, the payment merchant
 * (its .pem files must be verified uploads of this tenant) and the three receivers, each all or
 * nothing (the schema refused a partial one). The reply's desc is 保存成功 (R498: a success).
 */
export async function savePayconfig(caller: Caller, input: PayconfigInput): Promise<MpConfigView> {
  const { tenantId } = caller;
  for (const path of [input.certPath, input.publicKeyPath]) {
    if (path && !(await isUploaded(tenantId, path, "pem"))) throw new DomainError(MP_MSG.pem, "400");
  }
  const before = await recordOf(tenantId, input.id);
  const channel = await channelMoves(before, input.mchId);
  const item: MpConfigItem = {
    ...before,
    payConfigId: channel.payConfigId,
    secret: replaced(tenantId, input.secret, before.secret ?? ""),
    mchId: input.mchId,
    mchName: input.mchName,
    secretNumber: input.secretNumber,
    apiV3Key: replaced(tenantId, input.apiV3Key, before.apiV3Key ?? ""),
    certPath: replaced(tenantId, input.certPath, before.certPath ?? ""),
    publickeyId: input.publickeyId,
    publicKeyPath: replaced(tenantId, input.publicKeyPath, before.publicKeyPath ?? ""),
    groupType: input.groupType,
    groupName: input.groupName,
    groupAccount: input.groupAccount,
    agentType: input.agentType,
    agentName: input.agentName,
    agentAccount: input.agentAccount,
    channelType: input.channelType,
    channelName: input.channelName,
    channelAccount: input.channelAccount,
    rev: (before.rev ?? 0) + 1,
    updateTime: formatDateTime(),
  };
  await transact([putRecord(item, before), ...channel.items]);
  return mpConfigView(item);
}

/** passedMpconfig: sets (or, without `idisplay`, flips) the enable switch, conditioned on the rev read. */
export async function passMpConfig(caller: Caller, id: number, idisplay?: number): Promise<{ id: number; idisplay: number }> {
  const before = await recordOf(caller.tenantId, id);
  const next = idisplay ?? (before.idisplay === 1 ? 0 : 1);
  await transact([putRecord({ ...before, idisplay: next, rev: (before.rev ?? 0) + 1, updateTime: formatDateTime() }, before)]);
  return { id, idisplay: next };
}

/** deleteMpconfig: the record and its AppId key; its members' openids stay with the mobile users' history. */
export async function deleteMpConfig(caller: Caller, id: number): Promise<number> {
  const { tenantId } = caller;
  const { data: before } = await MpConfig.get({ tenantId, id }).go();
  if (!before) throw nothingDeleted();
  const record = MpConfig.delete({ tenantId, id }).where((a, { eq }) => eq(a.rev, before.rev ?? 0));
  const channel = await channelMoves(before, "");
  await transact([txDelete(record, MP_MSG.changed), ...appKeyMoves(tenantId, id, before.appId, null), ...channel.items]);
  return id;
}

/**
 * getMpOpenIdByMobileAndAppId (R501–R503): the openid of the mobile user with this mobile in this
 * tenant, as that mini-program knows them. A mobile user belongs to a mini-program when they have
 * signed in through it (an MpMember item, written by members.ts `joinMiniProgram`); a deleted mobile user's
 * keys are gone, so they are found no more.
 */
export async function mpOpenId(caller: Caller, appId: string, mobile: string): Promise<string> {
  const { tenantId } = caller;
  const { data: keys } = await MobileUserKey.query.byKey({ tenantId, key: `m:${mobile}` }).go({ limit: 20 });
  if (keys.length) {
    const { data: members } = await MpMember.get(keys.map((k) => ({ tenantId, appId, mobileUserId: k.mobileUserId }))).go();
    const member = members.find((m) => m.openId);
    if (member) return member.openId;
  }
  throw new DomainError(MP_MSG.openIdNone, "404");
}

/** The tenant whose mini-program holds this AppId (the mini-program's own sign-in starts from it). */
export async function tenantOfAppId(appId: string): Promise<{ tenantId: string; mpId: number } | null> {
  const { data } = await MpAppKey.get({ appId }).go();
  return data ? { tenantId: data.tenantId, mpId: data.mpId } : null;
}
