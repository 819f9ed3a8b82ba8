import { createHashHistory, createRootRouteWithContext, createRoute, createRouter, redirect } from "@tanstack/react-router";
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

/**
 * Routes (hash history, R030): the fixed /login, /homepage and /noRight, and one catch-all that opens
 * any screen path through the registry in screens.ts — so a new screen needs no route here.
 */
export type LoginSearch = { redirect?: string; expired?: string };

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

export const screenRoute = createRoute({
  getParentRoute: () => appRoute,
  path: "$",
  validateSearch: (s: Record<string, unknown>) => s as SearchParams,
  component: ScreenHost,
});

const routeTree = rootRoute.addChildren([loginRoute, registerRoute, forgotRoute, appRoute.addChildren([indexRoute, homeRoute, noRightRoute, screenRoute])]);

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
