import { areaApp, lambda, type Impls } from "../http/app.ts";
import { routes } from "./routes.ts";
import { reviewImpls } from "./reviewHandler.ts";
import { splitImpls } from "./splitHandler.ts";

/** The finance area: the purchase review (reviewHandler.ts), split bill and profit sharing (splitHandler.ts). */
const impls: Impls<typeof routes> = { ...reviewImpls, ...splitImpls };

export const app = areaApp(routes, impls);
export const handler = lambda(app);
