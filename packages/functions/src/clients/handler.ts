import { areaApp, lambda, type Impls } from "../http/app.ts";
import { routes } from "./routes.ts";
import { clientImpls } from "./clientsImpl.ts";
import { channelImpls } from "./channelsImpl.ts";

const all = { ...clientImpls, ...channelImpls };
// Every route is served and every implementation has a route: a typo fails at load, not at call.
for (const key of Object.keys(routes)) if (!all[key]) throw new Error(`clients area: no implementation for ${key}`);
for (const key of Object.keys(all)) if (!(key in routes)) throw new Error(`clients area: ${key} has no route`);

const impls = all as Impls<typeof routes>;

export const app = areaApp(routes, impls);
export const handler = lambda(app);
