import { DbConfig, type DbConfigItem } from "./configEntities.ts";
import { allRecords, holds, masked, pageOf, replaced } from "./configStore.ts";
import { PLATFORM_COUNTERS, requirePlatformOperator } from "./operator.ts";
import { DB_MSG, type DbConfigInput } from "./dbSchemas.ts";
import { nextId } from "../kernel/counters.ts";
import { formatDateTime } from "../kernel/clock.ts";
import { DomainError, nothingDeleted } from "../kernel/errors.ts";
import type { Envelope } from "../kernel/envelope.ts";
import type { Paging } from "../kernel/paging.ts";
import type { Caller } from "../kernel/context.ts";

/**
 * Database connection records (R468–R475), the platform operator's alone. They configure the
 * systems connected to the platform; this product connects to none of them (docs/decisions.md).
 */
export type DbConfigView = Omit<DbConfigItem, "password" | "redisPassword"> & { password: string; redisPassword: string };
export const dbConfigView = (d: DbConfigItem): DbConfigView => ({ ...d, password: masked(d.password), redisPassword: masked(d.redisPassword) });

const all = () => allRecords<DbConfigItem>(DbConfig);

export async function listDbConfigs(caller: Caller, p: Paging): Promise<Envelope<never, DbConfigView>> {
  await requirePlatformOperator(caller);
  const rows = (await all()).filter((d) => holds(p.keyword, d.systemCode, d.databaseCode, d.activeCode, d.jdbcUrl, d.redisHost));
  return pageOf(rows, p, ["id", "systemCode", "databaseCode", "activeCode", "idisplay"], dbConfigView);
}

async function dbConfigOf(id: number): Promise<DbConfigItem> {
  const { data } = await DbConfig.get({ id }).go();
  if (!data) throw new DomainError(DB_MSG.missing, "404");
  return data;
}

export async function viewDbConfig(caller: Caller, id: number): Promise<DbConfigView> {
  await requirePlatformOperator(caller);
  return dbConfigView(await dbConfigOf(id));
}

export async function saveDbConfig(caller: Caller, input: DbConfigInput): Promise<DbConfigView> {
  await requirePlatformOperator(caller);
  const now = formatDateTime();
  const { id: _id, password, redisPassword, ...fields } = input;
  if (!input.id) {
    if (!password) throw new DomainError(DB_MSG.password, "400");
    const id = await nextId(PLATFORM_COUNTERS, "dbConfig");
    const { data } = await DbConfig.create({ id, ...fields, password: replaced(password, ""), redisPassword: replaced(redisPassword, ""), createTime: now, updateTime: now }).go();
    return dbConfigView(data as DbConfigItem);
  }
  const old = await dbConfigOf(input.id);
  const { data } = await DbConfig.patch({ id: input.id })
    .set({ ...fields, password: replaced(password, old.password), redisPassword: replaced(redisPassword, old.redisPassword), updateTime: now })
    .go({ response: "all_new" });
  return dbConfigView(data as DbConfigItem);
}

export async function passDbConfigs(caller: Caller, ids: readonly number[], idisplay: 0 | 1): Promise<number[]> {
  await requirePlatformOperator(caller);
  const found = (await all()).filter((d) => ids.includes(d.id));
  if (!found.length) throw new DomainError(DB_MSG.missing, "404");
  for (const d of found) await DbConfig.patch({ id: d.id }).set({ idisplay, updateTime: formatDateTime() }).go({ response: "none" });
  return found.map((d) => d.id);
}

export async function deleteDbConfigs(caller: Caller, ids: readonly number[]): Promise<number[]> {
  await requirePlatformOperator(caller);
  const found = (await all()).filter((d) => ids.includes(d.id));
  if (!found.length) throw nothingDeleted();
  for (const d of found) await DbConfig.delete({ id: d.id }).go({ response: "none" });
  return found.map((d) => d.id);
}
