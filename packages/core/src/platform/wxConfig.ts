import { PayConfig, WxConfig, WxFlag, type WxConfigItem } from "./configEntities.ts";
import { allRecords, holds, masked, pageOf, replaced } from "./configStore.ts";
import { PLATFORM_COUNTERS, requirePlatformOperator } from "./operator.ts";
import { allPayConfigs } from "./payConfig.ts";
import { getTenant } from "./tenants.ts";
import { WX_MSG, type WxConfigInput } from "./wxSchemas.ts";
import { nextId } from "../kernel/counters.ts";
import { formatDateTime } from "../kernel/clock.ts";
import { DomainError, nothingDeleted } from "../kernel/errors.ts";
import type { Envelope } from "../kernel/envelope.ts";
import type { Paging } from "../kernel/paging.ts";
import { transact, txDelete, txPut, txUpdate, type TxItem } from "../kernel/tx.ts";
import type { Caller } from "../kernel/context.ts";
import { allOf, anyOf } from "../kernel/filter.ts";

/**
 * WeChat platform accounts (R451–R457), the platform operator's alone. One write moves, in one
 * transaction: the account (conditioned on its `rev`), the main/default flag items it takes or
 * gives up (a flag is taken only when nobody else holds it, so two accounts saved at once cannot
 * both become the main account of a tenant's app type), and the binding counts of the payment
 * channels it binds or leaves (a channel is bound only while enabled and present).
 */
export type WxConfigView = Omit<WxConfigItem, "secret" | "rev"> & { secret: string; systemName: string; payMchName: string };

type Flag = "master" | "default";
const FLAG_OF: Record<Flag, "masterAccount" | "dfAccount"> = { master: "masterAccount", default: "dfAccount" };
const FLAG_TAKEN: Record<Flag, string> = { master: WX_MSG.master, default: WX_MSG.dfAccount };

export const allWxConfigs = () => allRecords<WxConfigItem>(WxConfig);

async function viewOf(rows: WxConfigItem[]): Promise<(w: WxConfigItem) => WxConfigView> {
  const pays = new Map((await allPayConfigs()).map((p) => [p.mchId, p.mchName]));
  const names = new Map<string, string>();
  for (const clientId of new Set(rows.map((r) => r.clientId))) names.set(clientId, (await getTenant(clientId))?.systemName ?? "");
  return ({ rev: _r, ...w }) => ({ ...w, secret: masked(w.secret), systemName: names.get(w.clientId) ?? "", payMchName: pays.get(w.payMchId ?? "") ?? "" });
}

export async function listWxConfigs(caller: Caller, p: Paging, f: { clientId?: string } = {}): Promise<Envelope<never, WxConfigView>> {
  await requirePlatformOperator(caller);
  const rows = (await allWxConfigs()).filter((w) => holds(p.keyword, w.appid, w.appName, w.clientId) && (!f.clientId || w.clientId === f.clientId));
  const page = pageOf(rows, p, ["id", "clientId", "appType", "appid", "appName", "status"], (w) => w);
  const view = await viewOf(page.dataList ?? []);
  return { ...page, dataList: (page.dataList ?? []).map(view) };
}

async function wxConfigOf(id: number): Promise<WxConfigItem> {
  const { data } = await WxConfig.get({ id }).go();
  if (!data) throw new DomainError(WX_MSG.missing, "404");
  return data;
}

export async function viewWxConfig(caller: Caller, id: number): Promise<WxConfigView> {
  await requirePlatformOperator(caller);
  const w = await wxConfigOf(id);
  return (await viewOf([w]))(w);
}

const flagKey = (w: Pick<WxConfigItem, "clientId" | "appType">, flag: Flag) => ({ clientId: w.clientId, appType: w.appType, flag });

/** The flag items a change from `before` to `after` takes and gives up. */
function flagMoves(id: number, before: Pick<WxConfigItem, "clientId" | "appType" | "masterAccount" | "dfAccount"> | null, after: typeof before & object): TxItem[] {
  const items: TxItem[] = [];
  for (const flag of ["master", "default"] as const) {
    const had = before?.[FLAG_OF[flag]] === 1;
    const has = after[FLAG_OF[flag]] === 1;
    const sameKey = !!before && before.clientId === after.clientId && before.appType === after.appType;
    if (had && (!has || !sameKey)) txDeleteFlag(items, before!, flag, id);
    if (has && (!had || !sameKey))
      items.push(
        txPut(
          WxFlag.put({ ...flagKey(after, flag), holder: id }).where(({ holder }, { eq, notExists }) => anyOf(notExists(holder), eq(holder, id))),
          FLAG_TAKEN[flag],
        ),
      );
  }
  return items;
}

function txDeleteFlag(items: TxItem[], w: Pick<WxConfigItem, "clientId" | "appType">, flag: Flag, id: number) {
  items.push(txDelete(WxFlag.delete(flagKey(w, flag)).where(({ holder }, { eq, notExists }) => anyOf(notExists(holder), eq(holder, id)))));
}

