import { AppVersion, type AppVersionItem } from "./configEntities.ts";
import { allRecords, holds, isUploaded, pageOf } from "./configStore.ts";
import { PLATFORM_COUNTERS, requirePlatformOperator } from "./operator.ts";
import { APP_MSG, type AppVersionInput } from "./appupdateSchemas.ts";
import { nextId } from "../kernel/counters.ts";
import { formatDateTime } from "../kernel/clock.ts";
import { DomainError, nothingDeleted } from "../kernel/errors.ts";
import type { Envelope } from "../kernel/envelope.ts";
import type { Paging } from "../kernel/paging.ts";
import type { Caller } from "../kernel/context.ts";

/** App versions (R484–R487), the platform operator's alone. An uploaded package must be a verified .apk of the operator's tenant. */
export type AppVersionView = AppVersionItem;

const all = () => allRecords<AppVersionItem>(AppVersion);
const UPLOAD_PREFIX = "/uploader/files/";

export async function listAppVersions(caller: Caller, p: Paging): Promise<Envelope<never, AppVersionView>> {
  await requirePlatformOperator(caller);
  const rows = (await all()).filter((a) => holds(p.keyword, a.appName, a.appid, a.version));
  return pageOf(rows, p, ["id", "appName", "appid", "versionCode", "updateTime"], (a) => a);
}

async function appVersionOf(id: number): Promise<AppVersionItem> {
  const { data } = await AppVersion.get({ id }).go();
  if (!data) throw new DomainError(APP_MSG.missing, "404");
  return data;
}

export async function viewAppVersion(caller: Caller, id: number): Promise<AppVersionView> {
  await requirePlatformOperator(caller);
  return appVersionOf(id);
}

export async function saveAppVersion(caller: Caller, input: AppVersionInput): Promise<AppVersionView> {
  await requirePlatformOperator(caller);
  if (input.url.startsWith(UPLOAD_PREFIX) && !(await isUploaded(caller.tenantId, input.url.slice(UPLOAD_PREFIX.length), "apk"))) throw new DomainError(APP_MSG.apkMissing, "400");
  const now = formatDateTime();
  const { id: _id, ...fields } = input;
  if (!input.id) {
    const id = await nextId(PLATFORM_COUNTERS, "appVersion");
    const { data } = await AppVersion.create({ id, ...fields, createTime: now, updateTime: now }).go();
    return data as AppVersionItem;
  }
  await appVersionOf(input.id);
  const { data } = await AppVersion.patch({ id: input.id })
    .set({ ...fields, updateTime: now })
    .go({ response: "all_new" });
  return data as AppVersionItem;
}

export async function deleteAppVersions(caller: Caller, ids: readonly number[]): Promise<number[]> {
  await requirePlatformOperator(caller);
  const found = (await all()).filter((a) => ids.includes(a.id));
  if (!found.length) throw nothingDeleted();
  for (const a of found) await AppVersion.delete({ id: a.id }).go({ response: "none" });
  return found.map((a) => a.id);
}
