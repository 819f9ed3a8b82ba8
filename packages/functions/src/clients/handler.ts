import { areaApp, lambda, type Impls } from "../http/app.ts";
import { routes } from "./routes.ts";
import { clientImpls } from "./clientsImpl.ts";
import { channelImpls } from "./channelsImpl.ts";
import { clientVoucherImpls } from "./vouchersImpl.ts";

/** Each file's handlers are typed by its own table (routes.ts); areaApp checks every route is served. */
const impls: Impls<typeof routes> = { ...clientImpls, ...channelImpls, ...clientVoucherImpls };

export const app = areaApp(routes, impls);
export const handler = lambda(app);
