import { Goods, GoodsOrder, GoodsSpec, type GoodsItem, type GoodsOrderItem, type GoodsSpecItem } from "./entities.ts";
import { GOODS_MSG, MAX_SPECS } from "./schemas.ts";
import { ORDER_MSG, goodsOrderView, type GoodsMember, type GoodsOrderView } from "./orders.ts";
import { OrgNode } from "../org/entities.ts";
import { formatDateTime } from "../kernel/clock.ts";
import { fenToYuan } from "../kernel/money.ts";
import { readJson } from "../kernel/json.ts";
import { DomainError } from "../kernel/errors.ts";
import { allOf } from "../kernel/filter.ts";
import { boundedList } from "../kernel/list.ts";
import { okList, type Envelope } from "../kernel/envelope.ts";
import { pageParams, type Paging } from "../kernel/paging.ts";

/**
 * The mini-program's goods (issue 34): the catalogue of goods on shelf, one goods with the specs a
 * member may order, and the member's own orders. Reads only: ordering is orders.ts. Kept apart from
 * catalogue.ts (the staff's saves with their picture checks) so the goods-orders Lambda that answers
 * members does not carry those. Bounded Queries of one partition each (kernel/list.ts).
 */
/** catalogue.ts GOODS_CLASS_TREE: the goods classes are an organisation tree of this type (not imported: see above). */
const GOODS_CLASS_TREE = "goodsclass";

export type MemberGoodsRow = {
  id: number;
  goodsType: string;
  goodsName: string;
  goodsClass: string;
  goodsClassName: string;
  pictureTitle: string;
  /** Yuan; below 0: unquoted (R404). */
  price: number;
  address: string;
};

export type MemberGoodsSpec = {
  id: number;
  specName: string;
  startTime: string;
  endTime: string;
  imageUrl: string;
  specUnit: string;
  marketPrice: number;
  price: number;
  /** Units left to order (0: sold out). */
  left: number;
};

export type MemberGoodsView = MemberGoodsRow & {
  atlas: string[];
  province: number;
  city: number;
  area: number;
  lat: string;
  lng: string;
  serviceGuarantee: string;
  content: string;
  /** The specs open to orders: shown, and for an appointment a slot not yet over. */
  specList: MemberGoodsSpec[];
};

const goodsRow = (g: GoodsItem): MemberGoodsRow => ({
  id: g.id,
  goodsType: g.goodsType,
  goodsName: g.goodsName,
  goodsClass: g.goodsClass,
  goodsClassName: g.goodsClassName ?? "",
  pictureTitle: g.pictureTitle ?? "",
  price: fenToYuan(g.price ?? 0),
  address: g.address ?? "",
});

const specRow = (s: GoodsSpecItem): MemberGoodsSpec => ({
  id: s.id,
  specName: s.specName ?? "",
  startTime: s.startTime ?? "",
  endTime: s.endTime ?? "",
  imageUrl: s.imageUrl ?? "",
  specUnit: s.specUnit ?? "",
  marketPrice: fenToYuan(s.marketPrice ?? 0),
  price: fenToYuan(s.price ?? 0),
  left: Math.max(0, s.left ?? 0),
});

/** The code of a goods class named by its node id; null when the id names no goods class of the tenant. */
async function classCode(tenantId: string, categoryId: number): Promise<string | null> {
  const { data } = await OrgNode.get({ tenantId, id: categoryId }).go();
  return data && data.orgType === GOODS_CLASS_TREE ? data.orgCode : null;
}

/**
 * `GET /goods/api/mp/list`: goods on shelf by sort order (R403), a class (`categoryId`, the goods
 * class node's id: it and its sub-classes) and a keyword (in the name) narrowing them.
 */
export async function memberGoodsList(tenantId: string, p: Paging, f: { categoryId?: number }): Promise<Envelope<never, MemberGoodsRow>> {
  const keyword = p.keyword.trim();
  const cls = f.categoryId ? await classCode(tenantId, f.categoryId) : "";
  if (cls === null) return okList([], pageParams(p, 0));
  const params = () =>
    Goods.query
      .bySort({ tenantId })
      .where((a, op) => allOf(op.eq(a.status, 1), keyword && op.contains(a.goodsName, keyword), cls && op.begins(a.goodsClass, cls)))
      .params({ order: "asc" });
  return boundedList({ params, parse: (Items) => Goods.parse({ Items }).data as GoodsItem[] }, p, { map: goodsRow });
}

/** `GET /goods/api/mp/view`: goods on shelf with the specs it may be ordered in (slots by start time). */
export async function memberGoodsView(tenantId: string, id: number): Promise<MemberGoodsView> {
  const [{ data: g }, specs] = await Promise.all([Goods.get({ tenantId, id }).go(), GoodsSpec.query.byGoods({ tenantId, goodsId: id }).go({ limit: MAX_SPECS })]);
  if (!g) throw new DomainError(GOODS_MSG.notFound, "404");
  if (g.status !== 1) throw new DomainError(ORDER_MSG.offShelf, "409");
  const now = formatDateTime();
  const open = specs.data
    .filter((s) => s.idisplay === 1 && !(g.goodsType === "appointment" && s.endTime && s.endTime <= now))
    .sort((a, b) => (a.startTime ?? "").localeCompare(b.startTime ?? "") || a.id - b.id);
  return {
    ...goodsRow(g),
    atlas: readJson<unknown[]>(g.atlas, []).map(String),
    province: g.province ?? 0,
    city: g.city ?? 0,
    area: g.area ?? 0,
    lat: g.lat ?? "",
    lng: g.lng ?? "",
    serviceGuarantee: g.serviceGuarantee ?? "",
    content: g.content ?? "",
    specList: open.map(specRow),
  };
}

/** `GET /goods/api/mp/order/list`: the member's own orders, newest first, of one status when asked. */
export async function memberGoodsOrders(m: GoodsMember, p: Paging, status?: number): Promise<Envelope<never, GoodsOrderView>> {
  const { tenantId, mobileUserId } = m;
  const params = (order: "asc" | "desc") =>
    GoodsOrder.query
      .byMember({ tenantId, mobileUserId })
      .where((a, op) => allOf(status !== undefined && op.eq(a.status, status)))
      .params({ order });
  return boundedList({ params, parse: (Items) => GoodsOrder.parse({ Items }).data as GoodsOrderItem[] }, { ...p, order: "desc" }, { map: goodsOrderView });
}
