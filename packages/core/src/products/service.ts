import { Product, ProductType, type ProductItem, type ProductTypeItem } from "./entities.ts";
import type { ProductInput } from "./schemas.ts";
import { checkProductMoney, ALL_PRODUCTS } from "./rules.ts";
import { productTypeMap } from "./types.ts";
import { nextId, tallied, totalDelta, touchTotal, versionedFilter } from "../kernel/counters.ts";
import { listKey } from "../kernel/pageStarts.ts";
import { formatDateTime } from "../kernel/clock.ts";
import { fenToYuan } from "../kernel/money.ts";
import { sanitizeRichText } from "../kernel/richText.ts";
import { DomainError, notFound } from "../kernel/errors.ts";
import { boundedList, countCapped } from "../kernel/list.ts";
import { conditional, REFUSED, transact, txPut, txUpdate, txDelete, type TxItem } from "../kernel/tx.ts";
import type { Caller } from "../kernel/context.ts";
import { inReach, reachPrefixes, shopCondition, wholeTenant } from "../kernel/dataScope.ts";
import type { Paging } from "../kernel/paging.ts";
import type { Envelope } from "../kernel/envelope.ts";
import { mapLimit } from "../kernel/batch.ts";
import { allOf, anyOf } from "../kernel/filter.ts";

/**
 * Products (R348–R358). A product names one shop or "0" for every shop (docs/gaps.md §9); a caller sees
 * general products and those of shops in their departments, and writes only those.
 */
export const GENERAL_SHOP = "0";
const TOTAL = "products";
const typeTotal = (type: number) => `products#type#${type}`;

/** General products serve every store; a store's own product lies in the caller's data scope (products name no owner: "only self" reads as the own departments). */
const visible = (caller: Caller, p: Pick<ProductItem, "shop">) => p.shop === GENERAL_SHOP || inReach(caller, p.shop);
const writable = (caller: Caller, shop: string) => (shop === GENERAL_SHOP ? true : inReach(caller, shop));

export async function getProduct(tenantId: string, id: number): Promise<ProductItem | null> {
  const { data } = await Product.get({ tenantId, id }).go();
  return data;
}

export async function visibleProduct(caller: Caller, id: number): Promise<ProductItem> {
  const p = await getProduct(caller.tenantId, id);
  if (!p || !visible(caller, p)) throw notFound("产品");
  return p;
}

/** A product as the contract shows it: yuan, and its type's name and unit. */
export type ProductView = ReturnType<typeof productView>;
export function productView(p: ProductItem, types: Map<number, ProductTypeItem>) {
  const { tenantId: _t, ...rest } = p;
  const t = types.get(p.productType);
  return {
    ...rest,
    amount: fenToYuan(p.amount),
    groupAmount: fenToYuan(p.groupAmount ?? 0),
    productTypeName: t?.typeName ?? "",
    productUnit: t?.productUnit ?? "",
  };
}

export async function saveProduct(caller: Caller, input: ProductInput): Promise<ProductItem> {
  const { tenantId } = caller;
  checkProductMoney(input);
  if (!writable(caller, input.shop)) throw new DomainError("你没有该部门的操作权限", "403");
  const types = await productTypeMap(tenantId);
  const type = types.get(input.productType);
  if (!type) throw new DomainError("产品类型不能为空", "400");
  const { id: _id, picJson, ...fields } = input;
  // Stored as the wire shows it: a JSON list of picture URLs.
  // The introduction is rich text, rendered by the member pages: cleaned before it is stored (kernel/richText.ts).
  const values = { ...fields, content: sanitizeRichText(fields.content), picJson: JSON.stringify(picJson), contractType: input.contractType || type.contractType };
  const typeCount = (id: number, d: number, msg?: string): TxItem => txUpdate(ProductType.patch({ tenantId, id }).add({ productCount: d }), msg);

  if (input.id) {
    const before = await visibleProduct(caller, input.id);
    if (!writable(caller, before.shop)) throw new DomainError("你没有该部门的操作权限", "403");
    const after = { ...before, ...values } as ProductItem;
    const moved = before.productType !== after.productType;
    await transact([
      txPut(Product.put(after)),
      // A new name or store can move the product in or out of a filtered list: its version moves.
      touchTotal(tenantId, TOTAL),
      ...(moved
        ? [
            typeCount(before.productType, -1),
            typeCount(after.productType, 1, "产品类型不能为空"),
            totalDelta(tenantId, typeTotal(before.productType), -1),
            totalDelta(tenantId, typeTotal(after.productType), 1),
          ]
        : []),
    ]);
    return after;
  }
  const id = await nextId(tenantId, "product");
  const item = { tenantId, id, ...values, createTime: formatDateTime() } as ProductItem;
  await transact([
    txPut(Product.create(item), "产品编号冲突，请重试"),
    // The type must still exist, and now counts one more product (so it cannot be deleted).
    typeCount(item.productType, 1, "产品类型不能为空"),
    totalDelta(tenantId, TOTAL, 1),
    totalDelta(tenantId, typeTotal(item.productType), 1),
  ]);
  return item;
}

