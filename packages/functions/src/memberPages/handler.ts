import { areaApp, lambda, type Impls, type RouteContext } from "../http/app.ts";
import { routes } from "./routes.ts";
import { admitPublicRead } from "@xiangyu/core/auth/addressLimit";
import { authenticateMember } from "@xiangyu/core/auth/memberAuth";
import { renderPage } from "@xiangyu/core/pages/read";
import { listFormEntries, submitForm } from "@xiangyu/core/pages/forms/service";
import { FORM_MSG } from "@xiangyu/core/pages/forms/rules";
import { tenantOfSite } from "@xiangyu/core/website/config";
import { ok } from "@xiangyu/core/kernel/envelope";

/** The mini-program's tenant: the `domain` it names, else the request's host (as the website's routes). */
const siteTenant = (ctx: RouteContext<{ domain: string }>) => tenantOfSite(ctx.input.domain || ctx.header("x-forwarded-host") || ctx.header("host") || "");

/** Designed pages as members reach them (routes.ts): wiring only. */
const impls: Impls<typeof routes> = {
  "GET /gateway/api/custompage/render": async (ctx) => ok(await renderPage(await siteTenant(ctx), ctx.input.code)),
  "POST /xiangyu/api/mp/form/submit": async ({ member, input }) => ok(await submitForm(member, input), FORM_MSG.sent),
  "GET /gateway/api/manage/custompage/formentries": async ({ caller, input }) => listFormEntries(caller.tenantId, input.pageId, input.paging),
};

export const app = areaApp(routes, impls, { publicReads: admitPublicRead, members: authenticateMember });
export const handler = lambda(app);
