import { createHashHistory, createRootRouteWithContext, createRoute, createRouter, lazyRouteComponent, redirect } from "@tanstack/react-router";
import * as v from "valibot";
import type { QueryClient } from "@tanstack/react-query";
import { session } from "../lib/api.ts";
import { parseSearch, stringifySearch, type SearchParams } from "./search.ts";
import { HOME } from "./redirect.ts";
import { tenantQuery } from "./tenant.ts";
import { Root } from "./Root.tsx";
import { LoginPage } from "./login/LoginPage.tsx";
import { PendingAccountFlow } from "./login/PendingAccountFlow.tsx";
import { AppLayout } from "./layout/AppLayout.tsx";
import { HomePage } from "./pages/HomePage.tsx";
import { NoRightPage } from "./pages/NoRightPage.tsx";
import { ScreenHost } from "./screen/ScreenHost.tsx";
import { SCREEN_SEARCH, SCREENS, type SearchSchema } from "./screens.ts";

/**
 * Routes (hash history, R030): the fixed /login, /homepage and /noRight, and one catch-all that opens
 * any screen path through the registry in screens.ts — so a new screen needs no route here.
 */
type LoginSearch = { redirect?: string; expired?: string };

const rootRoute = createRootRouteWithContext<{ queryClient: QueryClient }>()({ component: Root });

const loginRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "login",
  validateSearch: (s: Record<string, unknown>): LoginSearch => ({
    redirect: typeof s.redirect === "string" ? s.redirect : undefined,
    expired: typeof s.expired === "string" ? s.expired : undefined,
  }),
  component: LoginPage,
});

const registerRoute = createRoute({ getParentRoute: () => rootRoute, path: "register", component: () => <PendingAccountFlow title="注册账号" /> });
const forgotRoute = createRoute({ getParentRoute: () => rootRoute, path: "forgot", component: () => <PendingAccountFlow title="忘记密码" /> });
/** The official-account binding's landing page (docs/gaps.md: /weixinauth): opened in WeChat on a phone, without a session. */
const weixinAuthRoute = createRoute({ getParentRoute: () => rootRoute, path: "weixinauth", component: lazyRouteComponent(() => import("../areas/platform/oa/OaLanding.tsx")) });
/** The API reference for developers (docs/api.md, "The OpenAPI document"): public like the document it reads; RapiDoc in a chunk of its own. */
const apiDocsRoute = createRoute({ getParentRoute: () => rootRoute, path: "api-docs", component: lazyRouteComponent(() => import("./pages/ApiReferencePage.tsx")) });

/** Everything below needs a session; without a token the user logs in and comes back here. */
const appRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: "app",
  beforeLoad: async ({ location, context }) => {
    if (!session.token) throw redirect({ to: "/login", search: { redirect: location.href } });
    // The tenant first: every signed-in request then names it (appId), so a token of another tenant opens nothing here.
    // Without it (an unknown domain) the login page says why.
    const known = await context.queryClient.ensureQueryData(tenantQuery).then(
      () => true,
      () => false,
    );
    if (!known) throw redirect({ to: "/login", search: { redirect: location.href } });
  },
  component: AppLayout,
});

const indexRoute = createRoute({
  getParentRoute: () => appRoute,
  path: "/",
  beforeLoad: () => {
    throw redirect({ to: HOME });
  },
});

const homeRoute = createRoute({ getParentRoute: () => appRoute, path: "homepage", component: HomePage });
const noRightRoute = createRoute({ getParentRoute: () => appRoute, path: "noRight", component: NoRightPage });

/**
 * A screen's address through its schema: invalid list values read as absent (the list's defaults).
 * A valid address is answered as the very object it came as, so what depends on it does not rerun.
 */
const searchOf = (schema: SearchSchema) => (s: Record<string, unknown>) => {
  const out = v.parse(schema, s) as Record<string, unknown>;
  const same = Object.keys(out).length === Object.keys(s).length && Object.entries(out).every(([k, x]) => s[k] === x);
  return (same ? s : out) as SearchParams;
};

/** Search values as the address writes them: empty ones are not written (search.ts stringifySearch). */
const written = (s: Record<string, unknown>) => Object.entries(s).filter(([, x]) => x !== undefined && x !== null && x !== "");
const sameSearch = (a: Record<string, unknown>, b: Record<string, unknown>) => {
  const wa = written(a);
  return wa.length === written(b).length && wa.every(([k, x]) => String(b[k]) === String(x));
};

/**
 * A corrected address replaces the one typed or linked (history replace), so what the user sees,
 * copies or bookmarks is what the screen shows, and later table changes start from valid values.
 */
const correctAddress = ({ search, location }: { search: Record<string, unknown>; location: { pathname: string; search: Record<string, unknown> } }) => {
  if (!sameSearch(search, location.search)) throw redirect({ to: location.pathname as "/$", search: Object.fromEntries(written(search)) as never, replace: true });
};

const screenRoute = createRoute({
  getParentRoute: () => appRoute,
  path: "$",
  validateSearch: searchOf(SCREEN_SEARCH),
  beforeLoad: correctAddress,
  component: ScreenHost,
});

/**
 * A registered screen's own route (a fixed path ranks before the catch-all), so its address is
 * validated with the registry's schema for it: a bad page or size (?page=abc&size=99999) reaches
 * the screen as absent, its list's default. Links name the concrete path (menu.ts screenTo), so
 * they build through this route too; the catch-all keeps the generic list schema.
 */
const registeredScreens = Object.entries(SCREENS).map(([path, entry]) =>
  createRoute({
    getParentRoute: () => appRoute,
    path: path.slice(1),
    validateSearch: searchOf(entry.search),
    beforeLoad: correctAddress,
    component: () => <ScreenHost path={path} />,
  }),
);

const routeTree = rootRoute.addChildren([
  loginRoute,
  registerRoute,
  forgotRoute,
  weixinAuthRoute,
  apiDocsRoute,
  appRoute.addChildren([indexRoute, homeRoute, noRightRoute, ...registeredScreens, screenRoute]),
]);

export function createAppRouter(queryClient: QueryClient) {
  return createRouter({
    routeTree,
    history: createHashHistory(),
    context: { queryClient },
    parseSearch,
    stringifySearch,
    defaultPreload: false,
    scrollRestoration: true,
  });
}

declare module "@tanstack/react-router" {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
