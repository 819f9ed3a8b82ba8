import { Region, type RegionItem } from "./entities.ts";
import { REGION_ROOT, type RegionInput } from "./schemas.ts";
import { PLATFORM_COUNTERS, requirePlatformOperator } from "../platform/operator.ts";
import { nextIds } from "../kernel/counters.ts";
import { mapLimit } from "../kernel/batch.ts";
import { DomainError, notFound, nothingDeleted } from "../kernel/errors.ts";
import { transact, txPut, txUpdate, txDelete } from "../kernel/tx.ts";
import type { Caller } from "../kernel/context.ts";

/**
 * The national region tree (R541–R543): root 100000 中国, one tree for the whole platform. Every
 * tenant reads it; only a platform operator (platform/operator.ts) adds, edits or deletes a node.
 */
export { REGION_ROOT };
/** Regions staff add without an administrative code are numbered from here. */
const CUSTOM_REGION_BASE = 900000;

export type RegionView = Omit<RegionItem, "childCount" | "code"> & { hasChild: boolean };
const view = ({ childCount, code: _c, ...r }: RegionItem): RegionView => ({ ...r, hasChild: (childCount ?? 0) > 0 });

export async function getRegion(id: number): Promise<RegionItem | null> {
  const { data } = await Region.query.byCode({ code: String(id) }).go();
  return data.find((r) => r.id === id) ?? null;
}

export async function regionChildren(parentid: number): Promise<RegionView[]> {
  const { data } = await Region.query.byParent({ parentid }).go({ pages: "all" });
  return data.map(view);
}

export async function viewRegion(id: number): Promise<RegionView> {
  const r = await getRegion(id);
  if (!r) throw notFound("区域");
  return view(r);
}

export type RegionOption = { id: number; parentid: number; name: string };

/** area/alllist: every enabled region whose code starts with the prefix (cascading selectors). */
export async function regionsByPrefix(prefix: string): Promise<RegionOption[]> {
  if (prefix && !/^\d{1,6}$/.test(prefix)) throw new DomainError("区域编码不正确", "400");
  const { data } = await Region.query.byCode({}).begins({ code: prefix }).go({ pages: "all" });
  return data.filter((r) => r.status === 1).map((r) => ({ id: r.id, parentid: r.parentid, name: r.name }));
}

export async function saveRegion(caller: Caller, input: RegionInput): Promise<RegionView> {
  await requirePlatformOperator(caller);
  const fields = {
    name: input.name,
    shortname: input.shortname,
    pinyin: input.pinyin,
    citycode: input.citycode,
    zipcode: input.zipcode,
    lng: input.lng,
    lat: input.lat,
    status: input.status,
  };
  const existing = input.id ? await getRegion(input.id) : null;
  if (existing && !input.isNew) {
    const { data } = await Region.patch({ parentid: existing.parentid, code: existing.code }).set(fields).go({ response: "all_new" });
    return view(data as RegionItem);
  }
  if (existing) throw new DomainError("区域编码已存在", "409");
  const parent = input.parentid === 0 ? null : await getRegion(input.parentid);
  if (input.parentid !== 0 && !parent) throw new DomainError("上级区域不存在或已被删除", "404");
  const id = input.id ?? CUSTOM_REGION_BASE + (await nextIds(PLATFORM_COUNTERS, "region", 1));
  const item = { id, code: String(id), parentid: input.parentid, leveltype: parent ? (parent.leveltype ?? 0) + 1 : 0, childCount: 0, ...fields };
  await transact([
    txPut(Region.create(item), "区域编码已存在"),
    ...(parent ? [txUpdate(Region.patch({ parentid: parent.parentid, code: parent.code }).add({ childCount: 1 }))] : []),
  ]);
  return view(item as RegionItem);
}

/** Deletes a region and every region below it; returns the ids deleted. */
export async function deleteRegion(caller: Caller, id: number): Promise<number[]> {
  await requirePlatformOperator(caller);
  const r = await getRegion(id);
  if (!r) throw nothingDeleted();
  if (r.id === REGION_ROOT) throw new DomainError("根节点不能删除", "400");
  const below: RegionItem[] = [];
  let level = [r];
  while (level.length) {
    const next = (await mapLimit(level, async (n) => (await Region.query.byParent({ parentid: n.id }).go({ pages: "all" })).data)).flat();
    below.push(...next);
    level = next;
  }
  const parent = await getRegion(r.parentid);
  await transact([
    txDelete(Region.delete({ parentid: r.parentid, code: r.code })),
    ...(parent ? [txUpdate(Region.patch({ parentid: parent.parentid, code: parent.code }).add({ childCount: -1 }))] : []),
  ]);
  if (below.length) await Region.delete(below.map((n) => ({ parentid: n.parentid, code: n.code }))).go({ concurrency: 4 });
  return [r.id, ...below.map((n) => n.id)];
}
