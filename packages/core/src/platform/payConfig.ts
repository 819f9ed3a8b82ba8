import { PayConfig, type PayConfigItem } from "./configEntities.ts";
import { allRecords, holds, isUploaded, masked, pageOf, replaced } from "./configStore.ts";
import { PLATFORM_COUNTERS, requirePlatformOperator } from "./operator.ts";
import { PAY_MSG, type PayConfigInput } from "./paySchemas.ts";
import { nextId } from "../kernel/counters.ts";
import { formatDateTime } from "../kernel/clock.ts";
import { DomainError, nothingDeleted } from "../kernel/errors.ts";
import type { Envelope } from "../kernel/envelope.ts";
import type { Paging } from "../kernel/paging.ts";
import { conditional } from "../kernel/tx.ts";
import type { Caller } from "../kernel/context.ts";
import { allOf, anyOf } from "../kernel/filter.ts";

/**
 * Payment channels (R443–R450), the platform operator's alone. The binding count is the number of
 * WeChat accounts bound to the channel, moved in the same transaction as each binding (wxConfig.ts);
 * a delete and a change of merchant number are conditioned on it being 0, so a binding made at the
 * same instant is never left pointing at a channel that is gone.
 */
export type PayConfigView = Omit<PayConfigItem, "apiV3Key" | "certPath" | "publicKeyPath"> & { apiV3Key: string; certPath: string; publicKeyPath: string };

export const payConfigView = (p: PayConfigItem): PayConfigView => ({
  ...p,
  apiV3Key: masked(p.apiV3Key),
  certPath: masked(p.certPath),
  publicKeyPath: masked(p.publicKeyPath),
  bindingCount: p.bindingCount ?? 0,
});

export const allPayConfigs = () => allRecords<PayConfigItem>(PayConfig);

export async function listPayConfigs(caller: Caller, p: Paging, f: { appType?: number; isUsing?: number } = {}): Promise<Envelope<never, PayConfigView>> {
  await requirePlatformOperator(caller);
  const rows = (await allPayConfigs()).filter(
    (c) => holds(p.keyword, c.mchId, c.mchName) && (f.appType === undefined || c.appType === f.appType) && (f.isUsing === undefined || c.isUsing === f.isUsing),
  );
  return pageOf(rows, p, ["id", "mchId", "mchName", "appType", "bindingCount", "isUsing"], payConfigView);
}

async function payConfigOf(id: number): Promise<PayConfigItem> {
  const { data } = await PayConfig.get({ id }).go();
  if (!data) throw new DomainError(PAY_MSG.missing, "404");
  return data;
}

export async function viewPayConfig(caller: Caller, id: number): Promise<PayConfigView> {
  await requirePlatformOperator(caller);
  return payConfigView(await payConfigOf(id));
}

/** The channels a WeChat account may bind (wxconfig/mchidList): every one, disabled ones marked so the form cannot pick them (R456). */
export type MchOption = { id: number; mchId: string; mchName: string; isUsing: number; appType: number };
export async function mchidList(caller: Caller, keyword: string): Promise<MchOption[]> {
  await requirePlatformOperator(caller);
  return (await allPayConfigs())
    .filter((c) => holds(keyword, c.mchId, c.mchName))
    .map(({ id, mchId, mchName, isUsing, appType }) => ({ id, mchId, mchName, isUsing: isUsing ?? 1, appType }))
    .sort((a, b) => b.isUsing - a.isUsing || b.id - a.id);
}

export async function savePayConfig(caller: Caller, input: PayConfigInput): Promise<PayConfigView> {
  await requirePlatformOperator(caller);
  if ((input.publickeyId === "") !== (input.publicKeyPath === "") && !input.id) throw new DomainError(PAY_MSG.publicKeyPair, "400");
  for (const path of [input.certPath, input.publicKeyPath]) {
    if (path && !(await isUploaded(caller.tenantId, path, "pem"))) throw new DomainError(PAY_MSG.pem, "400");
  }
  const others = (await allPayConfigs()).filter((c) => c.id !== input.id);
  if (others.some((c) => c.mchId === input.mchId)) throw new DomainError(PAY_MSG.exists, "409");
  const now = formatDateTime();
  const plain = {
    appType: input.appType,
    mchId: input.mchId,
    mchName: input.mchName,
    secretNumber: input.secretNumber,
    publickeyId: input.publickeyId,
    activeCode: input.activeCode,
    isUsing: input.isUsing,
    notifyUrl: input.notifyUrl,
    refundNotifyUrl: input.refundNotifyUrl,
  };
  if (!input.id) {
    const id = await nextId(PLATFORM_COUNTERS, "payConfig");
    const { data } = await PayConfig.create({
      id,
      ...plain,
      apiV3Key: replaced(input.apiV3Key, ""),
      certPath: replaced(input.certPath, ""),
      publicKeyPath: replaced(input.publicKeyPath, ""),
      bindingCount: 0,
      createTime: now,
      updateTime: now,
    }).go();
    return payConfigView(data as PayConfigItem);
  }
  const old = await payConfigOf(input.id);
  const publicKeyPath = replaced(input.publicKeyPath, old.publicKeyPath);
  if ((input.publickeyId === "") !== (publicKeyPath === "")) throw new DomainError(PAY_MSG.publicKeyPair, "400");
  const mchIdChanges = old.mchId !== input.mchId;
  const { data } = await conditional(
    PayConfig.patch({ id: input.id })
      .set({ ...plain, apiV3Key: replaced(input.apiV3Key, old.apiV3Key), certPath: replaced(input.certPath, old.certPath), publicKeyPath, updateTime: now })
      // A bound channel keeps its merchant number: the accounts bound to it name it.
      .where(({ bindingCount, mchId }, { eq }) => allOf(mchIdChanges && eq(bindingCount, 0), eq(mchId, old.mchId)))
      .go({ response: "all_new" }),
    new DomainError(mchIdChanges ? PAY_MSG.boundMchId : "数据已被修改，请刷新后重试", "409"),
  );
  return payConfigView(data as PayConfigItem);
}

/** Enables or disables channels. A disabled channel is offered to no new binding (R456); accounts already bound keep it. */
export async function passPayConfigs(caller: Caller, ids: readonly number[], isUsing: 0 | 1): Promise<number[]> {
  await requirePlatformOperator(caller);
  const found = (await allPayConfigs()).filter((c) => ids.includes(c.id));
  if (!found.length) throw new DomainError(PAY_MSG.missing, "404");
  for (const c of found) await PayConfig.patch({ id: c.id }).set({ isUsing, updateTime: formatDateTime() }).go({ response: "none" });
  return found.map((c) => c.id);
}

/** Deletes channels; one still bound is refused (R449) — the condition is on the stored count, at the moment of the delete. */
export async function deletePayConfigs(caller: Caller, ids: readonly number[]): Promise<number[]> {
  await requirePlatformOperator(caller);
  const found = (await allPayConfigs()).filter((c) => ids.includes(c.id));
  if (!found.length) throw nothingDeleted();
  if (found.some((c) => (c.bindingCount ?? 0) > 0)) throw new DomainError(PAY_MSG.bound, "409");
  const gone: number[] = [];
  for (const c of found) {
    await conditional(
      PayConfig.delete({ id: c.id })
        .where(({ bindingCount }, { eq, notExists }) => anyOf(eq(bindingCount, 0), notExists(bindingCount)))
        .go({ response: "none" }),
      new DomainError(PAY_MSG.bound, "409"),
    );
    gone.push(c.id);
  }
  return gone;
}
