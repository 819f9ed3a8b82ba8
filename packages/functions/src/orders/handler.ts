import { areaApp, lambda, type Impls } from "../http/app.ts";
import { routes } from "./routes.ts";
import { orderImpls } from "./ordersImpl.ts";

// Every route is served and every implementation has a route: a typo fails at load, not at call.
for (const key of Object.keys(routes)) if (!orderImpls[key]) throw new Error(`orders area: no implementation for ${key}`);
for (const key of Object.keys(orderImpls)) if (!(key in routes)) throw new Error(`orders area: ${key} has no route`);

export const app = areaApp(routes, orderImpls as Impls<typeof routes>);
export const handler = lambda(app);
