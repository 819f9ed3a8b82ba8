import { ProductType, type ProductTypeItem } from "./entities.ts";
import type { ProductTypeInput } from "./schemas.ts";
import { nextId } from "../kernel/counters.ts";
import { formatDateTime } from "../kernel/clock.ts";
import { DomainError, notFound, sdkFailure } from "../kernel/errors.ts";
import { mapLimit } from "../kernel/batch.ts";
import { allOf } from "../kernel/filter.ts";

/** Product types (R359–R364): a short list read whole, without paging. */
export const TYPE_IN_USE = "该类型已被使用，不能删除";

export async function listProductTypes(tenantId: string): Promise<ProductTypeItem[]> {
  const { data } = await ProductType.query.byId({ tenantId }).go({ pages: "all" });
  return data;
}

export async function productTypeMap(tenantId: string): Promise<Map<number, ProductTypeItem>> {
  return new Map((await listProductTypes(tenantId)).map((t) => [t.id, t]));
}

export async function getProductType(tenantId: string, id: number): Promise<ProductTypeItem | null> {
  const { data } = await ProductType.get({ tenantId, id }).go();
  return data;
}

/** hasDelete = 1 blocks deletion (R363): the type has products, or is built in. */
export type ProductTypeView = ReturnType<typeof typeView>;
export const typeView = ({ tenantId: _t, productCount, locked, ...t }: ProductTypeItem) => ({
  ...t,
  hasDelete: (productCount ?? 0) > 0 || locked ? 1 : 0,
});

export async function saveProductType(tenantId: string, input: ProductTypeInput): Promise<ProductTypeItem> {
  const fields = {
    typeName: input.typeName,
    contractType: input.contractType,
    productUnit: input.productUnit,
    hasAccount: input.hasAccount,
    hasRci: input.hasRci,
    hasMemberLevel: input.hasMemberLevel,
  };
  if (input.id) {
    if (!(await getProductType(tenantId, input.id))) throw notFound("产品类型");
    const { data } = await ProductType.patch({ tenantId, id: input.id }).set(fields).go({ response: "all_new" });
    return data as ProductTypeItem;
  }
  const id = await nextId(tenantId, "productType");
  const item = { tenantId, id, ...fields, productCount: 0, locked: 0, createTime: formatDateTime() };
  await ProductType.create(item).go();
  return item as ProductTypeItem;
}

/**
 * Deletes types no product uses; the condition holds even against a product saved meanwhile. Every
 * type is checked before any is deleted; answers the ids deleted.
 */
export async function deleteProductTypes(tenantId: string, ids: readonly number[]): Promise<number[]> {
  const found = (await mapLimit(ids, (id) => getProductType(tenantId, id))).filter((t): t is ProductTypeItem => !!t);
  const used = found.find((t) => (t.productCount ?? 0) > 0 || t.locked);
  if (used) throw new DomainError(`${used.typeName}：${TYPE_IN_USE}`, "409");
  for (const t of found) {
    try {
      await ProductType.delete({ tenantId, id: t.id })
        .where((a, { eq }) => allOf(eq(a.productCount, 0), eq(a.locked, 0)))
        .go();
    } catch (e) {
      const f = sdkFailure(e);
      if (f.cause?.name === "ConditionalCheckFailedException" || /conditional/i.test(String(f.message))) throw new DomainError(`${t.typeName}：${TYPE_IN_USE}`, "409");
      throw e;
    }
  }
  return found.map((t) => t.id);
}