/** Deletes products; every one is checked before any is deleted. Answers the ids deleted. */
export async function deleteProducts(caller: Caller, ids: readonly number[]): Promise<number[]> {
  const { tenantId } = caller;
  const found = (await mapLimit(ids, (id) => getProduct(tenantId, id))).filter((p): p is ProductItem => !!p);
  if (found.some((p) => !writable(caller, p.shop))) throw new DomainError("你没有该部门的操作权限", "403");
  // One at a time: every delete moves the same totals.
  for (const p of found) {
    await transact([
      txDelete(
        Product.delete({ tenantId, id: p.id }).where((a, { exists }) => exists(a.id)),
        "产品不存在或已被删除",
      ),
      txUpdate(ProductType.patch({ tenantId, id: p.productType }).add({ productCount: -1 })),
      totalDelta(tenantId, TOTAL, -1),
      totalDelta(tenantId, typeTotal(p.productType), -1),
    ]);
  }
  return found.map((p) => p.id);
}

/** Enable / disable (R348, P): to `idisplay` when given, else each product flips. Answers the ids switched. */
export async function setProductsEnabled(caller: Caller, ids: readonly number[], idisplay?: 0 | 1): Promise<number[]> {
  const { tenantId } = caller;
  const found = (await mapLimit(ids, (id) => getProduct(tenantId, id))).filter((p): p is ProductItem => !!p && writable(caller, p.shop));
  // A product deleted since the read is not switched (patch refuses a missing item).
  const switched = await mapLimit(found, async (p) =>
    (await conditional(
      Product.patch({ tenantId, id: p.id })
        .set({ idisplay: idisplay ?? (p.idisplay === 1 ? 0 : 1) })
        .go(),
    )) === REFUSED
      ? null
      : p.id,
  );
  return switched.filter((id): id is number => id !== null);
}

export type ProductFilter = { productType?: number; keyword?: string };

/**
 * The product list: by type on its own index, newest first; keyword matches the name. Unfiltered,
 * the kept totals answer; a keyword or a department filter counts its matches, capped
 * (kernel/list.ts boundedList), and deep pages stop at the depth bound.
 */
export async function listProducts(caller: Caller, p: Paging, f: ProductFilter): Promise<Envelope<never, ProductView>> {
  const { tenantId } = caller;
  const type = f.productType && f.productType !== ALL_PRODUCTS ? f.productType : undefined;
  const prefixes = reachPrefixes(caller);
  const whole = wholeTenant(prefixes);
  const keyword = (f.keyword ?? p.keyword).trim();
  const params = (order: "asc" | "desc") => {
    const q = type ? Product.query.byType({ tenantId, productType: type }) : Product.query.byId({ tenantId });
    const filtered = q.where((a, op) => allOf(keyword && op.contains(a.productName, keyword), !whole && anyOf(op.eq(a.shop, GENERAL_SHOP), shopCondition(op, a.shop, prefixes))));
    return filtered.params({ order });
  };
  // Deep pages and the capped count are remembered under the products' total (every product write moves it).
  const order = p.order === "asc" ? "asc" : "desc";
  const filter = listKey("products", tenantId, type ?? "", keyword, prefixes.join(","), order);
  const kept = keyword || !whole ? versionedFilter(tenantId, TOTAL, filter, () => countCapped(params(order))) : tallied(tenantId, type ? typeTotal(type) : TOTAL);
  const types = await productTypeMap(tenantId);
  return boundedList({ params, parse: (Items) => Product.parse({ Items }).data as ProductItem[] }, p, { ...kept, map: (row) => productView(row, types) });
}

/** hotel/product/alllist: every enabled product of a type (or all), for pickers. */
export async function allProducts(caller: Caller, productType?: number): Promise<ProductView[]> {
  const { tenantId } = caller;
  const type = productType && productType !== ALL_PRODUCTS ? productType : undefined;
  const q = type ? Product.query.byType({ tenantId, productType: type }) : Product.query.byId({ tenantId });
  const { data } = await q.where((a, { eq }) => eq(a.idisplay, 1)).go({ pages: "all", order: "desc" });
  const types = await productTypeMap(tenantId);
  return data.filter((x) => visible(caller, x)).map((x) => productView(x, types));
}
