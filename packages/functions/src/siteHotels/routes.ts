import { publicRoute, response, type RouteTable } from "../http/define.ts";
import { SiteHotelQuery, SiteHotelsQuery } from "@xiangyu/core/content/schemas";

/**
 * The hotels on the website (issue 35, docs/content.md "The hotels on the website"): the hotel
 * directory and a page per hotel, rendered as HTML like the content area's pages and cached like
 * them (60 s, stale 5 min, ETag, 304; the per-address limit applies). A second Lambda of the
 * website's pages: the content area's bundle would have gone over its 300 kB budget (docs/decisions.md
 * "A module may be served by two Lambdas"); the addresses (sitePaths.ts) and core's folder stay the content area's.
 */
const PUBLIC_CACHE = { maxAge: 60, swr: 300 };

export const routes = {
  "GET /site/hotels/list": publicRoute({ input: SiteHotelsQuery, reply: response(), cache: PUBLIC_CACHE }),
  "GET /site/hotels/view": publicRoute({ input: SiteHotelQuery, reply: response(), cache: PUBLIC_CACHE }),
} satisfies RouteTable;