/** The binding count moves of a change of bound channel: +1 on the new one (enabled, present), −1 on the old one. */
async function bindingMoves(before: string, after: string): Promise<TxItem[]> {
  if (before === after) return [];
  const pays = await allPayConfigs();
  const items: TxItem[] = [];
  if (after) {
    const to = pays.find((p) => p.mchId === after);
    if (!to || to.isUsing !== 1) throw new DomainError(WX_MSG.payMissing, "400");
    items.push(
      txUpdate(
        PayConfig.patch({ id: to.id })
          .add({ bindingCount: 1 })
          .where(({ isUsing, mchId }, { eq }) => allOf(eq(isUsing, 1), eq(mchId, after))),
        WX_MSG.payMissing,
      ),
    );
  }
  const from = before ? pays.find((p) => p.mchId === before) : undefined;
  if (from) items.push(txUpdate(PayConfig.patch({ id: from.id }).subtract({ bindingCount: 1 })));
  return items;
}

export async function saveWxConfig(caller: Caller, input: WxConfigInput): Promise<WxConfigView> {
  await requirePlatformOperator(caller);
  const tenant = await getTenant(input.clientId);
  if (!tenant || tenant.deleting === 1) throw new DomainError(WX_MSG.tenantMissing, "400");
  const all = await allWxConfigs();
  if (all.some((w) => w.id !== input.id && w.appid === input.appid)) throw new DomainError(WX_MSG.exists, "409");
  const now = formatDateTime();
  const fields = {
    clientId: input.clientId,
    appType: input.appType,
    payMchId: input.payMchId,
    appName: input.appName,
    appid: input.appid,
    apiUrl: input.apiUrl,
    qrcode: input.qrcode,
    masterAccount: input.masterAccount,
    dfAccount: input.dfAccount,
    status: input.status,
  };
  let id: number;
  if (!input.id) {
    if (!input.secret) throw new DomainError(WX_MSG.secret, "400");
    id = await nextId(PLATFORM_COUNTERS, "wxConfig");
    await transact([
      txPut(WxConfig.create({ id, ...fields, secret: replaced(input.secret, ""), rev: 1, createTime: now, updateTime: now })),
      ...flagMoves(id, null, fields),
      ...(await bindingMoves("", input.payMchId)),
    ]);
  } else {
    id = input.id;
    const old = await wxConfigOf(id);
    const rev = old.rev ?? 0;
    await transact([
      txUpdate(
        WxConfig.patch({ id })
          .set({ ...fields, secret: replaced(input.secret, old.secret), rev: rev + 1, updateTime: now })
          .where(({ rev: r }, { eq, notExists }) => (rev ? eq(r, rev) : notExists(r))),
        "数据已被修改，请刷新后重试",
      ),
      ...flagMoves(id, old, fields),
      ...(await bindingMoves(old.payMchId ?? "", input.payMchId)),
    ]);
  }
  return viewWxConfig(caller, id);
}

/** Enables or disables accounts (status 1/0, R457). */
export async function passWxConfigs(caller: Caller, ids: readonly number[], status: 0 | 1): Promise<number[]> {
  await requirePlatformOperator(caller);
  const found = (await allWxConfigs()).filter((w) => ids.includes(w.id));
  if (!found.length) throw new DomainError(WX_MSG.missing, "404");
  for (const w of found) await WxConfig.patch({ id: w.id }).set({ status, updateTime: formatDateTime() }).go({ response: "none" });
  return found.map((w) => w.id);
}

/** Deletes accounts, with the flags they hold and their channel's binding, each in one transaction. */
export async function deleteWxConfigs(caller: Caller, ids: readonly number[]): Promise<number[]> {
  await requirePlatformOperator(caller);
  const found = (await allWxConfigs()).filter((w) => ids.includes(w.id));
  if (!found.length) throw nothingDeleted();
  for (const w of found) await deleteWxConfig(w);
  return found.map((w) => w.id);
}

const CHANGED = "数据已被修改，请刷新后重试";

/** One account away, in one transaction with the flags it holds and its channel's binding (conditioned on its `rev`). */
async function deleteWxConfig(w: WxConfigItem): Promise<void> {
  const rev = w.rev ?? 0;
  await transact([
    txDelete(
      WxConfig.delete({ id: w.id }).where(({ rev: r }, { eq, notExists }) => (rev ? eq(r, rev) : notExists(r))),
      CHANGED,
    ),
    ...flagMoves(w.id, w, { ...w, masterAccount: 0, dfAccount: 0 }),
    ...(await bindingMoves(w.payMchId ?? "", "")),
  ]);
}

/**
 * A deleted tenant's accounts (the tenant removal worker, tenantAdmin.ts): platform records keyed
 * without the tenant, so the worker's tenant Scan never sees them. Each goes the way an operator's
 * delete goes, so its channel's binding count is given back; an account edited meanwhile is read
 * again and retried. Flag items left without an account (none should be) go last. Idempotent.
 */
export async function removeWxConfigsOf(clientId: string): Promise<number> {
  let removed = 0;
  for (let attempt = 0; attempt < 5; attempt++) {
    const left = (await allWxConfigs()).filter((w) => w.clientId === clientId);
    if (!left.length) break;
    for (const w of left) {
      try {
        await deleteWxConfig(w);
        removed++;
      } catch (e) {
        if (!(e instanceof DomainError && e.code === "409")) throw e; // edited or raced meanwhile: read again
      }
    }
  }
  const { data: flags } = await WxFlag.query.byKey({}).go({ pages: "all" });
  const stale = flags.filter((f) => f.clientId === clientId).map(({ clientId: c, appType, flag }) => ({ clientId: c, appType, flag }));
  if (stale.length) await WxFlag.delete(stale).go();
  return removed;
}
