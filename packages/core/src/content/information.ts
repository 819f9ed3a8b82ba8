import { Information, InformationLabels, InformationText, newestFirst, type InformationItem } from "./entities.ts";
import { fieldsForType, isPublished, type InfoType } from "./rules.ts";
import { MSG, type InformationInput } from "./schemas.ts";
import { informationView, publicArticle, type InformationView, type PublicArticle } from "./views.ts";
import { previewToken } from "./preview.ts";
import { sanitizeRichText } from "../kernel/richText.ts";
import { nextId, readTotal, totalDelta } from "../kernel/counters.ts";
import { formatDateTime } from "../kernel/clock.ts";
import { DomainError, nothingDeleted } from "../kernel/errors.ts";
import { mapLimit } from "../kernel/batch.ts";
import { transact, txDelete, txPut, txUpdate } from "../kernel/tx.ts";
import { boundedList, type ListSource } from "../kernel/list.ts";
import type { Envelope } from "../kernel/envelope.ts";
import type { Paging } from "../kernel/paging.ts";
import type { Caller } from "../kernel/context.ts";
import { allOf, anyOf } from "../kernel/filter.ts";

/**
 * Information articles (spec 002; R515–R528). An article belongs to the function it was written
 * under (its `typeId`): a caller reaches only the articles of the function it opened, so a right on
 * 新闻资讯 does not edit 单页信息. The website reads the same items through the public functions below.
 */

/** The function's article total, moved with every create and delete. */
const typeTotal = (typeId: number) => `info#${typeId}`;

const notFound = () => new DomainError(MSG.notFound, "404");

async function getArticle(tenantId: string, id: number): Promise<InformationItem | null> {
  const { data } = await Information.get({ tenantId, id }).go();
  return data;
}

/** The article, if it belongs to the caller's function. */
async function ownArticle(caller: Caller, typeId: number, id: number): Promise<InformationItem> {
  const a = await getArticle(caller.tenantId, id);
  if (!a || a.typeId !== typeId) throw notFound();
  return a;
}

async function getContent(tenantId: string, infoId: number): Promise<string> {
  const { data } = await InformationText.get({ tenantId, infoId }).go();
  return data?.content ?? "";
}

export type InformationFilter = { orgCode?: string; infoType?: InfoType; keyword?: string };

/**
 * The console list (information/list): the function's articles in list order (sortOrder, newest
 * first); area (an info-area code and everything under it), type and keyword on title, label or
 * category are filters on that one Query, bounded by the kernel (kernel/list.ts).
 */
export async function listInformation(caller: Caller, typeId: number, p: Paging, f: InformationFilter): Promise<Envelope<never, InformationView>> {
  const { tenantId } = caller;
  const keyword = f.keyword?.trim() ?? "";
  const filtered = !!(keyword || f.orgCode || f.infoType);
  const src: ListSource<InformationItem> = {
    params: (order) =>
      Information.query
        .byType({ tenantId, typeId })
        .where((a, op) =>
          allOf(
            keyword && anyOf(op.contains(a.infoTitle, keyword), op.contains(a.label, keyword), op.contains(a.fromIn, keyword)),
            f.orgCode && op.begins(a.orgCode, f.orgCode),
            !!f.infoType && op.eq(a.infoType, String(f.infoType)),
          ),
        )
        .params({ order }),
    parse: (Items) => Information.parse({ Items }).data as InformationItem[],
  };
  return boundedList(
    src,
    { ...p, order: p.order === "desc" ? "desc" : "asc" },
    {
      total: filtered ? undefined : () => readTotal(tenantId, typeTotal(typeId)),
      map: (a) => informationView(a),
    },
  );
}

export async function viewInformation(caller: Caller, typeId: number, id: number): Promise<InformationView> {
  const [a, content] = await Promise.all([ownArticle(caller, typeId, id), getContent(caller.tenantId, id)]);
  return informationView(a, content);
}

/** The single-record screen's article (loadManageByFunctionId, R527): the function's first article, or none yet. */
export async function manageByFunction(caller: Caller, typeId: number): Promise<{ id: number } | null> {
  const { data } = await Information.query.byType({ tenantId: caller.tenantId, typeId }).go({ limit: 1, attributes: ["id"] });
  return data[0] ? { id: data[0].id } : null;
}

/** The labels used so far, for the label picker (labellist); new labels join with the save that uses them. */
export async function labelList(tenantId: string): Promise<string[]> {
  const { data } = await InformationLabels.get({ tenantId }).go();
  return [...(data?.labels ?? [])].sort((a, b) => a.localeCompare(b, "zh"));
}

/**
 * Saves an article (R518–R524): the type's own fields only, the rich text cleaned by the allow-list
 * sanitiser before it is stored (kernel/richText.ts), the label added to the tenant's labels.
 * Creating moves the function's total in the same transaction.
 */
export async function saveInformation(caller: Caller, typeId: number, input: InformationInput): Promise<InformationView> {
  const { tenantId } = caller;
  const { id: _id, infoPicture, content: raw, ...rest } = input;
  const fields = fieldsForType(input.infoType, rest);
  const content = sanitizeRichText(raw);
  const now = formatDateTime();
  const values = { ...fields, pictures: infoPicture, live: fields.idisplay === 1 ? 1 : 0, updatetime: now };
  const labelWrite = fields.label ? [txUpdate(InformationLabels.update({ tenantId }).add({ labels: [fields.label] }))] : [];
  if (input.id) {
    const old = await ownArticle(caller, typeId, input.id);
    await transact([
      txUpdate(Information.patch({ tenantId, id: old.id }).set({ ...values, typeId: old.typeId, rank: old.rank }), MSG.notFound),
      txPut(InformationText.put({ tenantId, infoId: old.id, content })),
      ...labelWrite,
    ]);
    return informationView({ ...old, ...values }, content);
  }
  const id = await nextId(tenantId, "information");
  const item = { tenantId, id, typeId, ...values, rank: newestFirst(id), addtime: now, adduser: caller.username ?? "" };
  await transact([
    txPut(Information.create(item), "信息编号冲突，请重试"),
    txPut(InformationText.put({ tenantId, infoId: id, content })),
    totalDelta(tenantId, typeTotal(typeId), 1),
    ...labelWrite,
  ]);
  return informationView(item as InformationItem, content);
}

