import { areaApp, lambda, type Impls } from "../http/app.ts";
import { admitPublicRead } from "@xiangyu/core/auth/addressLimit";
import { miniProgramQr, siteHotel, siteHotels, SITE_HOTEL_GONE } from "@xiangyu/core/content/siteHotels";
import { routes } from "./routes.ts";
import { sitePage } from "../content/siteRequest.ts";
import { missingPage, pageResponse } from "../content/sitePage.ts";
import { hotelPage, hotelsPage } from "../content/siteHotels.ts";

/** The hotel directory: shown hotels of a type (or all), of a city (or all); a city without one is the 404 page. */
const directory = sitePage(async (s, ctx) => {
  const type = ctx.input.type ?? 0;
  const city = ctx.input.city ?? "";
  const hotels = await siteHotels(s.portal, type);
  if (city && !hotels.some((h) => h.city === city)) return pageResponse(missingPage(s, "该城市暂无酒店"), { status: 404 });
  return pageResponse(hotelsPage(s, hotels, type, city), { ifNoneMatch: ctx.header("if-none-match") });
});

/** A hotel's page; one not shown (or gone) is the 404 page. */
const view = sitePage(async (s, ctx) => {
  if (!ctx.input.id) return pageResponse(missingPage(s, SITE_HOTEL_GONE), { status: 404 });
  const [hotel, qr] = await Promise.all([siteHotel(s.portal, ctx.input.id), miniProgramQr(s.portal)]);
  return pageResponse(hotelPage(s, hotel, qr), { ifNoneMatch: ctx.header("if-none-match") });
});

const impls: Impls<typeof routes> = {
  "GET /site/hotels/list": directory,
  "GET /site/hotels/view": view,
};

export const app = areaApp(routes, impls, { publicReads: admitPublicRead });
export const handler = lambda(app);
