import { Goods, GoodsSpec, type GoodsItem, type GoodsSpecItem } from "./entities.ts";
import { ATLAS_PICTURE, GOODS_MSG, TITLE_PICTURE, type GoodsInput } from "./schemas.ts";
import { imageSize, pictureProblem, PICTURE_MSG, type PictureRule } from "./images.ts";
import { OrgNode } from "../org/entities.ts";
import { StoredFile } from "../files/entities.ts";
import { parseRemotename, storageKey } from "../files/rules.ts";
import { readHead } from "../files/storage.ts";
import { nextId, readTotal, totalDelta } from "../kernel/counters.ts";
import { formatDateTime } from "../kernel/clock.ts";
import { fenToYuan } from "../kernel/money.ts";
import { DomainError } from "../kernel/errors.ts";
import { boundedList } from "../kernel/list.ts";
import { sanitizeRichText } from "../kernel/richText.ts";
import { transact, txDelete, txPut } from "../kernel/tx.ts";
import { mapLimit } from "../kernel/batch.ts";
import type { Paging } from "../kernel/paging.ts";
import type { Envelope } from "../kernel/envelope.ts";
import { allOf } from "../kernel/filter.ts";

/**
 * The goods catalogue (R395–R407): items of a tenant (goods are the head office's, not a store's:
 * no data scope), listed by sort order (R403) on their own index. Docs: docs/goods.md.
 */
export const GOODS_CLASS_TREE = "goodsclass";
const TOTAL = "goods";

export async function getGoods(tenantId: string, id: number): Promise<GoodsItem | null> {
  const { data } = await Goods.get({ tenantId, id }).go();
  return data;
}

export async function requireGoods(tenantId: string, id: number): Promise<GoodsItem> {
  const g = await getGoods(tenantId, id);
  if (!g) throw new DomainError(GOODS_MSG.notFound, "404");
  return g;
}

export type GoodsView = ReturnType<typeof goodsView>;
export function goodsView(g: GoodsItem) {
  const { tenantId: _t, ...rest } = g;
  return { ...rest, price: fenToYuan(g.price ?? 0), atlas: rest.atlas ?? "[]" };
}

/** R397: the class is a node of the goodsclass tree, and not a top-level one (the root class). */
async function goodsClassName(tenantId: string, code: string): Promise<string> {
  const { data } = await OrgNode.query.byCode({ tenantId, orgType: GOODS_CLASS_TREE, orgCode: code }).go({ limit: 1 });
  const node = data[0];
  if (!node || node.orgCode !== code || !node.parentId) throw new DomainError(GOODS_MSG.classMissing, "400");
  return node.orgName;
}

/** The stored file a picture URL names (our uploads: `/uploader/files/<tenant>/<hash>.<ext>`), or null. */
const remotenameOf = (url: string): string => {
  const i = url.indexOf("/uploader/files/");
  return i >= 0 ? url.slice(i + "/uploader/files/".length) : url;
};

/**
 * R399, R400 on the server: the picture must be a verified upload of this tenant, within the size,
 * and of the ratio (and pixel range) — read from the object's first 64 KB (images.ts), since the
 * files area keeps no dimensions.
 */
export async function checkPicture(tenantId: string, url: string, rule: PictureRule): Promise<void> {
  const parts = parseRemotename(remotenameOf(url));
  if (!parts || parts.tenantId !== tenantId) throw new DomainError(PICTURE_MSG.missing, "400");
  const { data: file } = await StoredFile.get(parts).go();
  if (!file?.verified) throw new DomainError(PICTURE_MSG.missing, "400");
  const head = await readHead(storageKey(parts.tenantId, parts.hash, parts.ext), 64 * 1024);
  const problem = pictureProblem(file.size ?? 0, head ? imageSize(head) : null, rule);
  if (problem) throw new DomainError(problem, "400");
}

const parseAtlas = (s: string | undefined): string[] => {
  try {
    const l = JSON.parse(s || "[]");
    return Array.isArray(l) ? l.map(String) : [];
  } catch {
    return [];
  }
};