/**
 * Enable/disable (information/passed): flips each article. The write is conditional on the state
 * it read, so two flips at once end in one change and one refusal rather than in a silent undo.
 */
export async function toggleInformation(caller: Caller, typeId: number, ids: number[]): Promise<Array<{ id: number; idisplay: number }>> {
  const { tenantId } = caller;
  const articles = await mapLimit(ids, (id) => ownArticle(caller, typeId, id));
  return mapLimit(articles, async (a) => {
    const idisplay = a.idisplay === 1 ? 0 : 1;
    await transact([
      txUpdate(
        Information.patch({ tenantId, id: a.id })
          // The public keys carry `live`: ElectroDB rebuilds them from every composite, so they are all set.
          .set({ idisplay, live: idisplay, typeId: a.typeId, label: a.label ?? "", sortOrder: a.sortOrder, rank: a.rank, updatetime: formatDateTime() })
          .where((x, op) => op.eq(x.idisplay, a.idisplay)),
        "数据已被修改，请刷新后重试",
      ),
    ]);
    return { id: a.id, idisplay };
  });
}

/** Deletes articles with their rich text; every id is checked first, then each goes with its total. */
export async function deleteInformation(caller: Caller, typeId: number, ids: number[]): Promise<number[]> {
  const { tenantId } = caller;
  // Unknown ids (or another function's articles) are skipped; none left is nothing to delete (R055).
  const articles = (await mapLimit(ids, (id) => getArticle(tenantId, id))).filter((a): a is InformationItem => a !== null && a.typeId === typeId);
  if (!articles.length) throw nothingDeleted();
  for (const a of articles) {
    await transact([
      txDelete(
        Information.delete({ tenantId, id: a.id }).where((x, op) => op.exists(x.id)),
        MSG.notFound,
      ),
      txDelete(InformationText.delete({ tenantId, infoId: a.id })),
      totalDelta(tenantId, typeTotal(a.typeId), -1),
    ]);
  }
  return articles.map((a) => a.id);
}

// ── the public website (no session; the tenant comes from the site's domain) ──

/** Enabled articles of a function, in list order (loadListByFunctionId). Disabled ones are not in this key at all. */
export async function publicList(tenantId: string, typeId: number, p: Paging): Promise<Envelope<never, PublicArticle>> {
  const now = formatDateTime();
  const src: ListSource<InformationItem> = {
    // A news article dated later is scheduled: filtered out until its time (text comparison of Shanghai times).
    params: (order) =>
      Information.query
        .byLive({ tenantId, typeId, live: 1 })
        .where((a, op) => anyOf(op.notExists(a.publishtime), op.eq(a.publishtime, ""), op.lte(a.publishtime, now)))
        .params({ order }),
    parse: (Items) => Information.parse({ Items }).data as InformationItem[],
  };
  return boundedList(src, { ...p, order: "asc" }, { map: (a) => publicArticle(a) });
}

/** One published article (loadViewById / loadViewByFunctionId): a draft, a disabled or a scheduled one is "not found". */
export async function publicView(tenantId: string, id: number, typeId?: number): Promise<PublicArticle> {
  const [a, content] = await Promise.all([getArticle(tenantId, id), getContent(tenantId, id)]);
  if (!a || !isPublished(a, formatDateTime()) || (typeId !== undefined && a.typeId !== typeId)) throw notFound();
  return publicArticle(a, content);
}

/** The single page of a function (loadViewByFunctionId without id): its first published article. */
export async function publicByFunction(tenantId: string, typeId: number, id?: number): Promise<PublicArticle> {
  if (id) return publicView(tenantId, id, typeId);
  const { data } = await Information.query.byLive({ tenantId, typeId, live: 1 }).go({ limit: 5 });
  const first = data.find((a) => isPublished(a, formatDateTime()));
  if (!first) throw notFound();
  return publicArticle(first, await getContent(tenantId, first.id));
}

/** Newest enabled articles with a label (loadListByLabel, the carousel's `lable=hot`). */
export async function publicByLabel(tenantId: string, label: string, limit: number): Promise<PublicArticle[]> {
  const { data } = await Information.query.byLabel({ tenantId, label, live: 1 }).go({ limit: limit + 5 });
  const now = formatDateTime();
  return data
    .filter((a) => isPublished(a, now))
    .slice(0, limit)
    .map((a) => publicArticle(a));
}

/** The article a preview link names (beyond the spec), published or not, in the public shape. */
export async function previewArticle(tenantId: string, id: number): Promise<PublicArticle> {
  const [a, content] = await Promise.all([getArticle(tenantId, id), getContent(tenantId, id)]);
  if (!a) throw notFound();
  return publicArticle(a, content);
}

/** A preview link's token, for an article of the caller's function. */
export async function previewLink(caller: Caller, typeId: number, id: number): Promise<{ token: string; functionId: number; id: number }> {
  const a = await ownArticle(caller, typeId, id);
  return { token: await previewToken(caller.tenantId, a.id), functionId: a.typeId, id: a.id };
}
