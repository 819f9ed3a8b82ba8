import { areaApp, lambda, type Impls } from "../http/app.ts";
import { routes } from "./routes.ts";
import { productImpls } from "./productsImpl.ts";

// Every route is served and every implementation has a route: a typo fails at load, not at call.
for (const key of Object.keys(routes)) if (!(productImpls as Record<string, unknown>)[key]) throw new Error(`products area: no implementation for ${key}`);
for (const key of Object.keys(productImpls)) if (!(key in routes)) throw new Error(`products area: ${key} has no route`);

export const app = areaApp(routes, productImpls as Impls<typeof routes>);
export const handler = lambda(app);