export async function saveGoods(tenantId: string, input: GoodsInput): Promise<GoodsItem> {
  const before = input.id ? await requireGoods(tenantId, input.id) : null;
  const className = await goodsClassName(tenantId, input.goodsClass);
  // Only pictures that changed are read again: an edit of the name does not fetch every picture.
  const oldAtlas = new Set(parseAtlas(before?.atlas));
  if (input.pictureTitle !== before?.pictureTitle) await checkPicture(tenantId, input.pictureTitle, TITLE_PICTURE);
  await mapLimit(
    input.atlas.filter((u) => !oldAtlas.has(u)),
    (u) => checkPicture(tenantId, u, ATLAS_PICTURE),
  );
  const { id: _id, atlas, content, ...fields } = input;
  const values = { ...fields, goodsClassName: className, atlas: JSON.stringify(atlas), content: sanitizeRichText(content) };
  if (before) {
    if (before.goodsType !== input.goodsType && (before.specCount ?? 0) > 0) throw new DomainError("商品已设置规格，不能修改商品性质", "400");
    const after = { ...before, ...values } as GoodsItem;
    await Goods.put(after)
      .where((a, { exists }) => exists(a.id))
      .go();
    return after;
  }
  const id = await nextId(tenantId, "goods");
  const item = { tenantId, id, ...values, goodsCount: 0, specCount: 0, createTime: formatDateTime() } as GoodsItem;
  await transact([txPut(Goods.create(item), "商品编号冲突，请重试"), totalDelta(tenantId, TOTAL, 1)]);
  return item;
}

export async function specsOf(tenantId: string, goodsId: number): Promise<GoodsSpecItem[]> {
  const { data } = await GoodsSpec.query.byGoods({ tenantId, goodsId }).go({ pages: "all" });
  return data;
}

/** Deletes goods; one whose specs ever had an order is refused (its orders name it). Answers the ids deleted. */
export async function deleteGoods(tenantId: string, ids: readonly number[]): Promise<number[]> {
  const found = (await mapLimit(ids, (id) => getGoods(tenantId, id))).filter((g): g is GoodsItem => !!g);
  const specs = await mapLimit(found, (g) => specsOf(tenantId, g.id));
  const ordered = found.find((_, i) => specs[i]!.some((s) => (s.orderCount ?? 0) > 0));
  if (ordered) throw new DomainError(`商品「${ordered.goodsName}」已有订单，不能删除`, "409");
  for (const [i, g] of found.entries()) {
    await transact([
      txDelete(
        Goods.delete({ tenantId, id: g.id }).where((a, { exists }) => exists(a.id)),
        "商品不存在或已被删除",
      ),
      totalDelta(tenantId, TOTAL, -1),
    ]);
    // The specs go after the goods: nothing orders a spec of goods that are gone (orders check the goods).
    await mapLimit(specs[i]!, (s) => GoodsSpec.delete({ tenantId, goodsId: g.id, id: s.id }).go());
  }
  return found.map((g) => g.id);
}

/** On / off shelf (R405): to `status`, or flipped. Answers the new status. */
export async function passGoods(tenantId: string, id: number, status?: 0 | 1): Promise<{ id: number; status: number }> {
  const g = await requireGoods(tenantId, id);
  const next = status ?? (g.status === 1 ? 0 : 1);
  if (next === 1 && !(g.specCount ?? 0)) throw new DomainError("请先设置规格再上架", "400");
  await Goods.patch({ tenantId, id }).set({ status: next }).go();
  return { id, status: next };
}

/**
 * The goods list (R405): by sort order, then id; a class filter takes the class and its
 * sub-classes (codes below it). Unfiltered the kept total answers; filtered, the matches are
 * counted, capped (kernel/list.ts).
 */
export async function listGoods(tenantId: string, p: Paging, f: { goodsClass?: string; keyword?: string }): Promise<Envelope<never, GoodsView>> {
  const keyword = (f.keyword ?? "").trim();
  const cls = (f.goodsClass ?? "").trim();
  const params = () =>
    Goods.query
      .bySort({ tenantId })
      .where((a, op) => allOf(keyword && op.contains(a.goodsName, keyword), cls && op.begins(a.goodsClass, cls)))
      // Always by sort order, lowest first (R403): the list has no other order.
      .params({ order: "asc" });
  const total = keyword || cls ? undefined : () => readTotal(tenantId, TOTAL);
  return boundedList({ params, parse: (Items) => Goods.parse({ Items }).data as GoodsItem[] }, p, { total, map: goodsView });
}
