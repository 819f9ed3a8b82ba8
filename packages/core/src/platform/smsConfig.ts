import { SmsConfig, type SmsConfigItem } from "./configEntities.ts";
import { allRecords, holds, masked, pageOf, replaced } from "./configStore.ts";
import { PLATFORM_COUNTERS, requirePlatformOperator } from "./operator.ts";
import { SMS_MSG, type SmsConfigInput } from "./smsSchemas.ts";
import { nextId } from "../kernel/counters.ts";
import { formatDateTime } from "../kernel/clock.ts";
import { DomainError, nothingDeleted } from "../kernel/errors.ts";
import type { Envelope } from "../kernel/envelope.ts";
import type { Paging } from "../kernel/paging.ts";
import type { Caller } from "../kernel/context.ts";

/** SMS configurations (R458–R467), the platform operator's alone; the secretKey is sealed and shown masked. */
export type SmsConfigView = Omit<SmsConfigItem, "secretKey"> & { secretKey: string };
export const smsConfigView = (s: SmsConfigItem): SmsConfigView => ({ ...s, secretKey: masked(s.secretKey) });

export async function listSmsConfigs(caller: Caller, p: Paging): Promise<Envelope<never, SmsConfigView>> {
  await requirePlatformOperator(caller);
  const rows = (await allRecords<SmsConfigItem>(SmsConfig)).filter((s) => holds(p.keyword, s.smsSignature, s.appId, s.secretId, s.branchId));
  return pageOf(rows, p, ["id", "branchId", "smsPlatform", "smsSignature", "appId"], smsConfigView);
}

async function smsConfigOf(id: number): Promise<SmsConfigItem> {
  const { data } = await SmsConfig.get({ id }).go();
  if (!data) throw new DomainError(SMS_MSG.missing, "404");
  return data;
}

export async function viewSmsConfig(caller: Caller, id: number): Promise<SmsConfigView> {
  await requirePlatformOperator(caller);
  return smsConfigView(await smsConfigOf(id));
}

export async function saveSmsConfig(caller: Caller, input: SmsConfigInput): Promise<SmsConfigView> {
  await requirePlatformOperator(caller);
  const now = formatDateTime();
  const { id: _id, secretKey, ...fields } = input;
  if (!input.id) {
    const id = await nextId(PLATFORM_COUNTERS, "smsConfig");
    const { data } = await SmsConfig.create({ id, ...fields, secretKey: replaced(secretKey, ""), createTime: now, updateTime: now }).go();
    return smsConfigView(data as SmsConfigItem);
  }
  const old = await smsConfigOf(input.id);
  const { data } = await SmsConfig.patch({ id: input.id })
    .set({ ...fields, secretKey: replaced(secretKey, old.secretKey), updateTime: now })
    .go({ response: "all_new" });
  return smsConfigView(data as SmsConfigItem);
}

export async function deleteSmsConfigs(caller: Caller, ids: readonly number[]): Promise<number[]> {
  await requirePlatformOperator(caller);
  const found = (await allRecords<SmsConfigItem>(SmsConfig)).filter((s) => ids.includes(s.id));
  if (!found.length) throw nothingDeleted();
  for (const s of found) await SmsConfig.delete({ id: s.id }).go({ response: "none" });
  return found.map((s) => s.id);
}
