import { useQuery } from "@tanstack/react-query";
import { memberScreenOf } from "@xiangyu/core/pages/links";
import { unwrap } from "../lib/query.ts";
import type { AnyComponent } from "../designedPage/document.ts";
import type { Item, Live } from "../designedPage/live.tsx";
import { memberApi } from "./memberApi.ts";

/**
 * The member H5's side of a designed page (designedPage/live.tsx): a stored link opens the screen
 * core's link table names for it (pages/links.ts), and a list whose `api` names a route the H5
 * can read shows that route's items. An address the H5 cannot read leaves the component's own items.
 */
const hrefOf = (url: unknown): string | null => {
  const to = memberScreenOf(typeof url === "string" ? url : undefined);
  return to.kind === "screen" ? `#${to.screen}` : to.kind === "external" ? to.href : null;
};

const INFO_LIST = "/gateway/api/information/loadListByFunctionId";
const GOODS_LIST = "/goods/api/mp/list";
const pageSizeOf = (c: AnyComponent) => Math.min(20, Math.max(1, Number(c.pageSize) || 5));

/** An information list's column (its `api`'s functionId), or 0 when the component names none. */
function columnOf(c: AnyComponent): number {
  if (c.kind !== "Information" || typeof c.api !== "string") return 0;
  const [path, query = ""] = c.api.split("?", 2);
  return path === INFO_LIST ? Number(new URLSearchParams(query).get("functionId")) || 0 : 0;
}

/** A goods list reading the member catalogue (its `api` the route's path; a category as `categoryId`). */
function categoryOf(c: AnyComponent): number | undefined {
  if (c.kind !== "GoodsList" || typeof c.api !== "string") return undefined;
  const [path, query = ""] = c.api.split("?", 2);
  return path === GOODS_LIST ? Number(new URLSearchParams(query).get("categoryId")) || 0 : undefined;
}

function useApiItems(c: AnyComponent): Item[] | undefined {
  const functionId = columnOf(c);
  const categoryId = categoryOf(c);
  const goods = useQuery({
    queryKey: [`GET ${GOODS_LIST}`, categoryId, pageSizeOf(c)],
    enabled: categoryId !== undefined,
    queryFn: () => unwrap(memberApi.call(`GET ${GOODS_LIST}`, { categoryId: categoryId || "", keyword: "", currentPage: 1, pageSize: pageSizeOf(c) }), "list"),
  });
  const info = useQuery({
    queryKey: [INFO_LIST, functionId, pageSizeOf(c)],
    enabled: functionId > 0,
    queryFn: () => unwrap(memberApi.call(`GET ${INFO_LIST}`, { functionId, currentPage: 1, pageSize: pageSizeOf(c), domain: location.host }), "list"),
  });
  if (categoryId !== undefined)
    return (goods.data?.dataList ?? []).map((g) => ({
      goodsName: g.goodsName,
      price: g.price < 0 ? "面议" : g.price,
      pictureTitle: g.pictureTitle,
      url: `/pages/goods/detail?id=${g.id}`,
    }));
  if (functionId > 0)
    return (info.data?.dataList ?? []).map((a) => ({
      title: a.infoTitle,
      from: a.fromIn,
      time: a.publishtime.slice(0, 10),
      type: "auto",
      images: a.infoPicture ? a.infoPicture.split(",").map((url) => ({ url })) : [],
      url: `/pages/article/detail?id=${a.id}`,
    }));
  return undefined;
}

export const MEMBER_LIVE: Live = { hrefOf, useApiItems, preview: false };
