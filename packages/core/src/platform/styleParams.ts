import type { EntityItem } from "electrodb";
import { StyleParam } from "./entities.ts";
import type { StyleColumn } from "./schemas.ts";
import { nextId } from "../kernel/counters.ts";
import { mapLimit } from "../kernel/batch.ts";
import { DomainError } from "../kernel/errors.ts";

export type StyleRow = { id: number; styleen: string; styleid: string; stylename: string; pseudocode: string; seq: number; displayornot: number };

const toRow = (r: EntityItem<typeof StyleParam>): StyleRow => ({
  id: r.id,
  styleen: r.styleen,
  styleid: r.styleid,
  stylename: r.stylename,
  pseudocode: r.pseudocode ?? "",
  seq: r.seq ?? 99,
  displayornot: r.displayornot ?? 1,
});

export async function styleList(tenantId: string, styleen: string, includeHidden = false): Promise<StyleRow[]> {
  if (!styleen) throw new DomainError("参数类型不能为空", "400");
  const { data } = await StyleParam.query.byList({ tenantId, styleen }).go({ pages: "all" });
  return data
    .map(toRow)
    .filter((r) => includeHidden || r.displayornot === 1)
    .sort((a, b) => a.seq - b.seq || a.id - b.id);
}

/** `df`/`dfKey`: a leading default choice such as 全部 (value dfKey, default ""). */
export async function styleListWithDefault(tenantId: string, styleen: string, df?: string, dfKey?: string) {
  const rows = await styleList(tenantId, styleen);
  return df ? [{ id: 0, styleen, styleid: dfKey ?? "", stylename: df, pseudocode: "", seq: 0, displayornot: 1 }, ...rows] : rows;
}

export async function styleName(tenantId: string, styleen: string, styleid: string, outcolumnName: StyleColumn = "stylename"): Promise<string> {
  const row = (await styleList(tenantId, styleen, true)).find((r) => r.styleid === String(styleid));
  if (!row) return "";
  return String(row[outcolumnName] ?? row.stylename);
}

/** What a value of a list is saved from: style/attrsave's form (schemas.ts StyleAttrInput) or a channel. */
export type StyleAttrFields = { id?: number; styleen: string; styleid: string; stylename: string; pseudocode?: string; seq?: number; displayornot?: number };

/** style/attrsave: add or edit one value of a list; styleid is unique within its list. */
export async function saveStyleAttr(tenantId: string, input: StyleAttrFields): Promise<StyleRow> {
  const rows = await styleList(tenantId, input.styleen, true);
  if (rows.some((r) => r.styleid === input.styleid && r.id !== input.id)) throw new DomainError("参数编码已存在", "409");
  if (input.id) {
    const { data: existing } = await StyleParam.query.byId({ tenantId, id: input.id }).go();
    if (!existing[0]) throw new DomainError("参数不存在或已被删除", "404");
    if (existing[0].styleen !== input.styleen) throw new DomainError("参数类型不能修改", "400");
    const { data } = await StyleParam.patch({ tenantId, styleen: input.styleen, id: input.id })
      .set({ styleid: input.styleid, stylename: input.stylename, pseudocode: input.pseudocode ?? "", seq: input.seq ?? 99, displayornot: input.displayornot ?? 1 })
      .go({ response: "all_new" });
    return toRow(data);
  }
  const id = await nextId(tenantId, "styleParam");
  const item = {
    tenantId,
    id,
    styleen: input.styleen,
    styleid: input.styleid,
    stylename: input.stylename,
    pseudocode: input.pseudocode ?? "",
    seq: input.seq ?? 99,
    displayornot: input.displayornot ?? 1,
  };
  await StyleParam.create(item).go();
  return toRow(item);
}

/** Deletes the named values of the tenant's lists; returns the ids that existed and are gone. */
export async function deleteStyleAttrs(tenantId: string, ids: readonly number[]): Promise<number[]> {
  const done = await mapLimit(ids, async (id) => {
    const { data } = await StyleParam.query.byId({ tenantId, id }).go();
    if (!data[0]) return undefined;
    await StyleParam.delete({ tenantId, styleen: data[0].styleen, id }).go();
    return id;
  });
  return done.filter((id): id is number => id !== undefined);
}
